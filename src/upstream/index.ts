import type { Clock } from '../clock.ts';
import { type Config, ConfigError } from '../config.ts';
import { createPriceTable, type PriceOf } from './prices.ts';
import { createReplaySource } from './replay.ts';
import type { UpstreamSource } from './source.ts';

export class UpstreamNotWiredError extends ConfigError {}

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
        clock: deps.clock,
        priceOf,
        latencyMs: up.replayLatencyMs,
      });
    // The network adapters (createRedditSource, createArcticShiftSource, createScrapeCreatorsSource) are
    // built on their own branch and wired here at merge, each receiving { baseUrl, ..., priceOf, timeouts }.
    case 'reddit':
    case 'arcticshift':
    case 'scrapecreators':
      throw new UpstreamNotWiredError(
        `UPSTREAM=${up.name}: the ${up.name} adapter is not wired into this build yet; use UPSTREAM=replay`,
      );
  }
}
