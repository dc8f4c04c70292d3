// The units of a scan: one project brought up to date on one listing, from what others bought (reused, free) and
// then by one incremental fetch. Each unit runs the stages of ./stages/ and commits the leads that need no
// sentence vector at once, then the rest a piece at a time as the encoder reads them (docs/decisions/0108,
// docs/decisions/0119-first-scan-at-once.md).
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import type { EventBus } from '../events.ts';
import type { Embedder } from '../scoring/embedder.ts';
import type { RedditItem, UpstreamSource } from '../upstream/source.ts';
import { type CallRow, createFetchesRepo, type FetchesRepo, type ListingState } from './fetches.repo.ts';
import { createScanLeadsRepo, type ScanLeadsRepo } from './scan-leads.repo.ts';
import type { ScanFigures } from './scans.repo.ts';
import type { ScanLogger } from './scans.types.ts';
import { announceCreated, announceDeleted } from './stages/announce.ts';
import { fetchListing, itemsBySubreddit, paidCalls } from './stages/fetch.ts';
import { keywordCounts, leadKey, type Match, matchItems } from './stages/match.ts';
import { type MeaningWork, planMeaning } from './stages/meaning.ts';
import { askModel, chargeModel, type ModelDeps, type Refined } from './stages/model.ts';
import { persistFailedFetch, persistUnit, recordFetch } from './stages/persist.ts';
import type { WatchingProject, Watchlist } from './stages/plan.ts';
import { alsoServed, reuseFetches, sharedCalls } from './stages/reuse.ts';
import { loadTriage, type ScoreInput, scoreMatches } from './stages/score.ts';

/**
 * Posts the encoder reads before a unit's first commit: a few seconds of encoding, so that a first scan's leads
 * are readable early; then CHUNK posts per commit.
 */
const FIRST_CHUNK = 16;
const CHUNK = 64;

/** One unit of a scan: one project brought up to date on one listing. */
export interface Unit {
  scanId: string;
  w: Watchlist;
  project: WatchingProject;
  listing: string;
}

/** The scan's life as its units see it. */
export interface UnitContext {
  /** The fencing token of the scan this process runs. */
  ownerOf(scanId: string): string | undefined;
  log(): ScanLogger;
  /** True once the process drains: a unit stops between its commits (the next runner catches up). */
  stopping(): boolean;
  /** The project's latest reply-draft choices (createDraftMemory). */
  recentOf(projectId: string): string[];
}

/**
 * What a unit writes with its last commit: the projects whose watermarks move to `upTo`, their free call rows,
 * and what the scan record counts of the items read. A unit stopped before it (a crash, a drain) is read again
 * by the next runner, so these are written once.
 */
interface Finish {
  served: string[];
  upTo: string;
  calls: CallRow[];
  figures: Pick<ScanFigures, 'itemsSeen' | 'subreddits' | 'keywords' | 'listingsDone'>;
}

