/**
 * Many phrase patterns, one pass over the text. A single regex with a hundred alternatives tries every one of
 * them at every character; here the text is cut into words once, and only the patterns that can start with a
 * word's first three letters are tried there (sticky regexes). Patterns whose start cannot be read that way are
 * run as ordinary regexes. See docs/decisions/0030-phrase-index.md.
 */

export interface PhraseHit {
  group: number;
  start: number;
  text: string;
}

const KEY_LEN = 3;

/** Index of the ")" closing the group that opens at i. */
function closeParen(s: string, i: number): number {
  let depth = 0;
  for (let j = i; j < s.length; j++) {
    const c = s[j];
    if (c === '\\') j++;
    else if (c === '[') {
      while (j < s.length && s[j] !== ']') j += s[j] === '\\' ? 2 : 1;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return j;
  }
  return -1;
}

function splitTop(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  for (let j = 0; j < s.length; j++) {
    const c = s[j];
    if (c === '\\') j++;
    else if (c === '[') {
      while (j < s.length && s[j] !== ']') j += s[j] === '\\' ? 2 : 1;
    } else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) {
      out.push(s.slice(from, j));
      from = j + 1;
    }
  }
  out.push(s.slice(from));
  return out;
}

/**
 * The first-word keys a pattern can start with, or null when that cannot be read from its source. A key is a
 * word's first three characters, or the whole word when shorter. A pattern with top-level alternatives
 * ("a b|c d") has the keys of each.
 */
export function startKeys(pattern: string): Set<string> | null {
  const keys = new Set<string>();
  for (const alt of splitTop(pattern)) {
    const k = keysFrom(alt, '');
    if (!k) return null;
    for (const x of k) keys.add(x);
  }
  return keys;
}

