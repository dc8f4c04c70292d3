import { enqueueAlerts } from '../../alerts/alerts.repo.ts';
import type { Queryable } from '../../db/client.ts';
import { createDeletionsRepo, type ForgottenLead } from '../../deletions/deletions.repo.ts';
import type { LeadCreatedEvent } from '../../events.ts';
import { enqueueLeadEvents } from '../../webhooks/webhooks.outbox.ts';
import { type CallRow, createFetchesRepo } from '../fetches.repo.ts';
import { createScanLeadsRepo, type NewLead } from '../scan-leads.repo.ts';
import { createScansRepo, type ScanFigures } from '../scans.repo.ts';
import { type Bought, type FailedFetch, itemsBySubreddit, paidCalls } from './fetch.ts';
import type { ThreadToRead } from './match.ts';
import type { Watchlist } from './plan.ts';
import type { BelowThreshold } from './score.ts';
import { writeStoryLeads } from './story.ts';

/** A lead a unit created, as the scan announces it. */
export type CreatedLead = LeadCreatedEvent;

/** The scan a unit writes to, under the fencing token its runner holds (undefined: whoever holds it). */
export interface ScanRef {
  scanId: string;
  owner: string | undefined;
  /** The scanned project: its new leads are the scan record's. */
  projectId: string;
}

/** What one unit of a scan commits, all in the caller's transaction. */
export interface UnitWrite extends ScanRef {
  listing: string;
  now: Date;
  calls: CallRow[];
  leads: NewLead[];
  /** Matches below their thresholds: places of the leads whose stories they copy. */
  below?: BelowThreshold[];
  threads: ThreadToRead[];
  /** The projects now served up to `upTo` (a fetch id) of the listing: their watermarks move there. */
  served: string[];
  upTo: string;
  figures: Omit<ScanFigures, 'newLeads'>;
}

/**
 * Inserts the leads not already there, one per story (a copy of a lead's story is one of its places), and queues
 * the threads that need a read of their own; returns the new leads as the scan announces them.
 */
async function writeLeads(
  tx: Queryable,
  w: Watchlist,
  u: Pick<UnitWrite, 'leads' | 'below' | 'threads' | 'listing' | 'now'>,
): Promise<CreatedLead[]> {
  const { threads, listing, now } = u;
  const r = createScanLeadsRepo(tx);
  const created = await writeStoryLeads(tx, u.leads, u.below ?? [], now);
  // Announced in the same commit as written: the outbox holds each new lead's deliveries (ADR 0109).
  await enqueueLeadEvents(tx, [...created.values()]);
  await enqueueAlerts(tx, [...created.values()]);
  if (!listing.startsWith('thread:') && threads.length) {
    // A thread needs its own read only where the subreddit's comment listing may have missed comments.
    const fetches = createFetchesRepo(tx);
    const covered = new Map<string, Date | null>();
    const needed: ThreadToRead[] = [];
    for (const th of threads) {
      const sub = th.subreddit.toLowerCase();
      if (!covered.has(sub)) covered.set(sub, await fetches.completeSince(`comments:${sub}`));
      const since = covered.get(sub);
      // Only a project reading the subreddit's comments (a new: listing) has them; search finds posts alone.
      if (!listing.startsWith('new:') || !since || th.postedAt < since) needed.push(th);
    }
    await r.queueThreads(needed, now);
  }
  return [...created].map(([l, leadId]) => ({
    leadId,
    projectId: l.projectId,
    projectName: w.projects.get(l.projectId)!.name,
    subreddit: l.item.subreddit,
    title: l.item.title,
    url: l.item.url,
    score: l.score,
    reply: l.reply,
    draftedAt: now,
  }));
}

/**
 * Commits a unit: its call rows, its leads and threads, the served projects' watermarks and the scan's figures.
 * The figures are written under the fencing token: when another runner has taken the scan over, ScanTakenOver
 * is thrown and the caller's transaction rolls the whole unit back.
 */
export async function persistUnit(tx: Queryable, w: Watchlist, u: UnitWrite): Promise<CreatedLead[]> {
  const fetches = createFetchesRepo(tx);
  await fetches.insertCalls(u.calls);
  const created = await writeLeads(tx, w, u);
  await fetches.setWatermark(u.served, u.listing, u.upTo);
  await createScansRepo(tx).addToScan(
    u.scanId,
    { ...u.figures, newLeads: created.filter((l) => l.projectId === u.projectId).length },
    u.owner,
  );
  return created;
}

/** Records what a fetch bought (items, cursor, coverage) and forgets what it showed gone; returns the fetch id. */
export async function recordFetch(
  tx: Queryable,
  f: { listing: string; projectId: string; scanId: string; at: Date; bought: Bought },
): Promise<{ fetchId: string; forgotten: ForgottenLead[] }> {
  const forgotten = await createDeletionsRepo(tx).forget(f.bought.gone, f.at);
  const fetchId = await createFetchesRepo(tx).insertFetch({
    listing: f.listing,
    projectId: f.projectId,
    scanId: f.scanId,
    at: f.at,
    calls: f.bought.calls.length,
    costUsd: f.bought.costUsd,
    apis: f.bought.apis,
    items: f.bought.items,
    cursor: f.bought.cursor,
    completeSince: f.bought.completeSince,
  });
  return { fetchId, forgotten };
}

/** Records a failed fetch: the calls it paid for, the error on the scan (fenced), what the answers showed gone. */
export async function persistFailedFetch(
  tx: Queryable,
  f: ScanRef & { listing: string; at: Date; failed: FailedFetch },
): Promise<ForgottenLead[]> {
  const { calls } = f.failed;
  await createFetchesRepo(tx).insertCalls(
    paidCalls(calls, { projectId: f.projectId, scanId: f.scanId, fetchId: null, at: f.at }),
  );
  await createScansRepo(tx).addToScan(
    f.scanId,
    {
      calls: calls.length,
      costUsd: calls.reduce((n, call) => n + call.costUsd, 0),
      subreddits: itemsBySubreddit(f.listing, []),
      errors: [`${f.listing}: ${f.failed.error}`],
    },
    f.owner,
  );
  return createDeletionsRepo(tx).forget(f.failed.gone, f.at);
}
