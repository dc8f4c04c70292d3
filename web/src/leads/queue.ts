// The lead queue's state outside the page: filters read from the URL, the API queries they make, and what a
// status change does to the visible rows and the counts (applied at once, before the server answers).
import type { Lead, LeadSummary, QueueStatus, Stage } from '../types.ts';

export const STATUS_LABELS: Record<QueueStatus | 'all', string> = {
  new: 'New',
  hidden: 'Hidden',
  not_fit: 'Not a fit',
  replied: 'Replied',
  all: 'All',
};
export const QUEUES = ['new', 'replied', 'hidden', 'not_fit'] as const;

/** The queue a lead is in: its status, or replied for a hidden lead the person replied to (ADR 0098). */
export const queueOf = (lead: Lead): QueueStatus =>
  lead.status === 'hidden' && lead.repliedAt ? 'replied' : lead.status;
export const STAGES: Stage[] = ['problem-aware', 'solution-seeking', 'comparing', 'purchase-ready'];
export const MIN_SCORES = ['', '40', '60', '80'];
export const DAYS = ['', '14', '7', '3', '1'];
export const PAGE_SIZES = ['50', '100', '500'];

export interface QueueFilters {
  status: QueueStatus | 'all';
  minScore: string;
  stage: Stage | '';
  seller: '' | 'buyers' | 'sellers';
  subreddit: string;
  days: string;
  q: string;
}

const pick = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/** The filters in the URL; anything unreadable falls back to its default rather than failing the page. */
export function readFilters(query: URLSearchParams): QueueFilters {
  return {
    status: pick(query.get('status'), [...QUEUES, 'all'] as const, 'new'),
    minScore: pick(query.get('minScore'), MIN_SCORES, ''),
    stage: pick(query.get('stage'), ['', ...STAGES] as const, ''),
    seller: pick(query.get('seller'), ['', 'buyers', 'sellers'] as const, ''),
    subreddit: (query.get('subreddit') ?? '').slice(0, 100),
    days: pick(query.get('days'), DAYS, ''),
    q: (query.get('q') ?? '').slice(0, 200),
  };
}

/** The dashboard API's query for these filters (without paging). */
export function filterParams(f: QueueFilters): URLSearchParams {
  const p = new URLSearchParams({ status: f.status });
  if (f.minScore) p.set('minScore', f.minScore);
  if (f.stage) p.set('stage', f.stage);
  if (f.seller) p.set('sellerSide', f.seller === 'sellers' ? 'true' : 'false');
  if (f.subreddit) p.set('subreddit', f.subreddit);
  if (f.days) p.set('days', f.days);
  if (f.q.trim()) p.set('q', f.q.trim());
  return p;
}

/** Does a lead of this status belong in the list shown for the status filter? */
export const belongs = (status: QueueStatus, filter: QueueFilters['status']) =>
  filter === 'all' || filter === status;

/** The list's order: highest score first, the id breaking ties (as the server sorts). */
export function byRank(a: Lead, b: Lead): number {
  return b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export interface Move {
  lead: Lead;
  from: QueueStatus;
  to: QueueStatus;
  /** The lead after the move: its status and marks as the server will have them. */
  next: Lead;
}

/** A lead moved to a queue: replied is hidden with the time; any other move drops the marks (as the server does). */
export function moveLead(lead: Lead, to: QueueStatus, now: string): Move {
  const next: Lead =
    to === 'replied'
      ? { ...lead, status: 'hidden', repliedAt: lead.repliedAt ?? now, belowThreshold: null }
      : { ...lead, status: to, repliedAt: null, belowThreshold: null };
  return { lead, from: queueOf(lead), to, next };
}

/** The moves that undo these. */
export const reverse = (moves: Move[]): Move[] =>
  moves.map((m) => ({ lead: m.next, from: m.to, to: m.from, next: m.lead }));

/** The rows after moving leads: a lead leaving the filtered queue leaves the list, one entering it comes back. */
export function applyMoves(rows: Lead[], moves: Move[], filter: QueueFilters['status']): Lead[] {
  const byId = new Map(moves.map((m) => [m.lead.id, m]));
  const kept = rows
    .filter((l) => {
      const m = byId.get(l.id);
      return !m || belongs(m.to, filter);
    })
    .map((l) => byId.get(l.id)?.next ?? l);
  const present = new Set(kept.map((l) => l.id));
  const returning = moves.filter((m) => !present.has(m.lead.id) && belongs(m.to, filter)).map((m) => m.next);
  return returning.length ? [...kept, ...returning].sort(byRank) : kept;
}

/** The counts after moving leads. */
export function applyCounts(counts: LeadSummary['counts'], moves: Move[]): LeadSummary['counts'] {
  const next = { ...counts };
  for (const m of moves) {
    if (m.from === m.to) continue;
    next[m.from] = Math.max(0, next[m.from] - 1);
    next[m.to] += 1;
  }
  return next;
}
