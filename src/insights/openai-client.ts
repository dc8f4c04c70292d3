import { withoutNul } from '../domain/nul-text.ts';
import { BodyTooLargeError, CHAT_RESPONSE_MAX_BYTES, readCapped } from '../upstream/read-capped.ts';
/** Longest embeddings answer read: 400 vectors of 3,072 numbers fit. */
export const EMBEDDINGS_RESPONSE_MAX_BYTES = 32 * 1024 * 1024;

/** One OpenAI-compatible endpoint (OpenAI, Perplexity, Gemini's compatible endpoint, Ollama, the LLM scorer's). */
export interface OpenAiEndpoint {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
  /** USD per million prompt and completion tokens, for the usage record. */
  usdPerMTokIn: number;
  usdPerMTokOut: number;
}

export interface ChatAnswer {
  content: string;
  costUsd: number;
}

/** A failed call: the message names what went wrong; costUsd is what the provider still billed (tokens). */
export class OpenAiError extends Error {
  readonly costUsd: number;
  constructor(message: string, costUsd = 0) {
    super(withoutNul(message));
    this.costUsd = costUsd;
  }
}

interface Usage {
  prompt_tokens?: number;
  completion_tokens?: number;
}

const costOf = (e: OpenAiEndpoint, u: Usage | undefined) =>
  ((u?.prompt_tokens ?? 0) * e.usdPerMTokIn + (u?.completion_tokens ?? 0) * e.usdPerMTokOut) / 1e6;

async function post(
  e: OpenAiEndpoint,
  path: string,
  body: object,
  doFetch: typeof fetch,
  maxBytes: number,
): Promise<unknown> {
  let res: Response;
  let text: string;
  try {
    res = await doFetch(`${e.baseUrl.replace(/\/+$/, '')}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(e.apiKey ? { authorization: `Bearer ${e.apiKey}` } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(e.timeoutMs),
      redirect: 'error',
    });
    text = await readCapped(res, maxBytes);
  } catch (err) {
    if (err instanceof BodyTooLargeError) throw new OpenAiError(err.message);
    const name = (err as Error).name;
    throw new OpenAiError(
      name === 'TimeoutError' || name === 'AbortError'
        ? `timed out after ${e.timeoutMs} ms`
        : `request failed: ${(err as Error).message}`,
    );
  }
  if (!res.ok) {
    const retry = res.headers.get('retry-after');
    const limited = res.status === 429 ? ` (rate limited${retry ? `, retry after ${retry} s` : ''})` : '';
    throw new OpenAiError(`HTTP ${res.status}${limited}${text ? `: ${text.slice(0, 160)}` : ''}`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new OpenAiError(`response is not JSON: ${JSON.stringify(text.slice(0, 80))}`);
  }
}

/** POST /chat/completions; the first choice's text and the call's token cost. */
export async function chatCompletion(
  e: OpenAiEndpoint,
  messages: { role: 'system' | 'user'; content: string }[],
  opts: { temperature?: number; fetch?: typeof fetch } = {},
): Promise<ChatAnswer> {
  const body = (await post(
    e,
    '/chat/completions',
    { model: e.model, messages, temperature: opts.temperature ?? 0.7 },
    opts.fetch ?? fetch,
    CHAT_RESPONSE_MAX_BYTES,
  )) as { choices?: { message?: { content?: unknown } }[]; usage?: Usage } | null;
  const costUsd = costOf(e, body?.usage);
  const content = body?.choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw new OpenAiError('response has no message content', costUsd);
  return { content: withoutNul(content), costUsd };
}

/** POST /embeddings; one vector per input, in input order. */
export async function embed(
  e: OpenAiEndpoint,
  input: string[],
  opts: { fetch?: typeof fetch } = {},
): Promise<{ vectors: number[][]; costUsd: number }> {
  const body = (await post(
    e,
    '/embeddings',
    { model: e.model, input },
    opts.fetch ?? fetch,
    EMBEDDINGS_RESPONSE_MAX_BYTES,
  )) as {
    data?: { embedding?: unknown; index?: number }[];
    usage?: Usage;
  } | null;
  const costUsd = costOf(e, body?.usage);
  const data = body?.data;
  if (!Array.isArray(data) || data.length !== input.length) {
    throw new OpenAiError('embeddings response does not hold one vector per input', costUsd);
  }
  const vectors: number[][] = new Array(input.length);
  data.forEach((d, k) => {
    const v = d.embedding;
    if (!Array.isArray(v) || !v.every((x) => typeof x === 'number' && Number.isFinite(x))) {
      throw new OpenAiError('embeddings response holds a vector that is not numbers', costUsd);
    }
    vectors[typeof d.index === 'number' ? d.index : k] = v as number[];
  });
  return { vectors, costUsd };
}
