// Reads a product page through the webhooks' SSRF guard (docs/decisions/0118-onboarding-suggestion.md): https only
// (http too where the operator allows private addresses), every address checked at connect time, redirects
// checked again, a size cap and one deadline for the whole read.
import { createSecureContext, getCACertificates } from 'node:tls';
import ipaddr from 'ipaddr.js';
import { Agent, request } from 'undici';
import type { OnboardingConfig, WebhooksConfig } from '../config/index.ts';
import { AppError } from '../contract/errors.ts';
import { createAddressCheck, createGuardedLookup, hostOf } from '../webhooks/webhooks.guard.ts';

/** What a refusal of a private address tells the person. */
const POLICY = 'product pages are only read from public addresses (see WEBHOOK_ALLOW_PRIVATE)';
const MAX_REDIRECTS = 5;
const MAX_URL_LENGTH = 2000;
const HTML_TYPES = /^(?:text\/html|application\/xhtml\+xml|text\/plain)$/i;

export interface FetchedPage {
  /** After redirects. */
  url: string;
  html: string;
}

const refuse = (message: string) => new AppError('invalid_request', message);
const size = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`
    : `${Math.round(bytes / 1024)} KB`;

/** The reader of product pages: one connection pool, the guarded lookup on every connection. */
export function createPageFetcher(deps: { webhooks: WebhooksConfig; onboarding: OnboardingConfig }) {
  const { pageTimeoutMs, pageMaxBytes } = deps.onboarding;
  const isAllowed = createAddressCheck(deps.webhooks);
  // Plain http only where the operator opened private addresses: an intranet page of a self-hosted instance.
  const allowHttp = deps.webhooks.allowPrivate !== false;
  const agent = new Agent({
    connect: {
      lookup: createGuardedLookup(isAllowed, POLICY),
      timeout: pageTimeoutMs,
      ...(deps.webhooks.extraCaPem
        ? {
            secureContext: createSecureContext({
              ca: [...getCACertificates('default'), deps.webhooks.extraCaPem],
            }),
          }
        : {}),
    },
    headersTimeout: pageTimeoutMs,
    bodyTimeout: pageTimeoutMs,
    connections: 16,
    // A page is read once: no connection is worth keeping open for long.
    keepAliveTimeout: 1000,
  });

  /** The checks that need no network: an absolute https URL, no credentials, no refused literal address. */
  function checkUrl(raw: string): URL {
    if (raw.length > MAX_URL_LENGTH) throw refuse('The URL is longer than 2,000 characters.');
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw refuse(
        `"${raw.slice(0, 200)}" is not a URL; give the full https:// address of the product's page.`,
      );
    }
    if (url.protocol !== 'https:' && !(allowHttp && url.protocol === 'http:')) {
      throw refuse(
        `Only https pages are read (got ${url.protocol.replace(/:$/, '')}); give the https:// address of the page.`,
      );
    }
    if (url.username || url.password) throw refuse('The URL must not carry a user name or password.');
    const host = hostOf(url);
    if (ipaddr.isValid(host) && !isAllowed(host))
      throw refuse(`${host} is a private or reserved address; ${POLICY}.`);
    url.hash = '';
    return url;
  }

  /** Why a request failed, in words for the person who gave the URL. */
  function explain(err: unknown, url: URL, timedOut: boolean): AppError {
    if (err instanceof AppError) return err;
    const e = err as NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException };
    const inner = e.cause ?? e;
    const code = inner.code ?? e.code ?? '';
    if (code === 'ERR_WEBHOOK_URL') return refuse(inner.message);
    if (timedOut || /TIMEOUT/.test(code) || e.name === 'AbortError')
      return refuse(`${url.host} did not answer within ${pageTimeoutMs / 1000} s.`);
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
      return refuse(`Cannot resolve ${url.hostname}; check the address.`);
    if (code === 'ECONNREFUSED') return refuse(`${url.host} refused the connection.`);
    if (/CERT|SSL|TLS|ERR_TLS/.test(code) || /certificate/i.test(inner.message ?? ''))
      return refuse(`No secure connection to ${url.host}: ${inner.message}.`);
    return refuse(`Could not read ${url.host}: ${inner.message ?? String(err)}.`);
  }

  /** GETs the page, following at most five redirects, each checked as the first URL was. */
  async function fetchPage(raw: string): Promise<FetchedPage> {
    let url = checkUrl(raw.trim());
    const deadline = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      deadline.abort();
    }, pageTimeoutMs);
    try {
      for (let hop = 0; ; hop++) {
        let res: Awaited<ReturnType<typeof request>>;
        try {
          res = await request(url, {
            dispatcher: agent,
            method: 'GET',
            signal: deadline.signal,
            headers: {
              accept: 'text/html,application/xhtml+xml;q=0.9,text/plain;q=0.5',
              'accept-language': 'en',
              'user-agent': 'LeadIntelligence-Onboarding/1.0 (reads one page to suggest a project profile)',
            },
          });
        } catch (err) {
          throw explain(err, url, timedOut);
        }
        const location = res.headers.location;
        if (res.statusCode >= 300 && res.statusCode < 400 && location) {
          await res.body.dump();
          if (hop >= MAX_REDIRECTS) throw refuse(`${raw} redirects more than ${MAX_REDIRECTS} times.`);
          url = checkUrl(new URL(String(location), url).toString());
          continue;
        }
        if (res.statusCode >= 400) {
          await res.body.dump();
          throw refuse(`${url.host} answered HTTP ${res.statusCode} for ${url.pathname}; check the address.`);
        }
        const type = String(res.headers['content-type'] ?? 'text/html');
        if (!HTML_TYPES.test(type.split(';')[0]!.trim())) {
          await res.body.dump();
          throw refuse(
            `${url.toString()} is not a web page (${type.split(';')[0]}); give the product's page.`,
          );
        }
        const declared = Number(res.headers['content-length'] ?? 0);
        if (declared > pageMaxBytes) {
          await res.body.dump().catch(() => {});
          throw refuse(`The page is ${size(declared)}, more than the ${size(pageMaxBytes)} read.`);
        }
        const chunks: Buffer[] = [];
        let bytes = 0;
        try {
          for await (const chunk of res.body) {
            bytes += chunk.length;
            if (bytes > pageMaxBytes) {
              res.body.destroy();
              throw refuse(`The page is more than the ${size(pageMaxBytes)} read.`);
            }
            chunks.push(chunk as Buffer);
          }
        } catch (err) {
          throw explain(err, url, timedOut);
        }
        const charset = /charset=["']?([\w-]+)/i.exec(type)?.[1] ?? 'utf-8';
        let decoder: TextDecoder;
        try {
          decoder = new TextDecoder(charset);
        } catch {
          decoder = new TextDecoder('utf-8');
        }
        return { url: url.toString(), html: decoder.decode(Buffer.concat(chunks)) };
      }
    } finally {
      clearTimeout(timer);
    }
  }

  return { fetchPage, checkUrl, close: () => agent.close() };
}
export type PageFetcher = ReturnType<typeof createPageFetcher>;
