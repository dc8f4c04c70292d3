import { BodyTooLargeError, readCapped } from './read-capped.ts';
import { UpstreamError } from './source.ts';

/** How the network adapters talk HTTP: one timeout per attempt, bounded retries, an injectable sleep. */
/** The options every network adapter takes, besides its own credentials and endpoints. */
export interface SourceHttpOptions {
  /** USD per call (per credit for ScrapeCreators) of an upstream api name. */
  priceOf: (api: string) => number;
  /** Per-attempt timeout (UPSTREAM_TIMEOUT_MS). */
  timeoutMs: number;
  /** Retries after the first attempt on 429, 5xx, timeouts and network errors. Default 3. */
  maxRetries?: number;
  /** Injectable wait (tests). */
  sleep?: (ms: number) => Promise<void>;
  /** Injectable wall clock in ms (tests). */
  now?: () => number;
  /** Injectable fetch; Node's global fetch by default. */
  fetch?: typeof fetch;
  /** Longest listing walk per incremental fetch, in pages. */
  maxPages?: number;
}

export interface HttpPolicy {
  /** Each attempt is aborted after this many milliseconds. */
  timeoutMs: number;
  /** Attempts after the first one, on 429, 5xx, timeouts and network errors. */
  maxRetries: number;
  /** Waits between attempts; tests inject one that does not really wait. */
  sleep: (ms: number) => Promise<void>;
  /** Longest wait honoured from Retry-After or a rate-limit reset; longer ones give up at once. */
  maxWaitMs: number;
  /** Responses larger than this are refused (bounded memory per call). */
  maxResponseBytes: number;
  /** Node's global fetch (undici) unless a test swaps it. */
  fetch: typeof fetch;
}

export const DEFAULT_HTTP_POLICY: Omit<HttpPolicy, 'timeoutMs'> = {
  maxRetries: 3,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  maxWaitMs: 120_000,
  maxResponseBytes: 32 * 1024 * 1024,
  fetch: (input, init) => fetch(input, init),
};

