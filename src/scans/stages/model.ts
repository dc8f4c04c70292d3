import type { LeadScore } from '../../domain/scoring.ts';
import type { LeadScorer } from '../../scoring/lead-scorer.ts';
import type { RedditItem, UpstreamCall } from '../../upstream/source.ts';
import type { CallRow } from '../fetches.repo.ts';
import { leadKey, matchesOf } from './match.ts';
import type { Watchlist } from './plan.ts';

/** A served project's model answer for one matched item: the score, and the reply when it makes a new lead. */
export interface Refined {
  score: LeadScore;
  reply?: string;
}

/** What the model phase of one scan unit produced: answers by lead key, calls to record, errors to report. */
export interface ModelPhase {
  refined: Map<string, Refined>;
  calls: { projectId: string; call: UpstreamCall }[];
  errors: { projectId: string; error: string }[];
}

/** The model phase as the scanned project's scan record and the call ledger take it. */
export interface ModelCharge {
  /** Every project's model calls as call rows (each pays for its own items). */
  rows: CallRow[];
  /** The scanned project's share. */
  calls: number;
  costUsd: number;
  errors: string[];
}

export interface ModelDeps {
  scorer: LeadScorer;
  /** At most this many items with the model at once (LLM_CONCURRENCY). */
  concurrency: number;
  /** Keys (leadKey) of the given items that are already leads of the given projects. */
  existingLeads(projectIds: string[], postIds: string[]): Promise<Set<string>>;
}

/** The reddit fullname, the model cache's item key. */
const itemKey = (item: RedditItem) => (item.kind === 'comment' ? `t1_${item.id}` : `t3_${item.postId}`);

/** Identical errors of one unit once, with how many items met them (a model that is down fails every item). */
function collapse(errors: string[]): string[] {
  const counts = new Map<string, number>();
  for (const e of errors) counts.set(e, (counts.get(e) ?? 0) + 1);
  return [...counts].map(([e, n]) => (n > 1 ? `${e} (${n} items)` : e));
}

/**
 * The model phase, before the unit's transaction: the matched items of the given projects that are not leads
 * yet are scored by the lead scorer (the model sees those passing the pre-score) and those at or above the
 * threshold get the model's reply. Bounded by the concurrency; failures keep the local result.
 */
export async function askModel(
  deps: ModelDeps,
  w: Watchlist,
  items: readonly RedditItem[],
  projectIds: Set<string>,
): Promise<ModelPhase> {
  const phase: ModelPhase = { refined: new Map(), calls: [], errors: [] };
  const matched = matchesOf(w, items, projectIds);
  if (!matched.length) return phase;
  const stored = await deps.existingLeads(
    [...projectIds],
    matched.map((m) => m.item.postId),
  );
  const todo = matched.filter((m) => !stored.has(leadKey(m.projectId, m.item)));
  let next = 0;
  const work = async () => {
    for (let m = todo[next++]; m; m = todo[next++]) {
      const p = w.projects.get(m.projectId)!;
      const scoring = {
        kind: m.item.kind,
        title: m.item.title,
        body: m.item.body,
        subreddit: m.item.subreddit,
        author: m.item.author,
      };
      const key = itemKey(m.item);
      const s = await deps.scorer.score(scoring, p.profile, key);
      const answer: Refined = { score: s.score };
      const calls = [...s.calls];
      const errors = [...s.errors];
      if (s.score.score >= p.threshold) {
        const d = await deps.scorer.draft(scoring, p.profile, s.score, key);
        answer.reply = d.reply;
        calls.push(...d.calls);
        errors.push(...d.errors);
      }
      phase.refined.set(leadKey(m.projectId, m.item), answer);
      for (const call of calls) phase.calls.push({ projectId: m.projectId, call });
      for (const error of errors) phase.errors.push({ projectId: m.projectId, error });
    }
  };
  await Promise.all(Array.from({ length: Math.min(deps.concurrency, todo.length) }, work));
  return phase;
}

/**
 * The model calls as call rows (each project pays for its own items; only the scanned project's carry the
 * scan) and the scanned project's share for its scan record.
 */
export function chargeModel(phase: ModelPhase, scanId: string, projectId: string, at: Date): ModelCharge {
  const rows: CallRow[] = phase.calls.map(({ projectId: id, call }) => ({
    projectId: id,
    api: call.api,
    costUsd: call.costUsd,
    reused: false,
    ok: call.ok,
    calledAt: at,
    scanId: id === projectId ? scanId : null,
    fetchId: null,
  }));
  const own = phase.calls.filter((c) => c.projectId === projectId);
  return {
    rows,
    calls: own.length,
    costUsd: own.reduce((n, c) => n + c.call.costUsd, 0),
    errors: collapse(phase.errors.filter((e) => e.projectId === projectId).map((e) => e.error)),
  };
}
