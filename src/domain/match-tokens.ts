// The word tokens keyword matching reads (src/domain/matching.ts, docs/decisions/0010-keyword-matching.md): the same
// for text and keywords, so punctuation and spacing between words do not matter. ASCII text, and text whose other
// characters are only common punctuation (curly quotes, dashes, the ellipsis, the no-break space), is hashed as it
// is read; other text goes through one Unicode regular expression.

// Scripts written without spaces between words: each character is its own token, so a keyword in them
// matches as a sequence of characters anywhere in a run.
const UNSPACED = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}`;
const WORD_CHAR = `[[\\p{L}\\p{N}\\p{M}]--[${UNSPACED}]]`;
// A word: letters, digits and marks, trailing + and # kept ("c++", "c#"). Apostrophes split words, so
// "Vagaro" matches "Vagaro's" and "don't" matches "don't" and "don t".
const TOKEN = tokenPattern();
/** A character of a script written without spaces. */
export const UNSPACED_CHAR = new RegExp(`[${UNSPACED}]`, 'u');

/**
 * The token pattern; where the v flag is missing (browsers before 2023: the dashboard marks keywords with the
 * matcher), the same tokens by a lookahead.
 */
function tokenPattern(): RegExp {
  try {
    return new RegExp(`[${UNSPACED}]|${WORD_CHAR}+[+#]*`, 'gv');
  } catch {
    return new RegExp(`[${UNSPACED}]|(?:(?![${UNSPACED}])[\\p{L}\\p{N}\\p{M}])+[+#]*`, 'gu');
  }
}

