/** Lead scoring and reply drafting: the local scorer (no I/O) and its helpers; see docs/scoring.md. */
export { toLeadScore } from './scoring/lead-score.ts';
export { itemText, type MeaningVectors, profileTexts, unit } from './scoring/meaning.ts';
export { productName } from './scoring/product-name.ts';
export { type CompiledProfile, compileProfile } from './scoring/profile.ts';
export { draftReply, signatureProblem } from './scoring/reply.ts';
export { scoreItem } from './scoring/score.ts';
export {
  applyTriage,
  compileTriage,
  type RejectedLead,
  type TriageMemory,
} from './scoring/triage.ts';
export {
  DEFAULT_SCORE_THRESHOLD,
  type LeadScore,
  MAX_SIGNATURE_CHARS,
  REPLY_TONES,
  type ReplyTone,
  type ScoringItem,
  type ScoringProfile,
  STAGES,
  type Stage,
} from './scoring/types.ts';
