/** Where a buyer is, from describing the pain to ready to buy: the scoring core's vocabulary. */
export const STAGES = ['problem-aware', 'solution-seeking', 'comparing', 'purchase-ready'] as const;
export type Stage = (typeof STAGES)[number];

/** The threshold of a project whose scoreThreshold is null (docs/decisions/0012-scan-pipeline.md). */
export const DEFAULT_SCORE_THRESHOLD = 40;

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
  /** How reply drafts sound (docs/decisions/0121); 'plain' when absent. Scoring never reads it. */
  replyTone?: ReplyTone;
  /** A short line ending every reply draft ("— Sam from SnapBill"), or none. Scoring never reads it. */
  replySignature?: string | null;
}

/** How a project's reply drafts sound: short and direct, warmer, or more specific and technical. */
export type ReplyTone = 'plain' | 'friendly' | 'expert';
export const REPLY_TONES: readonly ReplyTone[] = ['plain', 'friendly', 'expert'];
/** The longest reply signature a project may set (docs/decisions/0121-replies-a-person-would-post.md). */
export const MAX_SIGNATURE_CHARS = 80;

export interface LeadScore {
  score: number;
  stage: Stage | null;
  reason: string | null;
  sellerSide: boolean;
  matchedPhrase: string | null;
}
