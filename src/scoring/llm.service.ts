import { createHash } from 'node:crypto';
import { Compile } from 'typebox/compile';
import type { LlmConfig } from '../config/index.ts';
import type { Queryable } from '../db/client.ts';
import { withoutNul, withoutNulDeep } from '../domain/nul-text.ts';
import { profileContentKey } from '../domain/scoring/profile.ts';
import { MAX_REPLY_WORDS } from '../domain/scoring/reply.ts';
import {
  draftReply,
  type LeadScore,
  productName,
  type ScoringItem,
  type ScoringProfile,
} from '../domain/scoring.ts';
import { createLimiter } from '../limiter.ts';
import { BodyTooLargeError, CHAT_RESPONSE_MAX_BYTES, readCapped } from '../upstream/read-capped.ts';
import type { UpstreamCall } from '../upstream/source.ts';
import { createLlmCacheRepo } from './llm.repo.ts';
import {
  LlmLeadAnswer,
  LlmReplyAnswer,
  PROMPT_VERSION,
  replyMessages,
  scoreMessages,
} from './llm.schemas.ts';

export const LLM_API = 'llm.chat';

/** The outcome of a refinement: the score to store, the model call to record (if one was made), any error. */
export interface Refined {
  score: LeadScore;
  /** The model call, reported like an upstream call; absent when the local score or the cache answered. */
  call?: UpstreamCall;
  /** Why the local score was kept although the item passed the pre-score (time-out, HTTP error, bad answer). */
  error?: string;
  cached?: boolean;
}

export interface Drafted {
  reply: string;
  call?: UpstreamCall;
  error?: string;
  cached?: boolean;
}

export interface LlmScorerDeps {
  db: Queryable;
  config: LlmConfig;
  fetch?: typeof fetch;
}

const checkLead = Compile(LlmLeadAnswer);
const checkReply = Compile(LlmReplyAnswer);

class LlmError extends Error {
  constructor(message: string) {
    super(withoutNul(message));
  }
}

/** The answer text as JSON, allowing the ```json fences some local models add. */
function parseJson(content: string): unknown {
  const text = content
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  try {
    return withoutNulDeep(JSON.parse(text));
  } catch {
    throw new LlmError(`answer is not valid JSON: ${JSON.stringify(content.slice(0, 80))}`);
  }
}

/** Hash of everything that changes the model's answer for one item: profile fields, model and prompt. */
export function profileHash(profile: ScoringProfile, model: string): string {
  return createHash('sha256')
    .update(`${PROMPT_VERSION}\n${model}\n${profileContentKey(profile)}`)
    .digest('hex')
    .slice(0, 32);
}

const words = (s: string) => s.split(/\s+/).filter(Boolean).length;

/**
 * The optional second phase of scoring: items whose local score passes the pre-score are judged by an
 * OpenAI-compatible chat model; answers are cached per item and profile; any failure keeps the local score.
 */
