import type { UpstreamConfig } from '../config/index.ts';

/**
 * USD per upstream call, by `api` name. An exact name wins over its provider's `<provider>.*` entry.
 * - reddit: $0.24 per 1,000 calls (Reddit's published Data API price, 2023).
 * - scrapecreators: 1 credit per call at about $1.9 per 1,000 credits (the small packs; big packs are cheaper).
 * - arcticshift: free.
 * - serper, serpapi: the SERP providers of SEO opportunities; seo-replay: free.
 * - replay: REPLAY_PRICE_USD (default $0.001), so replayed call counts and costs read like a paid source.
 * UPSTREAM_PRICES_FILE ({ "<api>": usd }) overrides any entry, e.g. { "scrapecreators.*": 0.001 }.
 */
export const DEFAULT_PRICES: Readonly<Record<string, number>> = {
  'reddit.*': 0.000_24,
  'scrapecreators.*': 0.001_9,
  'arcticshift.*': 0,
  // SERP providers (SEO opportunities): Serper about $1 per 1,000 searches on its small packs; SerpApi's
  // Developer plan $75 for 5,000 searches; the recorded replay costs nothing.
  'serper.*': 0.001,
  'serpapi.*': 0.015,
  'seo-replay.*': 0,
};

export type PriceOf = (api: string) => number;

type PriceConfig = Pick<UpstreamConfig, 'replayPriceUsd' | 'priceOverrides'>;

const tableOf = (config: PriceConfig): Record<string, number> => ({
  ...DEFAULT_PRICES,
  'replay.*': config.replayPriceUsd,
  ...config.priceOverrides,
});

/**
 * The dearest call of a provider (one credit for ScrapeCreators): what a scan must still have left under the daily
 * spend cap before it buys (docs/decisions/0102-daily-spend-cap.md).
 */
export function dearestCallOf(config: PriceConfig, provider: string): number {
  const prices = Object.entries(tableOf(config))
    .filter(([api]) => api.startsWith(`${provider}.`))
    .map(([, usd]) => usd);
  return prices.length ? Math.max(...prices) : 0;
}

/** The price table in force: defaults, then the replay price, then the operator's overrides. */
export function createPriceTable(config: PriceConfig): PriceOf {
  const table = tableOf(config);
  return (api) => {
    const exact = table[api];
    if (exact !== undefined) return exact;
    const provider = table[`${api.split('.')[0]}.*`];
    // An api nobody priced is a programming error in an adapter; charging 0 silently would hide spend.
    if (provider === undefined) throw new Error(`no price for upstream api "${api}"`);
    return provider;
  };
}
