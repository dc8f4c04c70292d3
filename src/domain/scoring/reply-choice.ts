// The deterministic choice of a draft's variants: the same post always gets the same draft, posts differ, and a
// project's recent drafts are not repeated while another variant is left.

/** A stable small number from the post, so the same post always gets the same draft and posts differ. */
export function pick(seed: string, n: number, salt: number): number {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  // A finalizer per salt, so the choices for one post are independent of each other.
  h = Math.imul(h ^ Math.imul(salt + 1, 0x9e3779b9), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) % n;
}

export const choose = <T>(list: readonly T[], seed: string, salt: number): T =>
  list[pick(seed, list.length, salt)]!;

/**
 * How many of a project's latest choices (each sentence a draft picks) a draft avoids repeating: a draft records
 * three to five, so this is the last hundred or so drafts, and each list of sentences is used round in turn.
 */
const RECENT_CHOICES = 400;

/**
 * The variant the seed picks, unless one of the project's recent drafts opened that way (`recent`, oldest first):
 * then the next variant none of them used, else the one used longest ago. The choice is added to `recent`.
 */
export function chooseFresh<T>(
  list: readonly T[],
  seed: string,
  salt: number,
  keyOf: (t: T) => string,
  recent: string[] | undefined,
): T {
  const start = pick(seed, list.length, salt);
  let chosen = list[start]!;
  if (recent) {
    let oldest = Number.POSITIVE_INFINITY;
    for (let i = 0; i < list.length; i++) {
      const t = list[(start + i) % list.length]!;
      const at = recent.lastIndexOf(keyOf(t));
      if (at < oldest) {
        chosen = t;
        oldest = at;
        if (at < 0) break;
      }
    }
    recent.push(keyOf(chosen));
    if (recent.length > RECENT_CHOICES) recent.splice(0, recent.length - RECENT_CHOICES);
  }
  return chosen;
}