export function createLlmScorer(deps: LlmScorerDeps) {
  const { config } = deps;
  const doFetch = deps.fetch ?? fetch;
  const cache = createLlmCacheRepo(deps.db);
  const limit = createLimiter(config.concurrency);

  /** One chat completion; returns the parsed JSON answer and the call record, or throws LlmError with the call. */
  async function chat(
    messages: { role: string; content: string }[],
    schemaName: string,
    schema: object,
  ): Promise<{ answer: unknown; call: UpstreamCall }> {
    return limit(async () => {
      let costUsd = 0;
      try {
        const res = await doFetch(`${config.baseUrl}/chat/completions`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
          },
          body: JSON.stringify({
            model: config.model,
            messages,
            temperature: 0,
            response_format: { type: 'json_schema', json_schema: { name: schemaName, strict: true, schema } },
          }),
          signal: AbortSignal.timeout(config.timeoutMs),
          redirect: 'error',
        });
        const text = await readCapped(res, CHAT_RESPONSE_MAX_BYTES);
        if (!res.ok) throw new LlmError(`HTTP ${res.status}${text ? `: ${text.slice(0, 120)}` : ''}`);
        let body: {
          choices?: { message?: { content?: unknown } }[];
          usage?: { prompt_tokens?: number; completion_tokens?: number };
        };
        try {
          body = JSON.parse(text);
        } catch {
          throw new LlmError('response is not JSON');
        }
        const usage = body.usage ?? {};
        costUsd =
          ((usage.prompt_tokens ?? 0) * config.usdPerMTokIn +
            (usage.completion_tokens ?? 0) * config.usdPerMTokOut) /
          1e6;
        const content = body.choices?.[0]?.message?.content;
        if (typeof content !== 'string') throw new LlmError('response has no message content');
        return { answer: parseJson(content), call: { api: LLM_API, costUsd, ok: true } };
      } catch (err) {
        const e = err as Error;
        const message =
          e.name === 'TimeoutError'
            ? `timed out after ${config.timeoutMs} ms`
            : e instanceof LlmError || e instanceof BodyTooLargeError
              ? e.message
              : `request failed: ${e.message}`;
        throw Object.assign(new LlmError(`${LLM_API}: ${message}`), {
          call: { api: LLM_API, costUsd, ok: false, error: message } satisfies UpstreamCall,
        });
      }
    });
  }

  const failed = (err: unknown) => {
    const e = err as LlmError & { call?: UpstreamCall };
    return { error: e.message, call: e.call };
  };

  return {
    preScore: config.preScore,

    async refine(
      item: ScoringItem,
      profile: ScoringProfile,
      local: LeadScore,
      itemKey: string,
    ): Promise<Refined> {
      if (local.score < config.preScore) return { score: local };
      const hash = profileHash(profile, config.model);
      const merge = (a: LlmLeadAnswer): LeadScore => ({
        score: a.sellerSide ? Math.min(a.score, 9) : a.score,
        stage: a.sellerSide ? null : a.stage,
        reason: a.reason.replace(/\s+/g, ' ').trim(),
        sellerSide: a.sellerSide,
        matchedPhrase: local.matchedPhrase,
      });
      const hit = await cache.get(itemKey, hash, 'score');
      if (hit !== undefined && checkLead.Check(hit)) return { score: merge(hit), cached: true };
      try {
        const { answer, call } = await chat(scoreMessages(item, profile), 'lead_score', LlmLeadAnswer);
        if (!checkLead.Check(answer)) {
          const why = [...checkLead.Errors(answer)]
            .map((e) => `${e.instancePath || '/'} ${e.message}`)
            .slice(0, 3);
          const error = `answer does not match the schema (${why.join('; ')})`;
          return { score: local, call: { ...call, ok: false, error }, error: `${LLM_API}: ${error}` };
        }
        await cache.put(itemKey, hash, 'score', answer);
        return { score: merge(answer), call };
      } catch (err) {
        return { score: local, ...failed(err) };
      }
    },

    /** The model's reply draft; the deterministic draft when the model fails or breaks the draft rules. */
    async draftReply(
      item: ScoringItem,
      profile: ScoringProfile,
      lead: LeadScore,
      itemKey: string,
    ): Promise<Drafted> {
      const fallback = draftReply(item, profile, lead);
      // Replies are cached per tone too, and apart from scores (their rules changed with ADR 0121, scores' did not).
      const hash = profileHash(profile, `${config.model}\nreply:${profile.replyTone ?? 'plain'}`);
      const hit = await cache.get(itemKey, hash, 'reply');
      if (hit !== undefined && checkReply.Check(hit)) {
        const signature = profile.replySignature?.trim();
        return { reply: signature ? `${hit.reply}\n${signature}` : hit.reply, cached: true };
      }
      try {
        const { answer, call } = await chat(replyMessages(item, profile, lead), 'lead_reply', LlmReplyAnswer);
        if (!checkReply.Check(answer)) {
          const error = 'reply answer does not match the schema';
          return { reply: fallback, call: { ...call, ok: false, error }, error: `${LLM_API}: ${error}` };
        }
        const reply = answer.reply.trim();
        const name = productName(profile);
        const atMostOnce = (x: string) => reply.split(x).length <= 2;
        if (
          words(reply) > MAX_REPLY_WORDS ||
          !atMostOnce(name) ||
          (profile.url && !atMostOnce(profile.url))
        ) {
          return {
            reply: fallback,
            call,
            error: `${LLM_API}: reply broke the draft rules (length, or the product and its url named more than once)`,
          };
        }
        await cache.put(itemKey, hash, 'reply', { reply });
        // The signature is the project's own line, added here as the local drafter adds it (ADR 0121).
        const signature = profile.replySignature?.trim();
        return { reply: signature ? `${reply}\n${signature}` : reply, call };
      } catch (err) {
        return { reply: fallback, ...failed(err) };
      }
    },
  };
}
export type LlmScorer = ReturnType<typeof createLlmScorer>;
