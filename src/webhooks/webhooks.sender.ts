import { createSecureContext, getCACertificates } from 'node:tls';
import { Agent, type Dispatcher } from 'undici';
import type { WebhooksConfig } from '../config/index.ts';
import {
  checkWebhookUrlSyntax,
  createAddressCheck,
  createGuardedLookup,
  WebhookUrlError,
} from './webhooks.guard.ts';
import type { Outcome } from './webhooks.schemas.ts';

export interface AttemptResult {
  outcome: Outcome;
  statusCode: number | null;
  error: string | null;
  latencyMs: number | null;
}

const RESPONSE_BODY_LIMIT = 64 * 1024;
const TIMED_OUT = new Error('webhook attempt timed out');
const STOPPED = new Error('webhook attempt aborted at shutdown');

/** What an attempt needs from the response. */
interface Answer {
  statusCode: number;
  location: string | string[] | undefined;
  latencyMs: number;
}

function describeError(err: unknown): string {
  const e = err as NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException };
  const inner = e.cause && !(e instanceof WebhookUrlError) ? e.cause : e;
  const code = inner.code && !inner.message.includes(inner.code) ? `${inner.code}: ` : '';
  return `${code}${inner.message}`.slice(0, 500);
}

function isBlocked(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === 'ERR_WEBHOOK_URL' || e.cause?.code === 'ERR_WEBHOOK_URL';
}

/** Where a webhook URL sends to, or why it may not; worked out once per URL, not per request. */
type Target = { origin: string; path: string; blocked?: undefined } | { blocked: string };

/** Distinct URLs remembered; beyond this the memo starts again (a check costs microseconds). */
const TARGET_MEMO_LIMIT = 10_000;

/**
 * Sends one signed POST. Every connection goes through the guarded lookup, so the address that was
 * checked is the address connected to; literal-IP URLs skip the lookup and are checked before the request.
 * Connections are kept alive per origin: the lookup (and the check) runs once per connection, not per request.
 */
export function createSender(config: WebhooksConfig) {
  const isAllowed = createAddressCheck(config);
  const agent = new Agent({
    connect: {
      lookup: createGuardedLookup(isAllowed),
      timeout: config.timeoutMs,
      // Explicit CAs replace the default store, so keep it (NODE_EXTRA_CA_CERTS included) and add ours;
      // one context for every connection, as parsing the store per connection costs milliseconds.
      ...(config.extraCaPem
        ? { secureContext: createSecureContext({ ca: [...getCACertificates('default'), config.extraCaPem] }) }
        : {}),
    },
    headersTimeout: config.timeoutMs,
    bodyTimeout: config.timeoutMs,
    keepAliveTimeout: 30_000,
  });
  const targets = new Map<string, Target>();
  /** Attempts in flight, so that close() can abort them without a listener per attempt. */
  const inFlight = new Set<{ cancel(reason: Error): void }>();
  let stopping = false;

  function targetOf(url: string): Target {
    let target = targets.get(url);
    if (target) return target;
    try {
      const parsed = checkWebhookUrlSyntax(url, isAllowed);
      target = { origin: parsed.origin, path: `${parsed.pathname}${parsed.search}` };
    } catch (err) {
      target = { blocked: (err as Error).message };
    }
    if (targets.size >= TARGET_MEMO_LIMIT) targets.clear();
    targets.set(url, target);
    return target;
  }

  /**
   * Starts one POST through the agent's low-level dispatch (no response stream, no AbortSignal: about 30 µs less
   * CPU per request than `request()`), reading and dropping a bounded body so that the connection can be reused.
   * cancel() settles it at once, as a rejection with the given reason, and aborts the request as soon as
   * undici has it on a connection.
   */
  function exchange(target: { origin: string; path: string }, headers: Record<string, string>, body: Buffer) {
    let controller: Dispatcher.DispatchController | null = null;
    let cancelledWith: Error | null = null;
    let settled = false;
    let cancel: (reason: Error) => void = () => {};
    const answer = new Promise<Answer>((resolve, reject) => {
      const started = performance.now();
      const got: Answer = { statusCode: 0, location: undefined, latencyMs: 0 };
      let bytes = 0;
      const settle = (fn: () => void) => {
        if (settled) return;
        settled = true;
        fn();
      };
      cancel = (reason) => {
        cancelledWith = reason;
        settle(() => reject(reason));
        controller?.abort(reason);
      };
      agent.dispatch(
        { origin: target.origin, path: target.path, method: 'POST', headers, body },
        {
          onRequestStart(c) {
            controller = c;
            if (cancelledWith) c.abort(cancelledWith);
          },
          onResponseStart(_c, statusCode, responseHeaders) {
            if (statusCode < 200) return; // an informational answer; the real one follows
            got.statusCode = statusCode;
            got.location = responseHeaders.location;
            got.latencyMs = Math.round(performance.now() - started);
          },
          onResponseData(c, chunk) {
            bytes += chunk.length;
            if (bytes <= RESPONSE_BODY_LIMIT) return;
            settle(() => resolve(got));
            c.abort(new Error('response body over 64 KiB, not read'));
          },
          onResponseEnd() {
            settle(() => resolve(got));
          },
          onResponseError(_c, err) {
            settle(() => reject(err));
          },
        },
      );
    });
    return { answer, cancel: (reason: Error) => cancel(reason) };
  }

  async function send(url: string, headers: Record<string, string>, body: Buffer): Promise<AttemptResult> {
    const target = targetOf(url);
    if (target.blocked !== undefined) {
      return { outcome: 'blocked', statusCode: null, error: target.blocked, latencyMs: null };
    }
    if (stopping)
      return { outcome: 'dropped', statusCode: null, error: 'aborted at shutdown', latencyMs: null };
    const started = performance.now();
    const x = exchange(target, headers, body);
    // One timer per attempt, covering connect, TLS, headers and body.
    const timer = setTimeout(() => x.cancel(TIMED_OUT), config.timeoutMs);
    inFlight.add(x);
    try {
      const { statusCode, location, latencyMs } = await x.answer;
      if (statusCode >= 200 && statusCode < 300)
        return { outcome: 'delivered', statusCode, error: null, latencyMs };
      if (statusCode >= 300 && statusCode < 400) {
        return {
          outcome: 'redirect',
          statusCode,
          error: `redirects are not followed${location ? ` (Location: ${String(location).slice(0, 300)})` : ''}`,
          latencyMs,
        };
      }
      return { outcome: 'http_error', statusCode, error: `HTTP ${statusCode}`, latencyMs };
    } catch (err) {
      const latencyMs = Math.round(performance.now() - started);
      if (err === TIMED_OUT) {
        return {
          outcome: 'timeout',
          statusCode: null,
          error: `no response within ${config.timeoutMs / 1000} s`,
          latencyMs,
        };
      }
      if (err === STOPPED) {
        return { outcome: 'dropped', statusCode: null, error: 'aborted at shutdown', latencyMs };
      }
      if (isBlocked(err))
        return { outcome: 'blocked', statusCode: null, error: describeError(err), latencyMs };
      return { outcome: 'network_error', statusCode: null, error: describeError(err), latencyMs };
    } finally {
      clearTimeout(timer);
      inFlight.delete(x);
    }
  }

  return {
    send,
    /** Aborts the attempts in flight (recorded as dropped) and refuses new ones. */
    abort() {
      stopping = true;
      for (const x of inFlight) x.cancel(STOPPED);
    },
    close: () => agent.close(),
  };
}
export type Sender = ReturnType<typeof createSender>;
