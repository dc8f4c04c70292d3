import type { Clock } from '../clock.ts';
import type { Config } from '../config/index.ts';
import { createArcticShiftSource } from './arcticshift.ts';
import { createPriceTable, type PriceOf } from './prices.ts';
import { createRedditSource } from './reddit.ts';
import { createReplaySource } from './replay.ts';
import { createScrapeCreatorsSource } from './scrapecreators.ts';
import type { UpstreamSource } from './source.ts';

/** The upstream chosen by UPSTREAM, with the price table every adapter charges its calls through. */
export function createUpstreamSource(
  config: Pick<Config, 'upstream'>,
  deps: { clock: Clock; priceOf?: PriceOf },
): UpstreamSource {
  const up = config.upstream;
  const priceOf = deps.priceOf ?? createPriceTable(up);
  switch (up.name) {
    case 'replay':
      return createReplaySource({
        file: up.replayFile,
        windowDays: up.replayWindowDays,
        liveMinutes: up.replayLiveMinutes,
        clock: deps.clock,
        priceOf,
        latencyMs: up.replayLatencyMs,
      });
    // loadConfig has already refused UPSTREAM=reddit or scrapecreators without their credentials.
    case 'reddit':
      return createRedditSource({
        clientId: up.reddit.clientId!,
        clientSecret: up.reddit.clientSecret!,
        userAgent: up.reddit.userAgent!,
        apiBaseUrl: up.reddit.apiBaseUrl,
        authUrl: up.reddit.authUrl,
        priceOf,
        timeoutMs: up.timeoutMs,
      });
    case 'arcticshift':
      return createArcticShiftSource({ baseUrl: up.arcticshift.baseUrl, priceOf, timeoutMs: up.timeoutMs });
    case 'scrapecreators':
      return createScrapeCreatorsSource({
        apiKey: up.scrapecreators.apiKey!,
        baseUrl: up.scrapecreators.baseUrl,
        priceOf,
        timeoutMs: up.timeoutMs,
      });
  }
}
