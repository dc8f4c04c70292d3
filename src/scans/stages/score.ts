import { TRIAGE_MEMORY_LIMIT } from '../../domain/scoring/triage.ts';
import {
  applyTriage,
  compileTriage,
  draftReply,
  scoreItem,
  type TriageMemory,
} from '../../domain/scoring.ts';
import type { NewLead, ScanLeadsRepo } from '../scan-leads.repo.ts';
import { leadKey, type Match } from './match.ts';
import type { MeaningOf } from './meaning.ts';
import type { Refined } from './model.ts';
import type { Watchlist } from './plan.ts';

/** What scoring a unit's matches takes beside them. */
export interface ScoreInput {
  /** Each served project's triage memory (what its hidden and not-a-fit leads look like). */
  triage: Map<string, TriageMemory | null>;
  meaningOf: MeaningOf;
  /** The model's answers by lead key, where it gave one. */
  refined?: Map<string, Refined>;
  /** What each new lead of the project cost (its share of the fetch that bought the item). */
  costOf(projectId: string): number;
  now: Date;
  /** The project's latest reply-draft choices, which this scoring adds to. */
  recentOf(projectId: string): string[];
}

/**
 * Each project's latest reply-draft choices (openings, tips, questions back, disclosures), so that its drafts do
 * not read alike however few there are (draftReply). In memory: after a restart a project starts a fresh list.
 */
export function createDraftMemory(): (projectId: string) => string[] {
  const recentChoices = new Map<string, string[]>();
  return (projectId) => {
    const recent = recentChoices.get(projectId) ?? [];
    recentChoices.set(projectId, recent);
    return recent;
  };
}

/** The served projects' triage memories: what their hidden and not-a-fit leads look like. */
export async function loadTriage(
  repo: Pick<ScanLeadsRepo, 'rejectedLeads'>,
  w: Watchlist,
  served: Set<string>,
): Promise<Map<string, TriageMemory | null>> {
  const rows = await repo.rejectedLeads([...served], TRIAGE_MEMORY_LIMIT);
  const by = new Map<string, { title: string; body: string | null }[]>();
  for (const row of rows) by.set(row.project_id, [...(by.get(row.project_id) ?? []), row]);
  const out = new Map<string, TriageMemory | null>();
  for (const [id, rejected] of by) {
    const p = w.projects.get(id);
    if (p) out.set(id, compileTriage(p.profile, rejected));
  }
  return out;
}

/** A match scored below its project's threshold: never a lead, but a place of a lead whose story it copies. */
export type BelowThreshold = Omit<NewLead, 'reply' | 'scoredAt' | 'costUsd'>;

/** What scoring a unit's matches gives: the leads to write, and the matches below their thresholds. */
export interface Scored {
  leads: NewLead[];
  below: BelowThreshold[];
}

/**
 * Scores the matches (the model's answer where there is one, else the local score with the meaning stage's
 * vectors), lowered where a project's triage rejected similar leads; those at the threshold become leads, with
 * a reply draft.
 */
export function scoreMatches(w: Watchlist, matches: readonly Match[], input: ScoreInput): Scored {
  const leads: NewLead[] = [];
  const below: BelowThreshold[] = [];
  for (const { projectId, item, keyword } of matches) {
    const p = w.projects.get(projectId)!;
    const scoring = {
      kind: item.kind,
      title: item.title,
      body: item.body,
      subreddit: item.subreddit,
      author: item.author,
    };
    const r = input.refined?.get(leadKey(projectId, item));
    const s = applyTriage(
      r ? r.score : scoreItem(scoring, p.profile, input.meaningOf(projectId, item)),
      scoring,
      input.triage.get(projectId) ?? null,
    );
    // Below the threshold a match is not a lead and is not stored (docs/decisions/0012-scan-pipeline.md), unless
    // it copies a lead's story: then it is one of the lead's places (docs/decisions/0120-one-lead-per-story.md).
    if (s.score < p.threshold) {
      const { score, stage, reason, sellerSide } = s;
      below.push({ projectId, item, score, stage, reason, matchedPhrase: keyword, sellerSide });
      continue;
    }
    leads.push({
      projectId,
      item,
      score: s.score,
      stage: s.stage,
      reason: s.reason,
      matchedPhrase: keyword,
      sellerSide: s.sellerSide,
      // Written for the lead as scored (its stage decides how the draft answers).
      reply: r?.reply ?? draftReply(scoring, p.profile, s, input.recentOf(projectId)),
      scoredAt: input.now,
      costUsd: input.costOf(projectId),
    });
  }
  return { leads, below };
}
