import { type Static, Type } from 'typebox';
import { DateTime, Nullable, StringEnum } from '../contract/schemas.ts';

// The dashboard's keyword performance (docs/decisions/0099-keyword-performance.md); not in the public OpenAPI document.

const Count = Type.Integer({ minimum: 0 });

export const KeywordStat = Type.Object({
  /** As the project spells it. */
  keyword: Type.String(),
  /**
   * exclusion: a `-` keyword (it matches nothing, it drops items); over-limit: past the plan's keywords, not
   * scanned; the others from src/domain/keyword-health.ts.
   */
  verdict: StringEnum(['ok', 'noisy', 'rejected', 'dead', 'uncounted', 'over-limit', 'exclusion']),
  /**
   * Items it matched in the window's scans, below the threshold too; null when no scan counted it (none has read
   * an item since it was added).
   */
  matched: Nullable(Count),
  /** Leads it found that were scored in the window, whatever their status now. */
  leads: Count,
  meanScore: Nullable(Type.Integer({ minimum: 0, maximum: 100 })),
  notFit: Count,
  /** Hidden by the person: not replied-to leads, nor those hidden by a raised threshold. */
  hidden: Count,
  replied: Count,
  /**
   * Keyword health (src/domain/keyword-health.ts): a keyword that names only a kind of product ("software"), or a
   * noisy one that matched a large share of the items read in the window, with what to do instead; null otherwise.
   */
  warning: Nullable(Type.String()),
});
export type KeywordStat = Static<typeof KeywordStat>;

export const KeywordStats = Type.Object({
  days: Type.Integer({ minimum: 1 }),
  since: DateTime,
  /** The project's scans created in the window, and the posts and comments they read. */
  scans: Count,
  itemsSeen: Count,
  /** Every keyword of the project, in its order. */
  keywords: Type.Array(KeywordStat),
});
export type KeywordStats = Static<typeof KeywordStats>;
