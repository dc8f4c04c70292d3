// SERP providers behind one interface, chosen by SEO_PROVIDER (docs/decisions/0071-seo-opportunities.md).
import { readFile } from 'node:fs/promises';
import type { SeoConfig } from '../../config/index.ts';
import { DEFAULT_HTTP_POLICY, type HttpPolicy, isRecord, requestJson } from '../../upstream/http.ts';
import type { PriceOf } from '../../upstream/prices.ts';
import { UpstreamError } from '../../upstream/source.ts';

export interface SerpResult {
  position: number;
  url: string;
  title: string;
}

export interface SerpAnswer {
  results: SerpResult[];
  /** Monthly searches of the keyword, when the provider tells it. */
  searchVolume: number | null;
}

/** What one provider call cost and whether it worked, for the usage record. */
export interface SeoCall {
  api: string;
  costUsd: number;
  ok: boolean;
  error?: string;
}

export interface SeoProvider {
  readonly name: 'serper' | 'serpapi' | 'replay';
  /** Google results for the keyword restricted to reddit.com; null when the provider holds nothing for it (replay). */
  search(keyword: string, report: (call: SeoCall) => void): Promise<SerpAnswer | null>;
}

/** Results asked per keyword: Reddit threads rarely rank past the second page. */
const RESULTS = 20;

export function redditQuery(keyword: string): string {
  return `${keyword} site:reddit.com`;
}

function organic(list: unknown, api: string): SerpResult[] {
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw new UpstreamError(api, 'malformed response: the results are not a list');
  const out: SerpResult[] = [];
  list.forEach((r, i) => {
    if (!isRecord(r) || typeof r.link !== 'string') return;
    const position = typeof r.position === 'number' && r.position >= 1 ? Math.floor(r.position) : i + 1;
    out.push({ position, url: r.link, title: typeof r.title === 'string' ? r.title : '' });
  });
  return out;
}

/**
 * One call, tried a second time only after a network error (a kept-alive connection the provider had closed):
 * a 429, 5xx, time-out or bad answer is final for this refresh.
 */
async function call<T>(api: string, price: number, report: (c: SeoCall) => void, fn: () => Promise<T>) {
  try {
    const out = await fn().catch((err: unknown) => {
      if (err instanceof UpstreamError && /network error/.test(err.message)) return fn();
      throw err;
    });
    report({ api, costUsd: price, ok: true });
    return out;
  } catch (err) {
    const error = err instanceof UpstreamError ? err : new UpstreamError(api, (err as Error).message);
    report({ api, costUsd: 0, ok: false, error: error.message });
    throw error;
  }
}

export function createSeoProvider(
  config: SeoConfig,
  deps: { priceOf: PriceOf; fetch?: typeof fetch },
): SeoProvider | null {
  // One attempt per keyword: a 429, 5xx or time-out is recorded on the refresh, and the next refresh asks again.
  const policy: HttpPolicy = {
    ...DEFAULT_HTTP_POLICY,
    timeoutMs: config.timeoutMs,
    maxRetries: 0,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  };
  switch (config.provider) {
    case null:
      return null;
    case 'serper': {
      const { apiKey, baseUrl } = config.serper;
      return {
        name: 'serper',
        search: (keyword, report) =>
          call('serper.search', deps.priceOf('serper.search'), report, async () => {
            const { json } = await requestJson(
              {
                api: 'serper.search',
                url: `${baseUrl}/search`,
                method: 'POST',
                headers: { 'x-api-key': apiKey!, 'content-type': 'application/json' },
                body: JSON.stringify({ q: redditQuery(keyword), num: RESULTS }),
              },
              policy,
            );
            if (!isRecord(json))
              throw new UpstreamError('serper.search', 'malformed response: not an object');
            return { results: organic(json.organic, 'serper.search'), searchVolume: null };
          }),
      };
    }
    case 'serpapi': {
      const { apiKey, baseUrl } = config.serpapi;
      return {
        name: 'serpapi',
        search: (keyword, report) =>
          call('serpapi.search', deps.priceOf('serpapi.search'), report, async () => {
            const q = new URLSearchParams({
              engine: 'google',
              q: redditQuery(keyword),
              num: String(RESULTS),
              api_key: apiKey!,
            });
            const { json } = await requestJson(
              { api: 'serpapi.search', url: `${baseUrl}/search.json?${q}` },
              policy,
            );
            if (!isRecord(json))
              throw new UpstreamError('serpapi.search', 'malformed response: not an object');
            // SerpApi answers 200 with an `error` when Google had no results; anything else in `error` is a failure.
            if (typeof json.error === 'string') {
              if (/hasn't returned any results/i.test(json.error)) return { results: [], searchVolume: null };
              throw new UpstreamError('serpapi.search', json.error);
            }
            return { results: organic(json.organic_results, 'serpapi.search'), searchVolume: null };
          }),
      };
    }
    case 'replay': {
      const file = config.replayFile!;
      let loaded: Promise<Map<string, SerpAnswer>> | null = null;
      const load = async () => {
        const parsed = JSON.parse(await readFile(file, 'utf8')) as { keywords?: Record<string, unknown> };
        const map = new Map<string, SerpAnswer>();
        for (const [k, v] of Object.entries(parsed.keywords ?? {})) {
          if (!isRecord(v)) continue;
          map.set(k.trim().toLowerCase(), {
            results: organic(v.organic, 'seo-replay.search'),
            searchVolume: typeof v.searchVolume === 'number' ? v.searchVolume : null,
          });
        }
        return map;
      };
      return {
        name: 'replay',
        async search(keyword, report) {
          loaded ??= load().catch((err) => {
            loaded = null;
            throw new UpstreamError('seo-replay.search', `cannot read ${file}: ${(err as Error).message}`);
          });
          const answer = (await loaded).get(keyword.trim().toLowerCase());
          // A keyword the file does not hold is not asked: no call, nothing recorded.
          if (!answer) return null;
          report({ api: 'seo-replay.search', costUsd: deps.priceOf('seo-replay.search'), ok: true });
          return answer;
        },
      };
    }
  }
}

/** A Reddit thread URL's subreddit and post id; null for anything else (profiles, wiki pages, subreddit home). */
export function redditThread(url: string): { subreddit: string; postId: string; url: string } | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (!/(^|\.)reddit\.com$/i.test(u.hostname)) return null;
  const m = /^\/r\/([A-Za-z0-9_]{2,21})\/comments\/([a-z0-9]{1,12})(?:\/|$)/i.exec(u.pathname);
  if (!m) return null;
  return { subreddit: m[1]!, postId: m[2]!.toLowerCase(), url: `https://www.reddit.com${u.pathname}` };
}