export interface HttpRequest {
  /** The price-table name of the call, e.g. reddit.search; used in errors. */
  api: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export interface HttpResult {
  status: number;
  headers: Headers;
  json: unknown;
}

/** Hooks an adapter uses to pace itself (Reddit's rate-limit headers) and to refresh credentials. */
export interface HttpHooks {
  /** Runs before every attempt; may wait. */
  beforeAttempt?: () => Promise<void>;
  /** Sees every response's headers, whatever the status. */
  onResponse?: (res: Response) => void;
  /** Returns fresh headers after a 401, once per call; undefined means a 401 is final. */
  onUnauthorized?: () => Promise<Record<string, string>>;
}

const RETRYABLE = new Set([408, 425, 429, 500, 502, 503, 504]);

/** Retry-After in seconds or as an HTTP date, in milliseconds from now; null when absent or unreadable. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | null {
  const raw = headers.get('retry-after');
  if (!raw) return null;
  if (/^\d+(\.\d+)?$/.test(raw.trim())) return Math.ceil(Number(raw) * 1000);
  const at = Date.parse(raw);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Exponential backoff: 500 ms, 1 s, 2 s, ... capped at 30 s. */
export function backoffMs(attempt: number): number {
  return Math.min(30_000, 500 * 2 ** attempt);
}

async function readBounded(res: Response, max: number, api: string): Promise<string> {
  try {
    return await readCapped(res, max);
  } catch (err) {
    if (err instanceof BodyTooLargeError) throw new UpstreamError(api, err.message);
    throw err;
  }
}

function describe(err: unknown): string {
  if (err instanceof Error) {
    const cause = (err as Error & { cause?: unknown }).cause;
    return cause instanceof Error ? `${err.message} (${cause.message})` : err.message;
  }
  return String(err);
}

/**
 * Sends one logical call: retries 429, 5xx, timeouts and network errors with backoff (honouring Retry-After),
 * refreshes credentials once on 401, and parses JSON. Any failure ends in an UpstreamError naming the api.
 */
export async function requestJson(
  req: HttpRequest,
  policy: HttpPolicy,
  hooks: HttpHooks = {},
): Promise<HttpResult> {
  let headers = { accept: 'application/json', ...req.headers };
  let refreshed = false;
  let lastProblem = 'no attempt made';
  for (let attempt = 0; attempt <= policy.maxRetries; attempt++) {
    await hooks.beforeAttempt?.();
    let res: Response;
    try {
      res = await policy.fetch(req.url, {
        method: req.method ?? 'GET',
        headers,
        body: req.body,
        signal: AbortSignal.timeout(policy.timeoutMs),
        // Followed nowhere, and not a network error to retry: Reddit redirects a subreddit that does not exist.
        redirect: 'manual',
      });
    } catch (err) {
      const name = (err as Error)?.name;
      lastProblem =
        name === 'TimeoutError' || name === 'AbortError'
          ? `timed out after ${policy.timeoutMs} ms`
          : `network error: ${describe(err)}`;
      if (attempt < policy.maxRetries) await policy.sleep(backoffMs(attempt));
      continue;
    }
    hooks.onResponse?.(res);

    if (res.status === 401 && hooks.onUnauthorized && !refreshed) {
      await res.body?.cancel();
      refreshed = true;
      headers = { ...headers, ...(await hooks.onUnauthorized()) };
      attempt--; // a refreshed credential is not a retry
      continue;
    }

    let text: string;
    try {
      text = await readBounded(res, policy.maxResponseBytes, req.api);
    } catch (err) {
      if (err instanceof UpstreamError) throw err;
      const name = (err as Error)?.name;
      lastProblem =
        name === 'TimeoutError' || name === 'AbortError'
          ? `timed out after ${policy.timeoutMs} ms while reading the response`
          : `network error while reading the response: ${describe(err)}`;
      if (attempt < policy.maxRetries) await policy.sleep(backoffMs(attempt));
      continue;
    }

    if (RETRYABLE.has(res.status)) {
      lastProblem = `HTTP ${res.status}${text ? `: ${text.slice(0, 200)}` : ''}`;
      if (attempt >= policy.maxRetries) break;
      const wait = retryAfterMs(res.headers) ?? backoffMs(attempt);
      if (wait > policy.maxWaitMs) {
        throw new UpstreamError(
          req.api,
          `${lastProblem} (asked to wait ${Math.ceil(wait / 1000)} s; gave up)`,
        );
      }
      await policy.sleep(wait);
      continue;
    }
    if (res.status >= 300 && res.status < 400) {
      const to = res.headers.get('location');
      throw new UpstreamError(req.api, `HTTP ${res.status} redirect${to ? ` to ${to}` : ''}`);
    }
    if (res.status < 200 || res.status >= 300) {
      throw new UpstreamError(req.api, `HTTP ${res.status}${text ? `: ${text.slice(0, 300)}` : ''}`);
    }
    try {
      return { status: res.status, headers: res.headers, json: JSON.parse(text) };
    } catch (err) {
      throw new UpstreamError(
        req.api,
        `malformed JSON in HTTP ${res.status} response (${(err as Error).message}): ${text.slice(0, 120)}`,
      );
    }
  }
  throw new UpstreamError(req.api, `${lastProblem}; gave up after ${policy.maxRetries + 1} attempts`);
}

/**
 * Paces calls by X-RateLimit-Remaining / X-RateLimit-Reset: below `reserve` requests left, the next attempt waits for
 * the window to reset instead of drawing a 429. Reset is seconds from now, or an epoch time in seconds.
 */
export function rateLimitGate(opts: {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  reserve: number;
}): {
  beforeAttempt: () => Promise<void>;
  onResponse: (res: Response) => void;
} {
  let remaining: number | null = null;
  let resetAt = 0;
  return {
    async beforeAttempt() {
      if (remaining !== null && remaining < opts.reserve) {
        const wait = resetAt - opts.now();
        if (wait > 0) await opts.sleep(wait);
        remaining = null;
      }
      if (remaining !== null) remaining -= 1; // counted down locally until the next response says
    },
    onResponse(res) {
      const left = Number.parseFloat(res.headers.get('x-ratelimit-remaining') ?? '');
      const reset = Number.parseFloat(res.headers.get('x-ratelimit-reset') ?? '');
      if (Number.isFinite(left)) remaining = left;
      if (Number.isFinite(reset)) resetAt = reset > 1e9 ? reset * 1000 : opts.now() + reset * 1000;
    },
  };
}

/** Object guard used by the adapters' parsers. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Base-36 ids grow with time, so comparing them orders items by creation. */
export function compareBase36(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Runs fn with a report of the call: ok with its price, or not ok (cost 0) with the error, which is rethrown. */
export async function reported<T>(
  api: string,
  report: (call: { api: string; costUsd: number; ok: boolean; error?: string }) => void,
  price: (result: T) => number,
  fn: () => Promise<T>,
): Promise<T> {
  let result: T;
  try {
    result = await fn();
  } catch (err) {
    const error = err instanceof UpstreamError ? err : new UpstreamError(api, describe(err));
    report({ api, costUsd: 0, ok: false, error: error.message });
    throw error;
  }
  report({ api, costUsd: price(result), ok: true });
  return result;
}