/** The keys of a pattern without top-level alternatives, after the characters already read (prefix). */
function keysFrom(pattern: string, prefix: string): Set<string> | null {
  if (prefix.length >= KEY_LEN) return new Set([prefix.slice(0, KEY_LEN)]);
  if (pattern === '' || /^[\s)]|^\(\?!|^\(\?=/.test(pattern)) return prefix ? new Set([prefix]) : null;
  if (pattern.startsWith('(?<!') || pattern.startsWith('(?<=')) {
    const end = closeParen(pattern, 0);
    return end < 0 ? null : keysFrom(pattern.slice(end + 1), prefix);
  }
  if (pattern.startsWith('(')) {
    const end = closeParen(pattern, 0);
    if (end < 0) return null;
    const inner = pattern.slice(pattern.startsWith('(?:') ? 3 : 1, end);
    let rest = pattern.slice(end + 1);
    const optional = rest.startsWith('?');
    if (optional) rest = rest.slice(1);
    if (/^[*+{]/.test(rest)) return null;
    const keys = new Set<string>();
    for (const alt of splitTop(inner)) {
      const k = keysFrom(alt + rest, prefix);
      if (!k) return null;
      for (const x of k) keys.add(x);
    }
    if (optional) {
      const k = keysFrom(rest, prefix);
      if (!k) return null;
      for (const x of k) keys.add(x);
    }
    return keys;
  }
  // A character class ("[0-9]+") is no key; only an escaped "\\[" opens a tag word below.
  if (pattern.startsWith('[')) return prefix ? new Set([prefix]) : null;
  let ch: string;
  let rest: string;
  if (pattern.startsWith('\\')) {
    ch = pattern[1] ?? '';
    rest = pattern.slice(2);
    if (ch === '$') return prefix ? new Set([prefix]) : new Set(['$']);
    if (!/[[\].'-]/.test(ch)) return prefix && ch === 's' ? new Set([prefix]) : null;
  } else {
    ch = pattern[0]!;
    rest = pattern.slice(1);
  }
  const wordChar = /[a-z0-9'£€₹]/.test(ch) || (ch === '[' && prefix === '');
  if (!wordChar) return prefix ? new Set([prefix]) : null;
  if (rest.startsWith('?')) {
    const a = keysFrom(rest.slice(1), prefix + ch);
    const b = keysFrom(rest.slice(1), prefix);
    if (!a || !b) return null;
    return new Set([...a, ...b]);
  }
  if (/^[*+{]/.test(rest)) return null;
  return keysFrom(rest, prefix + ch);
}

export interface PhraseIndex {
  /** Every hit of every group in text, in text order; a group may hit overlapping spans. */
  scan(text: string): PhraseHit[];
}

/** Letters, digits and the few other characters a word may hold. */
function isWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 39;
}
function isAlnum(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
}
/** Characters that start a word of their own kind: "$" is always a one-character word; "[", "£" begin tags. */
function isStartChar(c: number): boolean {
  return isAlnum(c) || c === 36 || c === 91 || c === 163 || c === 8364 || c === 8377;
}

/** Six-bit codes for the characters a key can hold: a-z 1-26, 0-9 27-36, then ' $ [ £ € ₹. */
function charCode6(c: number): number {
  if (c >= 97 && c <= 122) return c - 96;
  if (c >= 48 && c <= 57) return c - 21;
  switch (c) {
    case 39:
      return 37;
    case 36:
      return 38;
    case 91:
      return 39;
    case 163:
      return 40;
    case 8364:
      return 41;
    case 8377:
      return 42;
    default:
      return 63;
  }
}

/** A small-integer key for a word's first up-to-three characters, so the lookup hashes a Smi, not a string. */
function keyOf(s: string, from: number, len: number): number {
  let k = 0;
  for (let i = 0; i < len; i++) k = (k << 6) | charCode6(s.charCodeAt(from + i));
  return k;
}

/**
 * Compiles groups of pattern sources (each source a regex over lower-case text, matched as whole words).
 */
export function compilePhraseIndex(groups: readonly (readonly string[])[]): PhraseIndex {
  const byKey = new Map<number, { group: number; re: RegExp }[]>();
  const fallback: { group: number; re: RegExp }[] = [];
  for (const [group, patterns] of groups.entries()) {
    const keyed = new Map<string, string[]>();
    const loose: string[] = [];
    for (const p of patterns) {
      const keys = startKeys(p);
      if (!keys) loose.push(p);
      else for (const k of keys) keyed.set(k, [...(keyed.get(k) ?? []), p]);
    }
    for (const [k, ps] of keyed) {
      const key = keyOf(k, 0, k.length);
      const list = byKey.get(key) ?? [];
      list.push({ group, re: new RegExp(`(?:${ps.join('|')})(?![a-z0-9])`, 'y') });
      byKey.set(key, list);
    }
    if (loose.length) {
      fallback.push({ group, re: new RegExp(`(?<![a-z0-9])(?:${loose.join('|')})(?![a-z0-9])`, 'g') });
    }
  }
  return {
    scan(text) {
      const hits: PhraseHit[] = [];
      const n = text.length;
      let prevAlnum = false;
      for (let i = 0; i < n; i++) {
        const c = text.charCodeAt(i);
        const starts = !prevAlnum && isStartChar(c);
        prevAlnum = isAlnum(c);
        if (!starts) continue;
        // The word's key: "$" alone, else its first three word characters ("[" and "£" only lead).
        let len = 1;
        if (c !== 36) while (len < KEY_LEN && i + len < n && isWordChar(text.charCodeAt(i + len))) len++;
        const list = byKey.get(keyOf(text, i, len));
        if (!list) continue;
        for (const { group, re } of list) {
          re.lastIndex = i;
          const m = re.exec(text);
          if (m) hits.push({ group, start: i, text: m[0] });
        }
      }
      for (const { group, re } of fallback) {
        re.lastIndex = 0;
        for (let m = re.exec(text); m !== null; m = re.exec(text)) {
          hits.push({ group, start: m.index, text: m[0] });
          if (m[0].length === 0) re.lastIndex++;
        }
      }
      if (fallback.length) hits.sort((a, b) => a.start - b.start);
      return hits;
    },
  };
}
