import type { UpstreamCall } from '../../upstream/source.ts';
import type { CallRow, FetchesRepo, FetchRow, StoredItem } from '../fetches.repo.ts';
import type { Watchlist } from './plan.ts';

/** A project's first scan of a listing is served from what was bought in this window before it. */
export const FIRST_SCAN_LOOKBACK_MS = 7 * 86_400_000;

/** What others bought of a listing that a project has not seen yet: the items, and a free call row per call. */
export interface Reused {
  items: StoredItem[];
  calls: CallRow[];
}

/** One reused (free) call row per call of the fetches others bought; the project's own fetches are skipped. */
export function reusedCalls(
  fetches: readonly FetchRow[],
  projectId: string,
  scanId: string,
  at: Date,
): CallRow[] {
  const calls: CallRow[] = [];
  for (const f of fetches) {
    if (f.project_id === projectId) continue;
    for (const a of f.apis) {
      for (let i = 0; i < a.calls; i++) {
        calls.push({
          projectId,
          api: a.api,
          costUsd: 0,
          reused: true,
          ok: true,
          calledAt: at,
          scanId,
          fetchId: f.id,
        });
      }
    }
  }
  return calls;
}

/**
 * The fetches of the listing after `after` (the project's watermark, or null for all), up to `upTo`, bought in the
 * look-back window; free call rows only for those after `callsAfter` (a rematch reads again what it was served).
 */
export async function reuseFetches(
  repo: Pick<FetchesRepo, 'fetchesAfter'>,
  r: {
    scanId: string;
    projectId: string;
    listing: string;
    after: string | null;
    callsAfter?: string | null;
    upTo: string;
    now: Date;
  },
): Promise<Reused> {
  const { fetches, items } = await repo.fetchesAfter(
    r.listing,
    r.after,
    r.upTo,
    new Date(r.now.getTime() - FIRST_SCAN_LOOKBACK_MS),
  );
  const callsAfter = r.callsAfter === undefined ? r.after : r.callsAfter;
  const paid = callsAfter === null ? fetches : fetches.filter((f) => Number(f.id) > Number(callsAfter));
  return { items, calls: reusedCalls(paid, r.projectId, r.scanId, r.now) };
}

/**
 * The other projects a new fetch of the listing serves too: those watching it that were up to date on it
 * (`all-new`: its first fetch, so every project watching it). A listing several projects share is bought once.
 */
export function alsoServed(
  w: Watchlist,
  upToDate: string[] | 'all-new',
  projectId: string,
  listing: string,
): string[] {
  return (upToDate === 'all-new' ? [...w.projects.keys()] : upToDate).filter(
    (id) => id !== projectId && w.projects.get(id)?.listings.has(listing),
  );
}

/** Free call rows for the other projects a fetch served: one per call that bought something. */
export function sharedCalls(
  calls: readonly UpstreamCall[],
  projectIds: readonly string[],
  fetchId: string,
  at: Date,
): CallRow[] {
  const rows: CallRow[] = [];
  for (const projectId of projectIds) {
    for (const call of calls) {
      if (call.ok)
        rows.push({
          projectId,
          api: call.api,
          costUsd: 0,
          reused: true,
          ok: true,
          calledAt: at,
          scanId: null,
          fetchId,
        });
    }
  }
  return rows;
}
