import type { Clock } from '../clock.ts';
import type { AiEngineConfig } from '../config/index.ts';
import type { Db } from '../db/client.ts';
import { type AnswerReading, readAnswer } from '../domain/ai-answer.ts';
import { withoutNul } from '../domain/nul-text.ts';
import { createLimiter } from '../limiter.ts';
import type {
  EngineAnswer,
  SavedQuestion,
  VisibilityCheck,
  VisibilityPoint,
} from './ai-visibility.schemas.ts';
import { chatCompletion } from './openai-client.ts';

export const NOT_CONFIGURED =
  'No AI engines are configured on this instance, so AI visibility cannot be checked. ' +
  'Set AI_ENGINES (or AI_ENGINES_FILE) to a JSON array of {"name","baseUrl","model","apiKey"?,"samples"?}.';

const ANSWER_CHARS = 4000;
/** Samples of one engine asked at once, across all checks: with the 2 MB answer cap, memory stays bounded. */
export const ENGINE_CALLS_IN_FLIGHT = 3;
const DAY_MS = 86_400_000;

export class AiNotConfiguredError extends Error {}

interface Sample {
  text: string;
  reading: AnswerReading;
}

/** Asks every configured engine, reads the answers, stores them per project and question, records usage. */
export function createAiVisibilityService(deps: {
  db: Db;
  clock: Clock;
  engines: AiEngineConfig[];
  fetch?: typeof fetch;
}) {
  const { db, engines } = deps;
  const limits = new Map(engines.map((e) => [e.name, createLimiter(ENGINE_CALLS_IN_FLIGHT)]));

  async function askEngine(
    e: AiEngineConfig,
    question: string,
    productName: string,
    competitors: string[],
    owner: { userId: string; projectId: string | null },
    now: Date,
  ): Promise<EngineAnswer> {
    const limit = limits.get(e.name) ?? createLimiter(ENGINE_CALLS_IN_FLIGHT);
    const settled = await Promise.allSettled(
      Array.from({ length: e.samples }, () =>
        limit(() =>
          chatCompletion({ ...e, apiKey: e.apiKey }, [{ role: 'user', content: question }], {
            temperature: 0.7,
            fetch: deps.fetch,
          }),
        ),
      ),
    );
    const samples: Sample[] = [];
    const errors: string[] = [];
    const calls = settled.map((s) => {
      if (s.status === 'fulfilled') {
        samples.push({
          text: s.value.content,
          reading: readAnswer(s.value.content, productName, competitors),
        });
        return { costUsd: s.value.costUsd, ok: true };
      }
      const err = s.reason as Error & { costUsd?: number };
      errors.push(err.message);
      return { costUsd: err.costUsd ?? 0, ok: false };
    });
    // A check without a project is paid for by the account: its calls carry the user instead (migration 0016).
    await db.query(
      `INSERT INTO upstream_calls (project_id, user_id, api, cost_usd, reused, ok, called_at)
       SELECT $1, $2, $3, unnest($4::float8[]), false, unnest($5::boolean[]), $6`,
      [
        owner.projectId,
        owner.projectId ? null : owner.userId,
        `ai.${e.name}`,
        calls.map((c) => c.costUsd),
        calls.map((c) => c.ok),
        now,
      ],
    );
    const named = samples.filter((s) => s.reading.mentioned);
    const positions = named.map((s) => s.reading.position!).filter((p) => p !== null);
    const first = samples[0];
    const citations = new Map<string, { url: string; redditThread: boolean }>();
    for (const s of samples) for (const c of s.reading.citations) citations.set(c.url, c);
    const uniqueErrors = [...new Set(errors)];
    return {
      engine: e.name,
      model: e.model,
      samples: e.samples,
      answered: samples.length,
      // Like position and mentionRate: with no answer, not known (not "not named").
      mentioned: samples.length ? named.length > 0 : null,
      position: positions.length ? Math.min(...positions) : null,
      mentionRate: samples.length ? named.length / samples.length : null,
      meanPosition: positions.length
        ? Math.round((positions.reduce((a, b) => a + b, 0) / positions.length) * 100) / 100
        : null,
      competitorsMentioned: competitors.filter((c) =>
        samples.some((s) => s.reading.competitorsMentioned.includes(c)),
      ),
      citations: [...citations.values()],
      excerpt: first?.reading.excerpt ?? '',
      answer: first ? first.text.slice(0, ANSWER_CHARS) : '',
      error: uniqueErrors.length
        ? `${errors.length} of ${e.samples} answers failed: ${uniqueErrors.join('; ').slice(0, 500)}`
        : null,
    };
  }

  async function check(input: {
    userId: string;
    productName: string;
    question: string;
    projectId?: string | null;
    competitors?: string[];
    save?: boolean;
    now?: Date;
  }): Promise<VisibilityCheck> {
    if (!engines.length) throw new AiNotConfiguredError(NOT_CONFIGURED);
    const now = input.now ?? deps.clock.now();
    const projectId = input.projectId ?? null;
    const competitors = input.competitors ?? [];
    const answers = await Promise.all(
      engines.map((e) =>
        askEngine(
          e,
          input.question,
          input.productName,
          competitors,
          { userId: input.userId, projectId },
          now,
        ),
      ),
    );
    if (projectId) {
      await db.transaction(async (tx) => {
        for (const a of answers) {
          await tx.query(
            `INSERT INTO ai_visibility_results (user_id, project_id, product_name, question, engine, checked_at, samples,
                                                answered, mention_rate, mean_position, competitors_mentioned, error)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
            [
              input.userId,
              projectId,
              input.productName,
              input.question,
              a.engine,
              now,
              a.samples,
              a.answered,
              a.mentionRate,
              a.meanPosition,
              a.competitorsMentioned,
              a.error === null ? null : withoutNul(a.error),
            ],
          );
        }
        if (input.save) {
          await tx.query(
            `INSERT INTO ai_questions (project_id, question, product_name, created_at, last_checked_at)
             VALUES ($1, $2, $3, $4, $4)
             ON CONFLICT (project_id, question) DO UPDATE SET product_name = EXCLUDED.product_name,
               last_checked_at = EXCLUDED.last_checked_at`,
            [projectId, input.question, input.productName, now],
          );
        } else {
          await tx.query(
            'UPDATE ai_questions SET last_checked_at = $3 WHERE project_id = $1 AND question = $2',
            [projectId, input.question, now],
          );
        }
      });
    }
    return {
      productName: input.productName,
      question: input.question,
      projectId,
      checkedAt: now.toISOString(),
      engines: answers,
    };
  }

  return {
    configured: () => engines.map((e) => ({ name: e.name, model: e.model, samples: e.samples })),
    check,

    async history(projectId: string, limit = 500): Promise<VisibilityPoint[]> {
      const rows = await db.query<{
        question: string;
        engine: string;
        checked_at: Date;
        mention_rate: number | null;
        mean_position: number | null;
        competitors_mentioned: string[];
        error: string | null;
      }>(
        `SELECT question, engine, checked_at, mention_rate, mean_position, competitors_mentioned, error
           FROM ai_visibility_results WHERE project_id = $1 ORDER BY checked_at DESC, id DESC LIMIT $2`,
        [projectId, limit],
      );
      return rows.map((r) => ({
        question: r.question,
        engine: r.engine,
        checkedAt: r.checked_at.toISOString(),
        mentionRate: r.mention_rate,
        meanPosition: r.mean_position,
        competitorsMentioned: r.competitors_mentioned,
        error: r.error,
      }));
    },

    async questions(projectId: string): Promise<SavedQuestion[]> {
      const rows = await db.query<{ question: string; product_name: string; last_checked_at: Date | null }>(
        'SELECT question, product_name, last_checked_at FROM ai_questions WHERE project_id = $1 ORDER BY created_at, question',
        [projectId],
      );
      return rows.map((r) => ({
        question: r.question,
        productName: r.product_name,
        lastCheckedAt: r.last_checked_at?.toISOString() ?? null,
      }));
    },

    async forgetQuestion(projectId: string, question: string): Promise<boolean> {
      const rows = await db.query(
        'DELETE FROM ai_questions WHERE project_id = $1 AND question = $2 RETURNING 1',
        [projectId, question],
      );
      return rows.length > 0;
    },

    /** The daily pass: every saved question not checked in the last day is asked again. */
    async recheckDue(now: Date): Promise<number> {
      if (!engines.length) return 0;
      const due = await db.query<{
        project_id: string;
        question: string;
        product_name: string;
        user_id: string;
        competitors: string[];
      }>(
        `SELECT q.project_id, q.question, q.product_name, p.user_id, p.competitors
           FROM ai_questions q JOIN projects p ON p.id = q.project_id
          WHERE q.last_checked_at IS NULL OR q.last_checked_at <= $1`,
        [new Date(now.getTime() - DAY_MS + 60_000)],
      );
      for (const q of due) {
        await check({
          userId: q.user_id,
          productName: q.product_name,
          question: q.question,
          projectId: q.project_id,
          competitors: q.competitors,
          now,
        });
      }
      return due.length;
    },
  };
}
export type AiVisibilityService = ReturnType<typeof createAiVisibilityService>;
