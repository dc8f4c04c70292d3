/**
 * Keyword matching for every project in one pass over each item (docs/decisions/0010-keyword-matching.md).
 *
 * A keyword is a phrase of one or more words matched as whole words, in order, case-insensitively; quotes
 * around it are allowed and mean the same. A keyword starting with `-` excludes: an item containing it is
 * not a match for that project. Text and keywords are split into the same Unicode word tokens, so
 * punctuation and spacing between words do not matter ("no-shows" matches "no shows" and "No-Shows").
 */

// Scripts written without spaces between words: each character is its own token, so a keyword in them
// matches as a sequence of characters anywhere in a run.
const UNSPACED = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}`;
const WORD_CHAR = `[[\\p{L}\\p{N}\\p{M}]--[${UNSPACED}]]`;
// A word: letters, digits and marks, trailing + and # kept ("c++", "c#"). Apostrophes split words, so
// "Vagaro" matches "Vagaro's" and "don't" matches "don't" and "don t".
const TOKEN = new RegExp(`[${UNSPACED}]|${WORD_CHAR}+[+#]*`, 'gv');

function normalize(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

// ASCII letters and digits: the word characters of the fast path.
const WORD = new Uint8Array(128);
for (let c = 48; c <= 57; c++) WORD[c] = 1;
for (let c = 65; c <= 90; c++) WORD[c] = 1;
for (let c = 97; c <= 122; c++) WORD[c] = 1;
const PLUS = 43;
const HASH = 35;

/** Splits text into lower-cased, NFKC-normalized word tokens. */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const m of normalize(text).matchAll(TOKEN)) out.push(m[0]);
  return out;
}

// Tokens are looked up by a 30-bit FNV-1a hash of their lower-cased text (small integers are V8's fastest
// map keys); every hit is then checked against the real text, so a collision never makes a false match.
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const MASK = 0x3fffffff;

function hashToken(token: string): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < token.length; i++) h = Math.imul(h ^ token.charCodeAt(i), FNV_PRIME);
  return h & MASK;
}

/** The tokens of one text as hashes and positions, in buffers reused from call to call. */
class TokenBuffer {
  hashes = new Int32Array(1024);
  starts = new Int32Array(1024);
  ends = new Int32Array(1024);
  count = 0;
  /** Set when the text was not ASCII: the tokens themselves, from the Unicode path. */
  tokens: string[] | null = null;
  text = '';

