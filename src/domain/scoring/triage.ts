import { compileProfile } from './profile.ts';
import { contentStems } from './text.ts';
import type { LeadScore, ScoringItem, ScoringProfile } from './types.ts';

/**
 * What a project's triage taught: the leads its people hid or marked not a fit, as sets of content stems.
 * Items much like one of them are lowered for that project only (docs/scoring.md, "Triage feedback").
 */
export interface TriageMemory {
  rejected: Set<string>[];
  /** The profile's own words: every candidate shares them, so they say nothing about why one was rejected. */
  ignore: Set<string>;
}

/** A rejected lead as the scan pipeline reads it back from the database. */
export interface RejectedLead {
  title: string;
  body: string | null;
}

/** The text a lead is compared by: its title counts twice, the start of its body once. */
const BODY_CHARS = 600;
/** At most this many rejected leads are kept per project, newest first (bounds the work per item). */
export const TRIAGE_MEMORY_LIMIT = 200;
/** Below this similarity an item is not "like" a rejected lead; at 1 it is the same text. */
const SIMILAR = 0.35;
/** The most a score loses to triage (at similarity 1). */
const MAX_DROP = 0.7;

function fingerprint(title: string, body: string | null, ignore: Set<string>): Set<string> {
  const out = new Set<string>();
  for (const s of contentStems(title)) if (!ignore.has(s)) out.add(s);
  for (const s of contentStems((body ?? '').slice(0, BODY_CHARS))) if (!ignore.has(s)) out.add(s);
  return out;
}

/** The memory of one project's rejected leads (newest first), or null when there are none. */
export function compileTriage(
  profile: ScoringProfile,
  rejected: readonly RejectedLead[],
): TriageMemory | null {
  if (rejected.length === 0) return null;
  const ignore = new Set(compileProfile(profile).concepts.keys());
  return {
    ignore,
    rejected: rejected
      .slice(0, TRIAGE_MEMORY_LIMIT)
      .map((r) => fingerprint(r.title, r.body, ignore))
      .filter((s) => s.size > 0),
  };
}

/** Cosine similarity of two sets (as binary vectors). */
function similarity(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const x of small) if (large.has(x)) shared++;
  return shared / Math.sqrt(a.size * b.size);
}

/** How like the item is to the closest rejected lead (0-1), and how many rejected leads it is like. */
export function triageSimilarity(item: ScoringItem, memory: TriageMemory): { best: number; like: number } {
  const f = fingerprint(item.title, item.body, memory.ignore);
  let best = 0;
  let like = 0;
  for (const r of memory.rejected) {
    const s = similarity(f, r);
    if (s >= SIMILAR) like++;
    if (s > best) best = s;
  }
  return { best, like };
}

/**
 * The score after the project's triage: an item like leads the project rejected loses up to 70% of its score
 * (more the closer it is), and the reason says so. Without a memory, or far from every rejected lead, the
 * score is returned as it was.
 */
export function applyTriage(score: LeadScore, item: ScoringItem, memory: TriageMemory | null): LeadScore {
  if (!memory || score.sellerSide) return score;
  const { best, like } = triageSimilarity(item, memory);
  if (best < SIMILAR) return score;
  const drop = MAX_DROP * Math.min(1, (best - SIMILAR) / (1 - SIMILAR) + 0.3);
  const note =
    like > 1
      ? `ranked lower: like ${like} leads you marked hidden or not a fit`
      : 'ranked lower: like a lead you marked hidden or not a fit';
  return {
    ...score,
    score: Math.round(score.score * (1 - drop)),
    reason: score.reason ? `${score.reason}; ${note}` : note,
  };
}