function normalize(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

// ASCII characters by class, for the fast path: letters and digits make words; . ! ? and line breaks may end a
// sentence (. ! ? only before a space or the end of the text).
const WORD = 1;
const BREAK = 2;
const JOIN = 3;
const CLASS = new Uint8Array(128);
for (let c = 48; c <= 57; c++) CLASS[c] = WORD;
for (let c = 65; c <= 90; c++) CLASS[c] = WORD;
for (let c = 97; c <= 122; c++) CLASS[c] = WORD;
for (const c of '.!?\n') CLASS[c.charCodeAt(0)] = BREAK;
CLASS[45] = JOIN;
/** A word character's lower-case code (0: not a word character): one look-up per character hashed. */
const LOWER = new Uint8Array(128);
for (let c = 0; c < 128; c++) if (CLASS[c] === WORD) LOWER[c] = c >= 65 && c <= 90 ? c | 32 : c;
const NEWLINE = 10;
const PLUS = 43;
const HASH = 35;
const HYPHEN = 45;
/** Spaces after a sentence's end: space, tab, line breaks, and a no-break space (NFKC makes it a space). */
const SPACE = new Uint8Array(0xa1);
for (const c of ' \t\n\r\u00a0') SPACE[c.charCodeAt(0)] = 1;
/** Not an ASCII class: the text takes the Unicode path. */
const OTHER = 4;
/**
 * Common non-ASCII punctuation and symbols read on the ASCII path as the Unicode path reads them: each is its own
 * NFKC form and no word character, so it only separates words ("don’t" is "don t"), except the no-break space (NFKC:
 * a space) and the ellipsis (NFKC: "...", which may end a sentence). Any other non-ASCII character takes the
 * Unicode path, so a post with one curly quote is not read twice.
 */
const WIDE = new Map<number, number>();
for (const c of '\u00a0\u00a1\u00a2\u00a3\u00a5\u00a7\u00a9\u00ab\u00ac\u00ae\u00b0\u00b1\u00b6\u00b7\u00bb\u00bf\u00d7\u00f7\u2013\u2014\u2018\u2019\u201a\u201c\u201d\u201e\u2020\u2021\u2022\u2026\u2030\u2039\u203a\u20ac\u2190\u2191\u2192\u2193\u2248\u2264\u2265\u25a0\u25b2\u25bc\u25cf\u2605\u2606\u2713\u2714') {
  const nfkc = c.normalize('NFKC').toLowerCase();
  if (nfkc === ' ') WIDE.set(c.charCodeAt(0), 0);
  else if (nfkc === '...') WIDE.set(c.charCodeAt(0), BREAK);
  else if (nfkc === c && !/[\p{L}\p{N}\p{M}]/u.test(c)) WIDE.set(c.charCodeAt(0), 0);
}

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

/** FNV-1a over a string, continuing from state h; not masked. */
function fnv(h: number, token: string): number {
  for (let i = 0; i < token.length; i++) h = Math.imul(h ^ token.charCodeAt(i), FNV_PRIME);
  return h;
}

export const hashToken = (token: string): number => fnv(FNV_OFFSET, token) & MASK;

/** FNV-1a over text[start, end) lower-cased (ASCII), continuing from state h: a hyphenated run's next part. */
function continueHash(h: number, text: string, start: number, end: number): number {
  for (let k = start; k < end; k++) {
    const c = text.charCodeAt(k);
    h = Math.imul(h ^ (c >= 65 && c <= 90 ? c | 32 : c), FNV_PRIME);
  }
  return h;
}

const grow = (a: Int32Array) => {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
};

/**
 * The tokens of one text as hashes and positions, in buffers reused from call to call. Beside them, rarer things
 * kept in short lists: each token joined to the one before it by a hyphen, with the hash of the whole hyphenated run
 * joined up ("co-founder" -> "cofounder", so a keyword written as one word finds it); and where sentences start.
 */
export class TokenBuffer {
  hashes = new Int32Array(1024);
  starts = new Int32Array(1024);
  ends = new Int32Array(1024);
  count = 0;
  /** Tokens that continue a hyphenated run: their index, the run joined up (hashed), the run's first token. */
  hyphenAt = new Int32Array(64);
  hyphenHash = new Int32Array(64);
  hyphenRun = new Int32Array(64);
  hyphens = 0;
  /** The first token of each sentence after the first, in order. */
  sentenceAt = new Int32Array(64);
  sentences = 0;
  /** Set when the text was not ASCII: the tokens themselves, from the Unicode path. */
  tokens: string[] | null = null;
  text = '';

  private push(hash: number, start: number, end: number) {
    if (this.count === this.hashes.length) {
      this.hashes = grow(this.hashes);
      this.starts = grow(this.starts);
      this.ends = grow(this.ends);
    }
    const k = this.count++;
    this.hashes[k] = hash;
    this.starts[k] = start;
    this.ends[k] = end;
  }

  private hyphen(hash: number, runStart: number) {
    if (this.hyphens === this.hyphenAt.length) {
      this.hyphenAt = grow(this.hyphenAt);
      this.hyphenHash = grow(this.hyphenHash);
      this.hyphenRun = grow(this.hyphenRun);
    }
    this.hyphenAt[this.hyphens] = this.count;
    this.hyphenHash[this.hyphens] = hash;
    this.hyphenRun[this.hyphens++] = runStart;
  }

  private sentence() {
    if (this.sentences === this.sentenceAt.length) this.sentenceAt = grow(this.sentenceAt);
    this.sentenceAt[this.sentences++] = this.count;
  }

  /** Whether tokens lo..hi lie in one sentence. */
  oneSentence(lo: number, hi: number): boolean {
    for (let s = 0; s < this.sentences; s++) {
      const at = this.sentenceAt[s]!;
      if (at > hi) return true;
      if (at > lo) return false;
    }
    return true;
  }

  /** ASCII text is hashed while it is scanned, with no string made per token; other text takes the regex. */
  fill(text: string): void {
    this.text = text;
    this.count = 0;
    this.hyphens = 0;
    this.sentences = 0;
    this.tokens = null;
    const n = text.length;
    let i = 0;
    let stop = false;
    // Where the previous token ended; whether a hyphen follows it directly; the unmasked hash of the hyphenated run
    // it ends, and that run's first token.
    let prevEnd = -1;
    let hyphen = false;
    let run = 0;
    let runStart = -1;
    // The character at i, read once (0 past the end).
    let c = n > 0 ? text.charCodeAt(0) : 0;
    while (i < n) {
      const kind = c < 128 ? CLASS[c]! : (WIDE.get(c) ?? OTHER);
      if (kind !== WORD) {
        if (kind === OTHER) {
          this.fillUnicode(text);
          return;
        }
        if (kind === BREAK) {
          if (c === NEWLINE || i + 1 === n || SPACE[text.charCodeAt(i + 1)] === 1) stop = true;
        } else if (kind === JOIN && i === prevEnd) hyphen = true;
        c = ++i < n ? text.charCodeAt(i) : 0;
        continue;
      }
      if (stop) {
        if (this.count > 0) this.sentence();
        stop = false;
      }
      const start = i;
      let h = Math.imul(FNV_OFFSET ^ LOWER[c]!, FNV_PRIME);
      c = ++i < n ? text.charCodeAt(i) : 0;
      for (;;) {
        if (c >= 128) {
          if (WIDE.has(c)) break;
          this.fillUnicode(text);
          return;
        }
        const lower = LOWER[c]!;
        if (lower === 0) break;
        h = Math.imul(h ^ lower, FNV_PRIME);
        c = ++i < n ? text.charCodeAt(i) : 0;
      }
      // A trailing + or # is kept ("c++", "c#").
      while (c === PLUS || c === HASH) {
        h = Math.imul(h ^ c, FNV_PRIME);
        c = ++i < n ? text.charCodeAt(i) : 0;
      }
      if (hyphen && start === prevEnd + 1) {
        // Rare: the token continues a hyphenated run ("co-founder"), hashed again onto the run's hash.
        if (runStart < 0) runStart = this.count - 1;
        run = continueHash(run, text, start, i);
        this.hyphen(run & MASK, runStart);
      } else {
        run = h;
        runStart = -1;
      }
      hyphen = false;
      this.push(h & MASK, start, i);
      prevEnd = i;
    }
  }

  private fillUnicode(text: string): void {
    this.count = 0;
    this.hyphens = 0;
    this.sentences = 0;
    const tokens: string[] = [];
    this.tokens = tokens;
    const norm = normalize(text);
    let prevEnd = -2;
    let run = 0;
    let runStart = 0;
    for (const m of norm.matchAll(TOKEN)) {
      const t = m[0];
      const start = m.index;
      for (let k = Math.max(0, prevEnd); k < start && tokens.length > 0; k++) {
        const c = norm.charCodeAt(k);
        const next = k + 1 < norm.length ? norm.charCodeAt(k + 1) : 32;
        // 。！？ end a sentence with no space after them.
        if (
          c === NEWLINE ||
          c === 0x3002 ||
          c === 0xff01 ||
          c === 0xff1f ||
          (c < 128 && CLASS[c] === BREAK && next < 128 && SPACE[next] === 1)
        ) {
          this.sentence();
          break;
        }
      }
      const between = norm.charCodeAt(prevEnd);
      const h = fnv(FNV_OFFSET, t);
      if (start === prevEnd + 1 && (between === HYPHEN || between === 0x2010) && !UNSPACED_CHAR.test(t)) {
        run = fnv(run, t);
        this.hyphen(run & MASK, runStart);
      } else {
        run = h;
        runStart = tokens.length;
      }
      this.push(h & MASK, 0, 0);
      tokens.push(t);
      prevEnd = start + t.length;
    }
  }

  /** Whether token k is `word` (lower-cased), with no string made for an ASCII token. */
  is(k: number, word: string): boolean {
    if (this.tokens) return this.tokens[k] === word;
    return this.matchesAt(this.starts[k]!, this.ends[k]!, word, 0) === word.length;
  }

  /** Whether tokens from..to joined together are `word` ("co-founder" as "cofounder"). */
  joinedIs(from: number, to: number, word: string): boolean {
    let at = 0;
    for (let k = from; k <= to; k++) {
      if (this.tokens) {
        const t = this.tokens[k]!;
        if (!word.startsWith(t, at)) return false;
        at += t.length;
      } else {
        at = this.matchesAt(this.starts[k]!, this.ends[k]!, word, at);
        if (at < 0) return false;
      }
    }
    return at === word.length;
  }

  /** Compares text[start, end) lower-cased with word from offset at: the offset after it, or -1. */
  private matchesAt(start: number, end: number, word: string, at: number): number {
    if (at + end - start > word.length) return -1;
    for (let i = start; i < end; i++, at++) {
      const c = this.text.charCodeAt(i);
      if ((c >= 65 && c <= 90 ? c | 32 : c) !== word.charCodeAt(at)) return -1;
    }
    return at;
  }
}
