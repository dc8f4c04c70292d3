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
const TOKEN = new RegExp(String.raw`[${UNSPACED}]|${WORD_CHAR}+[+#]*`, 'gv');
// biome-ignore lint/suspicious/noControlCharactersInRegex: the whole ASCII range, control characters included.
const ASCII_ONLY = /^[\x00-\x7f]*$/;

function normalize(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

const isWordCode = (c: number) => (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 65 && c <= 90);

/** ASCII fast path of tokenize: the same tokens as the regular expression, without it. */
function tokenizeAscii(s: string, out: string[]): void {
  const n = s.length;
  let i = 0;
  while (i < n) {
    if (!isWordCode(s.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    while (i < n && isWordCode(s.charCodeAt(i))) i++;
    while (i < n && (s.charCodeAt(i) === 43 || s.charCodeAt(i) === 35)) i++;
    out.push(s.slice(start, i));
  }
}

/** Splits text into lower-cased, NFKC-normalized word tokens. */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  if (ASCII_ONLY.test(text)) {
    tokenizeAscii(text.toLowerCase(), out);
    return out;
  }
  for (const m of normalize(text).matchAll(TOKEN)) out.push(m[0]);
  return out;
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

interface Ref {
  set: number;
  keyword: string;
  exclude: boolean;
}

interface Phrase {
  rest: string[];
  refs: Ref[];
}

export interface Matcher {
  /** Ids of the sets that match the text, each with its first included keyword found in it. */
  match(text: string): Map<string, string>;
  /** Same as match, for text already tokenized (one tokenization serves many matchers). */
  matchTokens(tokens: readonly string[]): Map<string, string>;
  /** How many distinct phrases the matcher holds. */
  readonly size: number;
}

/**
 * Compiles every set's keywords into one index: first token -> phrases starting with it. Matching walks
 * the item's tokens once and looks each up, so its cost grows with the text, not the number of projects.
 */
export function compileMatcher(sets: readonly KeywordSet[]): Matcher {
  const index = new Map<string, Phrase[]>();
  const byKey = new Map<string, Phrase>();
  sets.forEach((set, i) => {
    for (const raw of set.keywords) {
      const kw = parseKeyword(raw);
      if (!kw) continue;
      const key = kw.tokens.join(' ');
      let phrase = byKey.get(key);
      if (!phrase) {
        phrase = { rest: kw.tokens.slice(1), refs: [] };
        byKey.set(key, phrase);
        const first = kw.tokens[0]!;
        const list = index.get(first);
        if (list) list.push(phrase);
        else index.set(first, [phrase]);
      }
      phrase.refs.push({ set: i, keyword: kw.text, exclude: kw.exclude });
    }
  });
  const ids = sets.map((s) => s.id);
  // Per-set state for one call, reset lazily by a generation stamp instead of clearing arrays per item.
  const seen = new Uint32Array(sets.length);
  const excluded = new Uint32Array(sets.length);
  const first: (string | undefined)[] = new Array(sets.length);
  let generation = 0;

  function matchTokens(tokens: readonly string[]): Map<string, string> {
    generation = generation === 0xffffffff ? 1 : generation + 1;
    const gen = generation;
    const touched: number[] = [];
    const n = tokens.length;
    for (let i = 0; i < n; i++) {
      const phrases = index.get(tokens[i]!);
      if (!phrases) continue;
      for (const phrase of phrases) {
        const rest = phrase.rest;
        if (i + rest.length >= n && rest.length > 0) continue;
        let ok = true;
        for (let j = 0; j < rest.length; j++) {
          if (tokens[i + 1 + j] !== rest[j]) {
            ok = false;
            break;
          }
        }
        if (!ok) continue;
        for (const ref of phrase.refs) {
          if (ref.exclude) {
            excluded[ref.set] = gen;
          } else if (seen[ref.set] !== gen) {
            seen[ref.set] = gen;
            first[ref.set] = ref.keyword;
            touched.push(ref.set);
          }
        }
      }
    }
    const result = new Map<string, string>();
    for (const s of touched) if (excluded[s] !== gen) result.set(ids[s]!, first[s]!);
    return result;
  }

  return {
    match: (text) => matchTokens(tokenize(text)),
    matchTokens,
    size: byKey.size,
  };
}

/** The text matched for an item: a post's title and body; a comment's body only (its post is a separate item). */
export function matchText(item: { kind: 'post' | 'comment'; title: string; body: string }): string {
  return item.kind === 'post' ? `${item.title}\n${item.body}` : item.body;
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
