import type { Stage } from '../leads/leads.schemas.ts';

/** The text the scorer reads: a post, or a comment with its post's title. */
export interface ScoringItem {
  kind: 'post' | 'comment';
  title: string;
  body: string;
  subreddit: string;
  author: string | null;
}

/** The project profile the scorer matches against (the ProjectDetail fields it uses). */
export interface ScoringProfile {
  name: string;
  url: string | null;
  pain: string | null;
  solution: string | null;
  targetUsers: string | null;
  geography: string | null;
  budgetFit: string | null;
  keywords: string[];
  competitors: string[];
}

export interface LeadScore {
  score: number;
  stage: Stage | null;
  reason: string | null;
  sellerSide: boolean;
  matchedPhrase: string | null;
}

/**
 * PLACEHOLDER until the scoring issue (#4) lands: counts keyword hits. The scoring work replaces the body
 * of this function and keeps its signature.
 */
export function scoreItem(item: ScoringItem, profile: ScoringProfile): LeadScore {
  const text = `${item.title}\n${item.body}`.toLowerCase();
  const hits = profile.keywords.filter((k) => text.includes(k.toLowerCase()));
  return {
    score: Math.min(100, hits.length * 25),
    stage: null,
    reason: hits.length ? `mentions ${hits.join(', ')}` : null,
    sellerSide: false,
    matchedPhrase: hits[0] ?? null,
  };
}

/** PLACEHOLDER until #4: the reply draft a human reviews before posting. */
export function draftReply(item: ScoringItem, profile: ScoringProfile): string {
  return `Hi! ${profile.name}${profile.url ? ` (${profile.url})` : ''} might help with "${item.title}".`;
}

/** PLACEHOLDER until #4: the webhook's 1-5 leadScore from the 0-100 score. */
export function toLeadScore(score: number): number {
  return Math.min(5, Math.max(1, Math.ceil(score / 20)));
}
