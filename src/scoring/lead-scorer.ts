import {
  draftReply,
  type LeadScore,
  type ScoringItem,
  type ScoringProfile,
  scoreItem,
} from '../domain/scoring.ts';
import type { UpstreamCall } from '../upstream/source.ts';
import type { LlmScorer } from './llm.service.ts';

/** A scored item with the model calls it cost and the errors to put on the scan record. */
export interface ScoredItem {
  score: LeadScore;
  calls: UpstreamCall[];
  errors: string[];
}

export interface DraftedReply {
  reply: string;
  calls: UpstreamCall[];
  errors: string[];
}

/**
 * What the scan pipeline calls per matched item and per new lead: the local scorer always, then the model when
 * one is configured (llm null: local only, no I/O beyond the promise).
 */
export function createLeadScorer(deps: { llm: LlmScorer | null }) {
  const { llm } = deps;
  return {
    async score(item: ScoringItem, profile: ScoringProfile, itemKey: string): Promise<ScoredItem> {
      const local = scoreItem(item, profile);
      if (!llm) return { score: local, calls: [], errors: [] };
      const r = await llm.refine(item, profile, local, itemKey);
      return { score: r.score, calls: r.call ? [r.call] : [], errors: r.error ? [r.error] : [] };
    },
    async draft(
      item: ScoringItem,
      profile: ScoringProfile,
      lead: LeadScore,
      itemKey: string,
    ): Promise<DraftedReply> {
      if (!llm) return { reply: draftReply(item, profile, lead), calls: [], errors: [] };
      const r = await llm.draftReply(item, profile, lead, itemKey);
      return { reply: r.reply, calls: r.call ? [r.call] : [], errors: r.error ? [r.error] : [] };
    },
  };
}
export type LeadScorer = ReturnType<typeof createLeadScorer>;
