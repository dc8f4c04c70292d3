/**
 * The webhook's 1-5 leadScore from the 0-100 score (docs/scoring.md): 0-19 -> 1, 20-39 -> 2, 40-59 -> 3,
 * 60-79 -> 4, 80-100 -> 5. Equal-width bands, so the two scales sort leads the same way.
 */
export function toLeadScore(score: number): number {
  if (!Number.isFinite(score)) return 1;
  return Math.min(5, Math.max(1, Math.floor(score / 20) + 1));
}