  private push(hash: number, start: number, end: number) {
    if (this.count === this.hashes.length) {
      const grow = (a: Int32Array) => {
        const b = new Int32Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.hashes = grow(this.hashes);
      this.starts = grow(this.starts);
      this.ends = grow(this.ends);
    }
    this.hashes[this.count] = hash;
    this.starts[this.count] = start;
    this.ends[this.count] = end;
    this.count++;
  }

  /** ASCII text is hashed while it is scanned, with no string made per token; other text takes the regex. */
  fill(text: string): void {
    this.text = text;
    this.count = 0;
    this.tokens = null;
    const n = text.length;
    let i = 0;
    while (i < n) {
      let c = text.charCodeAt(i);
      if (c >= 128) {
        this.fillUnicode(text);
        return;
      }
      if (WORD[c] === 0) {
        i++;
        continue;
      }
      const start = i;
      let h = FNV_OFFSET;
      while (i < n) {
        c = text.charCodeAt(i);
        if (c >= 128) {
          this.fillUnicode(text);
          return;
        }
        if (WORD[c] === 0) break;
        h = Math.imul(h ^ (c >= 65 && c <= 90 ? c | 32 : c), FNV_PRIME);
        i++;
      }
      while (i < n) {
        c = text.charCodeAt(i);
        if (c !== PLUS && c !== HASH) break;
        h = Math.imul(h ^ c, FNV_PRIME);
        i++;
      }
      this.push(h & MASK, start, i);
    }
  }

  private fillUnicode(text: string): void {
    this.count = 0;
    this.tokens = tokenize(text);
    for (const t of this.tokens) this.push(hashToken(t), 0, 0);
  }

  tokenAt(k: number): string {
    return this.tokens ? this.tokens[k]! : this.text.slice(this.starts[k], this.ends[k]).toLowerCase();
  }
}

export interface ParsedKeyword {
  /** The keyword as the project wrote it, without a leading `-` or surrounding quotes. */
  text: string;
  tokens: string[];
  exclude: boolean;
}

/** Reads one keyword; null when it has no word in it (e.g. "-" or "!!"). */
export function parseKeyword(raw: string): ParsedKeyword | null {
  let text = raw.trim();
  const exclude = text.startsWith('-');
  if (exclude) text = text.slice(1).trim();
  if (text.length >= 2 && /^["\u201c].*["\u201d]$/s.test(text)) text = text.slice(1, -1).trim();
  const tokens = tokenize(text);
  return tokens.length ? { text, tokens, exclude } : null;
}

/** One project's keywords, under the id the matcher reports. */
export interface KeywordSet {
  id: string;
  keywords: readonly string[];
}

interface Phrase {
  tokens: string[];
  hashes: number[];
  /** The sets that include this phrase, and the keyword as each wrote it. */
  includeSets: number[];
  includeKeywords: string[];
  excludeSets: number[];
  /** The call that last saw this phrase: a phrase found twice in one text is handled once. */
  seenAt: number;
}

export interface Matcher {
  /**
   * Ids of the sets that match the text, each with its first included keyword found in it. An exclusion found
   * in `context` (what is shown with the text, such as a comment's thread title) excludes too; an included
   * keyword found only there does not match.
   */
  match(text: string, context?: string | null): Map<string, string>;
  /** The same matches, handed to `visit` one by one with nothing allocated per match (the scanner's path). */
  forEachMatch(text: string, visit: (id: string, keyword: string) => void, context?: string | null): void;
  /** How many distinct phrases the matcher holds. */
  readonly size: number;
}

/**
 * Compiles every set's keywords into one index: first token -> phrases starting with it. Matching walks
 * the item's tokens once and looks each up, so its cost grows with the text, not the number of projects.
 */
export function compileMatcher(sets: readonly KeywordSet[]): Matcher {
  const index = new Map<number, Phrase[]>();
  const byKey = new Map<string, Phrase>();
  sets.forEach((set, i) => {
    for (const raw of set.keywords) {
      const kw = parseKeyword(raw);
      if (!kw) continue;
      const key = kw.tokens.join(' ');
      let phrase = byKey.get(key);
      if (!phrase) {
        phrase = {
          tokens: kw.tokens,
          hashes: kw.tokens.map(hashToken),
          includeSets: [],
          includeKeywords: [],
          excludeSets: [],
          seenAt: 0,
        };
        byKey.set(key, phrase);
        const list = index.get(phrase.hashes[0]!);
        if (list) list.push(phrase);
        else index.set(phrase.hashes[0]!, [phrase]);
      }
      if (kw.exclude) phrase.excludeSets.push(i);
      else {
        phrase.includeSets.push(i);
        phrase.includeKeywords.push(kw.text);
      }
    }
  });
  // A 64k-bit filter of first-token hashes: most tokens start no phrase and are dismissed without a map lookup.
  const starts = new Uint8Array(8192);
  for (const h of index.keys()) starts[(h >>> 3) & 8191]! |= 1 << (h & 7);
  const ids = sets.map((s) => s.id);
  // Per-set state for one call, reset lazily by a generation stamp instead of clearing arrays per item.
  const seen = new Uint32Array(sets.length);
  const excluded = new Uint32Array(sets.length);
  const first: (string | undefined)[] = new Array(sets.length);
  let touched = new Int32Array(Math.max(16, sets.length));
  let touchedCount = 0;
  let generation = 0;
  const buf = new TokenBuffer();

  function phraseAt(phrase: Phrase, i: number): boolean {
    const { hashes, tokens } = phrase;
    if (i + hashes.length > buf.count) return false;
    for (let j = 1; j < hashes.length; j++) if (buf.hashes[i + j] !== hashes[j]) return false;
    for (let j = 0; j < tokens.length; j++) if (buf.tokenAt(i + j) !== tokens[j]) return false;
    return true;
  }

  /**
   * Marks every set the text matches, or with `excludeOnly` only the sets it excludes (the context of a
   * comment), in generation gen (a new one when not given); returns it.
   */
  function scan(text: string, gen?: number): number {
    buf.fill(text);
    const excludeOnly = gen !== undefined;
    if (gen === undefined) {
      generation = generation === 0xffffffff ? 1 : generation + 1;
      gen = generation;
      touchedCount = 0;
    }
    const n = buf.count;
    const hashes = buf.hashes;
    for (let i = 0; i < n; i++) {
      const h = hashes[i]!;
      if ((starts[(h >>> 3) & 8191]! & (1 << (h & 7))) === 0) continue;
      const phrases = index.get(h);
      if (phrases === undefined) continue;
      for (const phrase of phrases) {
        if (excludeOnly) {
          if (phrase.excludeSets.length > 0 && phraseAt(phrase, i)) {
            for (const set of phrase.excludeSets) excluded[set] = gen;
          }
          continue;
        }
        if (phrase.seenAt === gen || !phraseAt(phrase, i)) continue;
        phrase.seenAt = gen;
        const inc = phrase.includeSets;
        for (let k = 0; k < inc.length; k++) {
          const set = inc[k]!;
          if (seen[set] === gen) continue;
          seen[set] = gen;
          first[set] = phrase.includeKeywords[k];
          if (touchedCount === touched.length) {
            const grown = new Int32Array(touched.length * 2);
            grown.set(touched);
            touched = grown;
          }
          touched[touchedCount++] = set;
        }
        for (const set of phrase.excludeSets) excluded[set] = gen;
      }
    }
    return gen;
  }

  function forEachMatch(
    text: string,
    visit: (id: string, keyword: string) => void,
    context?: string | null,
  ): void {
    const gen = scan(text);
    if (context && touchedCount > 0) scan(context, gen);
    for (let k = 0; k < touchedCount; k++) {
      const set = touched[k]!;
      if (excluded[set] !== gen) visit(ids[set]!, first[set]!);
    }
  }

  return {
    match(text, context) {
      const result = new Map<string, string>();
      forEachMatch(text, (id, keyword) => result.set(id, keyword), context);
      return result;
    },
    forEachMatch,
    size: byKey.size,
  };
}

/** The text matched for an item: a post's title and body; a comment's body only (its post is a separate item). */
export function matchText(item: { kind: 'post' | 'comment'; title: string; body: string }): string {
  return item.kind === 'post' ? `${item.title}\n${item.body}` : item.body;
}

/**
 * What is shown with an item besides its matched text: a comment's thread title, which the dashboard shows as the
 * comment's title. Exclusions apply to it ("-hiring" drops a comment in a "[Hiring] ..." thread); inclusions do
 * not, or every comment of a matching thread would be a lead.
 */
export function excludeContext(item: { kind: 'post' | 'comment'; title: string }): string | null {
  return item.kind === 'comment' ? item.title : null;
}

/**
 * Site-wide search queries for a keyword-only project: its included keywords, quoted when they hold more
 * than one word, OR-joined into as few queries as fit under maxLength characters each.
 */
export function buildSearchQueries(keywords: readonly string[], maxLength = 512): string[] {
  const terms: string[] = [];
  for (const raw of keywords) {
    const kw = parseKeyword(raw);
    if (!kw || kw.exclude) continue;
    const term =
      kw.tokens.length > 1 || /[^\p{L}\p{N}]/u.test(kw.text) ? `"${kw.text.replaceAll('"', '')}"` : kw.text;
    if (term.length <= maxLength && !terms.includes(term)) terms.push(term);
  }
  const queries: string[] = [];
  let current = '';
  for (const term of terms) {
    const next = current ? `${current} OR ${term}` : term;
    if (next.length > maxLength) {
      queries.push(current);
      current = term;
    } else {
      current = next;
    }
  }
  if (current) queries.push(current);
  return queries;
}

/** The keywords of a query built by buildSearchQueries, for sources that search locally (replay). */
export function parseSearchQuery(query: string): string[] {
  return query
    .split(/\s+OR\s+/)
    .map((t) => t.trim())
    .filter(Boolean);
}