export function createUnitRunner(deps: {
  db: Db;
  clock: Clock;
  events: EventBus;
  upstream: UpstreamSource;
  model: ModelDeps | null;
  embedder: Embedder | null;
  ctx: UnitContext;
}) {
  const { db, clock, events, upstream, model, embedder, ctx } = deps;
  const fetches: FetchesRepo = createFetchesRepo(db);
  const leadsRepo: ScanLeadsRepo = createScanLeadsRepo(db);
  const announcer = () => ({ events, log: ctx.log() });

  /**
   * Before a unit's first commit: the model's answers (when it may pay for them), the meaning stage's plan for
   * the items' matches in the projects the unit may serve with its first piece read, and the model's cost.
   */
  async function consult(u: Unit, items: RedditItem[], projectIds: Set<string>, pay: boolean) {
    const phase = model && pay ? await askModel(model, u.w, items, projectIds) : null;
    const work = planMeaning({ embedder, log: ctx.log() }, u.w, items, projectIds);
    await work.encodeNext(FIRST_CHUNK);
    const charge = phase ? chargeModel(phase, u.scanId, u.project.id, clock.now()) : null;
    return { refined: phase?.refined, work, charge };
  }

  /** The matches that can be scored now (answered by the model, or needing no vector or having it), and the rest. */
  function split(matches: readonly Match[], work: MeaningWork, refined: Map<string, Refined> | undefined) {
    const ready: Match[] = [];
    const waiting: Match[] = [];
    for (const m of matches) {
      if (refined?.has(leadKey(m.projectId, m.item)) || work.ready(m.projectId, m.item)) ready.push(m);
      else waiting.push(m);
    }
    return { ready, waiting };
  }

  /**
   * After a unit's first commit: the waiting matches scored and committed a piece at a time as the encoder reads
   * their posts, the watermarks and free call rows with the last. Stopped by a drain, the watermarks stay where
   * they were and the next runner catches up from storage (leads are unique: none is written twice).
   */
  async function finishPieces(
    u: Unit,
    pending: Match[],
    work: MeaningWork,
    score: (matches: readonly Match[]) => ReturnType<typeof scoreMatches>,
    finish: Finish,
    ahead: Promise<void>,
  ): Promise<number> {
    let waiting = pending;
    let written = 0;
    let reading = ahead;
    while (waiting.length) {
      if (ctx.stopping()) return written;
      await reading;
      const next = split(waiting, work, undefined);
      waiting = next.waiting;
      const done = waiting.length === 0;
      // The encoder reads the next piece while this one commits.
      reading = done ? Promise.resolve() : work.encodeNext(CHUNK);
      const created = await db.transaction((tx) =>
        persistUnit(tx, u.w, {
          scanId: u.scanId,
          owner: ctx.ownerOf(u.scanId),
          projectId: u.project.id,
          listing: u.listing,
          now: clock.now(),
          calls: done ? finish.calls : [],
          ...score(next.ready),
          threads: [],
          served: done ? finish.served : [],
          upTo: finish.upTo,
          figures: done ? finish.figures : {},
        }),
      );
      written += created.length;
      announceCreated(announcer(), created);
    }
    return written;
  }

  /**
   * Serves the project what the fetches of a listing bought after `after` (others' purchases, or with a
   * rematch the last 7 days whoever bought them); free call rows only for fetches after `callsAfter`.
   */
  async function catchUp(
    u: Unit,
    range: { after: string | null; callsAfter: string | null; upTo: string; rematch: boolean },
    pay: boolean,
  ) {
    const { scanId, w, project: p, listing } = u;
    const now = clock.now();
    const { after, callsAfter, upTo } = range;
    const reused = await reuseFetches(fetches, {
      scanId,
      projectId: p.id,
      listing,
      now,
      after,
      callsAfter,
      upTo,
    });
    const { items } = reused;
    const served = new Set([p.id]);
    const { refined, work, charge } = await consult(u, items, served, pay);
    const input: ScoreInput = {
      triage: await loadTriage(leadsRepo, w, served),
      meaningOf: work.meaningOf,
      refined,
      costOf: () => 0,
      now,
      recentOf: ctx.recentOf,
    };
    const score = (m: readonly Match[]) => scoreMatches(w, m, input);
    const matched = matchItems(w, items, served);
    const { ready, waiting } = split(matched.matches, work, refined);
    const ahead = waiting.length ? work.encodeNext(CHUNK) : Promise.resolve();
    const finish: Finish = {
      served: [p.id],
      upTo: range.upTo,
      calls: reused.calls,
      figures: {
        itemsSeen: items.length,
        subreddits: itemsBySubreddit(listing, items),
        keywords: items.length ? keywordCounts(p, matched.byKeyword.get(p.id)) : undefined,
        ...(range.rematch ? { listingsDone: [listing] } : {}),
      },
    };
    const complete = waiting.length === 0;
    const created = await db.transaction((tx) =>
      persistUnit(tx, w, {
        scanId,
        owner: ctx.ownerOf(scanId),
        projectId: p.id,
        listing,
        now,
        calls: [...(complete ? reused.calls : []), ...(charge?.rows ?? [])],
        ...score(ready),
        threads: matched.threads,
        served: complete ? finish.served : [],
        upTo: range.upTo,
        figures: {
          calls: reused.calls.length + (charge?.calls ?? 0),
          costUsd: charge?.costUsd ?? 0,
          errors: charge?.errors ?? [],
          ...(complete ? finish.figures : {}),
        },
      }),
    );
    announceCreated(announcer(), created);
    const later = await finishPieces(u, waiting, work, score, finish, ahead);
    ctx.log().info(
      {
        scanId,
        listing,
        reused: reused.calls.length,
        items: items.length,
        newLeads: created.length + later,
      },
      'scan unit committed',
    );
  }

  /**
   * One incremental fetch of the listing, committed with its items, cursor and paid calls and the leads that are
   * ready; it serves every other project up to date on the listing too. A failed fetch records its calls and
   * error and the scan goes on.
   */
  async function buy(u: Unit, state: ListingState, rematch: boolean) {
    const { scanId, w, project: p, listing } = u;
    const outcome = await fetchListing(upstream, listing, state, clock.now());
    const at = clock.now();
    const log = ctx.log();
    if (!outcome.ok) {
      const forgotten = await db.transaction((tx) =>
        persistFailedFetch(tx, {
          scanId,
          owner: ctx.ownerOf(scanId),
          projectId: p.id,
          listing,
          at,
          failed: outcome.failed,
        }),
      );
      announceDeleted(announcer(), forgotten);
      log.warn({ scanId, listing, err: outcome.failed.error }, 'upstream fetch failed; the scan goes on');
      return;
    }
    const { bought } = outcome;
    const { items } = bought;
    if (bought.stoppedBy)
      log.warn({ scanId, listing, err: bought.stoppedBy }, 'upstream walk stopped partway');
    if (bought.problems)
      log.warn({ scanId, listing, problems: bought.problems }, 'upstream answer partly unreadable');
    const lastId = state.last?.id ?? null;
    // The model answers before the transaction, for the projects this fetch will serve as far as can be told
    // now; one that turns up to date meanwhile gets the local result (the transaction decides who is served).
    const likely = new Set([
      p.id,
      ...(model || embedder ? alsoServed(w, await fetches.upToDate(listing, lastId), p.id, listing) : []),
    ]);
    const { refined, work, charge } = await consult(u, items, likely, true);
    // The encoder reads the second piece while the fetch and the first piece commit.
    const ahead = work.pending ? work.encodeNext(CHUNK) : Promise.resolve();
    const unit = await db.transaction(async (tx) => {
      const others = alsoServed(w, await createFetchesRepo(tx).upToDate(listing, lastId), p.id, listing);
      const { fetchId, forgotten } = await recordFetch(tx, { listing, projectId: p.id, scanId, at, bought });
      const served = new Set([p.id, ...others]);
      const matched = matchItems(w, items, served);
      const input: ScoreInput = {
        triage: await loadTriage(createScanLeadsRepo(tx), w, served),
        meaningOf: work.meaningOf,
        refined,
        costOf: (id) => (id === p.id ? bought.itemCostUsd : 0),
        now: at,
        recentOf: ctx.recentOf,
      };
      const score = (m: readonly Match[]) => scoreMatches(w, m, input);
      const { ready, waiting } = split(matched.matches, work, refined);
      const shared = sharedCalls(bought.calls, others, fetchId, at);
      const complete = waiting.length === 0;
      const finish: Finish = {
        served: [...served],
        upTo: fetchId,
        calls: shared,
        figures: {
          itemsSeen: items.length,
          subreddits: itemsBySubreddit(listing, items),
          keywords: items.length ? keywordCounts(p, matched.byKeyword.get(p.id)) : undefined,
          ...(rematch ? { listingsDone: [listing] } : {}),
        },
      };
      const created = await persistUnit(tx, w, {
        scanId,
        owner: ctx.ownerOf(scanId),
        projectId: p.id,
        listing,
        now: at,
        calls: [
          ...paidCalls(bought.calls, { projectId: p.id, scanId, fetchId, at }),
          ...(complete ? shared : []),
          ...(charge?.rows ?? []),
        ],
        ...score(ready),
        threads: matched.threads,
        served: complete ? finish.served : [],
        upTo: fetchId,
        figures: {
          calls: bought.calls.length + (charge?.calls ?? 0),
          costUsd: bought.costUsd + (charge?.costUsd ?? 0),
          errors: [...bought.errors, ...(charge?.errors ?? [])],
          ...(complete ? finish.figures : {}),
        },
      });
      return { created, forgotten, waiting, score, finish };
    });
    const { created, forgotten } = unit;
    announceDeleted(announcer(), forgotten);
    announceCreated(announcer(), created);
    const later = await finishPieces(u, unit.waiting, work, unit.score, unit.finish, ahead);
    log.info(
      {
        scanId,
        listing,
        calls: bought.calls.length,
        items: items.length,
        newLeads: created.length + later,
        deletedLeads: forgotten.length,
      },
      'scan unit committed',
    );
  }

  return {
    /**
     * Brings one project up to date on one listing: first what others already bought (reused, free; with
     * `rematch`, everything bought in the last 7 days, for a watch list that changed), then, when the last fetch
     * is older than `freshMs`, one incremental fetch (when `mayPay` allows). Each step commits on its own.
     * False when the daily spend cap kept it from buying (the listing waits for tomorrow).
     */
    async serveListing(
      u: Unit,
      opts: { freshMs: number; rematch: boolean; mayPay: () => Promise<boolean>; paysModel: boolean },
    ): Promise<boolean> {
      const state = await fetches.listingState(u.listing);
      const wm = await fetches.watermark(u.project.id, u.listing);
      const behind = wm === null || Number(wm) < Number(state.last?.id ?? 0);
      if (state.last && (behind || opts.rematch)) {
        const pay = opts.paysModel ? await opts.mayPay() : true;
        const { rematch } = opts;
        await catchUp(u, { after: rematch ? null : wm, callsAfter: wm, upTo: state.last.id, rematch }, pay);
        // Stopped partway by a drain: a fetch now would move the watermark past what is still to read.
        if (ctx.stopping()) return true;
      }
      if (state.last && state.last.fetched_at.getTime() > clock.now().getTime() - opts.freshMs) return true;
      if (!(await opts.mayPay())) return false;
      await buy(u, state, opts.rematch);
      return true;
    },
  };
}
export type UnitRunner = ReturnType<typeof createUnitRunner>;
