/**
 * Keyword matching for every project in one pass over each item (docs/decisions/0010-keyword-matching.md and
 * docs/decisions/0117-keyword-variants.md).
 *
 * An unquoted keyword matches what people write: any case, its words' plurals ("invoice" ~ "invoices"; no verb
 * forms, "invoicing" is another word), hyphenated, spaced and joined spellings ("co-founder" ~ "co founder" ~
 * "cofounder"), and the words of a longer keyword in any order, a few words apart in one sentence ("invoice
 * software" ~ "software for invoices"). A keyword in quotes matches only as written: its words in order, side by
 * side, no other form. A keyword starting with `-` excludes, by the same rules: an item it matches is not a match
 * for that project. Text and keywords are split into the same word tokens (src/domain/match-tokens.ts), so
 * punctuation and spacing between words do not matter.
 */
import { wordForms, writtenForm } from './keyword-forms.ts';
import { hashToken, TokenBuffer, tokenize, UNSPACED_CHAR } from './match-tokens.ts';

export { tokenize };

/**
 * How unquoted keywords match; a quoted keyword always matches as written. `forms` gives the spellings of one
 * lower-cased word that match it (`alone`: the word is the whole keyword); `joins` lets hyphenated, spaced and
 * joined spellings match each other; `gap` is how many other words a multi-word keyword's words may have among
 * them, in any order (null: the words in order, side by side, as written); `sentence` keeps them in one sentence.
 */
export interface MatchRules {
  forms: (word: string, alone: boolean) => readonly string[];
  joins: boolean;
  gap: number | null;
  sentence: boolean;
}

/** The rules of every scan (measured in docs/scoring.md, "Keyword matching"). */
export const KEYWORD_RULES: MatchRules = { forms: wordForms, joins: true, gap: 3, sentence: true };
/** A quoted keyword's rules, and every keyword's before 2026-12-07. */
export const EXACT_RULES: MatchRules = { forms: writtenForm, joins: false, gap: null, sentence: false };

export interface ParsedKeyword {
  /** The keyword as the project wrote it, without a leading `-` or surrounding quotes. */
  text: string;
  tokens: string[];
  /** Its words as written, each the tokens of one space-separated word ("co-founder" is one: co, founder). */
  words: string[][];
  exclude: boolean;
  /** Quoted: matched only as written. */
  exact: boolean;
}

/** Reads one keyword; null when it has no word in it (e.g. "-" or "!!"). */
export function parseKeyword(raw: string): ParsedKeyword | null {
  let text = raw.trim();
  const exclude = text.startsWith('-');
  if (exclude) text = text.slice(1).trim();
  const exact = text.length >= 2 && /^["\u201c].*["\u201d]$/s.test(text);
  if (exact) text = text.slice(1, -1).trim();
  const tokens = tokenize(text);
  const words = text
    .split(/\s+/)
    .map(tokenize)
    .filter((w) => w.length > 0);
  return tokens.length ? { text, tokens, words, exclude, exact } : null;
}

/** One way of writing some of a keyword's words: its tokens, standing for words from..to of the keyword. */
interface Form {
  tokens: string[];
  from: number;
  to: number;
}

const joinable = (tokens: readonly string[]) => !tokens.some((t) => UNSPACED_CHAR.test(t));

/**
 * Words so common that a keyword's other words are rarer: in a keyword of several words ("looking for", "point of
 * sale") they are not looked up in the index but looked for near the others once those are found, so every "for"
 * and "of" of a text costs nothing.
 */
const COMMON = new Set(
  `a an the and or but if of to in on at for with from by as about into than then so not no is are was were be
  been am do does did have has had will would can could should may it its this that these those there here i me my
  we us our you your they them their he him his she her what which who how why when where all any some one more
  most very just also only out up get got like know need want new good best way make use`.split(/\s+/),
);

/** Every way of writing each of the keyword's words, and each two neighbours joined ("co founder" -> "cofounder"). */
function formsOf(kw: ParsedKeyword, rules: MatchRules): Form[] {
  if (kw.exact || rules.gap === null) return [{ tokens: kw.tokens, from: 0, to: 0 }];
  const out = new Map<string, Form>();
  const add = (tokens: string[], from: number, to: number) =>
    out.set(`${from} ${to} ${tokens.join(' ')}`, { tokens, from, to });
  const { words } = kw;
  const alone = kw.tokens.length === 1;
  words.forEach((word, w) => {
    const last = word.length - 1;
    for (const f of rules.forms(word[last]!, alone)) add([...word.slice(0, last), f], w, w);
    if (!rules.joins || !joinable(word)) return;
    if (word.length > 1) for (const f of rules.forms(word.join(''), false)) add([f], w, w);
    const next = words[w + 1];
    if (next && joinable(next))
      for (const f of rules.forms(word.join('') + next.join(''), false)) add([f], w, w + 1);
  });
  return [...out.values()];
}

/**
 * The spellings a keyword matches, each as its tokens: what the dashboard marks in a lead's text. First the whole
 * keyword in its order (with each form of its last word), so that it is marked whole where it stands so; then each
 * word's forms and each two neighbours joined, for where the words stand apart.
 */
export function keywordSpellings(raw: string, rules: MatchRules = KEYWORD_RULES): string[][] {
  const kw = parseKeyword(raw);
  if (!kw) return [];
  const r = kw.exact ? EXACT_RULES : rules;
  const forms = formsOf(kw, r).map((f) => f.tokens);
  if (r.gap === null || kw.words.length === 1) return forms;
  const head = kw.tokens.slice(0, -1);
  const whole = r.forms(kw.tokens.at(-1)!, false).map((f) => [...head, f]);
  const out = new Map([...whole, ...forms].map((t) => [t.join(' '), t]));
  return [...out.values()];
}

/** One project's keywords, under the id the matcher reports. */
export interface KeywordSet {
  id: string;
  keywords: readonly string[];
}

/** A keyword as matched, shared by every set that wrote it with the same words and quotes. */
interface Phrase {
  /** Its words; a match needs a form of each. */
  words: number;
  /** Its tokens; the most tokens a match may cover, first to last; whether a wider one must lie in one sentence. */
  tokens: number;
  span: number;
  sentence: boolean;
  /** Whether a hyphenated run in the text, read as one word, may match one of its forms. */
  joins: boolean;
  /** The sets that include this phrase, and the keyword as each wrote it. */
  includeSets: number[];
  includeKeywords: string[];
  excludeSets: number[];
  /** The call that last saw this phrase: a phrase found twice in one text is handled once. */
  seenAt: number;
  /** Per word, the forms of a common word looked for near the others (not in the index), or null. */
  near: ({ hashes: number[]; tokens: string[] } | null)[];
  /** Where each word was last found in the text being read (valid when foundIn is that read's number). */
  foundIn: Uint32Array;
  foundStart: Int32Array;
  foundEnd: Int32Array;
}

/** A form in the index: its tokens' hashes, and the phrase it belongs to. */
interface IndexedForm extends Form {
  hashes: number[];
  phrase: Phrase;
}

export interface Matcher {
  /**
   * Ids of the sets that match the text, each with its first included keyword found in it, as the set wrote it.
   * An exclusion found in `context` (what is shown with the text, such as a comment's thread title) excludes too;
   * an included keyword found only there does not match.
   */
  match(text: string, context?: string | null): Map<string, string>;
  /** The same matches, handed to `visit` one by one with nothing allocated per match (the scanner's path). */
  forEachMatch(text: string, visit: (id: string, keyword: string) => void, context?: string | null): void;
  /** How many distinct keywords the matcher holds. */
  readonly size: number;
}

/**
 * Compiles every set's keywords into one index: the first token of each form of each keyword -> those forms.
 * Matching walks the item's tokens once and looks each up, so its cost grows with the text, not the number of
 * projects. `rules` is for measuring other rules (scripts/matching-figures.ts); scans use KEYWORD_RULES.
 */
export function compileMatcher(sets: readonly KeywordSet[], rules: MatchRules = KEYWORD_RULES): Matcher {
  const index = new Map<number, IndexedForm[]>();
  const byKey = new Map<string, Phrase>();
  const phraseOf = (kw: ParsedKeyword): Phrase => {
    const r = kw.exact ? EXACT_RULES : rules;
    const key = r.gap === null ? `"${kw.tokens.join(' ')}"` : kw.words.map((w) => w.join('-')).join(' ');
    let phrase = byKey.get(key);
    if (phrase) return phrase;
    const words = r.gap === null ? 1 : kw.words.length;
    const common = (w: string[]) => words > 1 && w.length === 1 && COMMON.has(w[0]!);
    const near: Phrase['near'] = kw.words.every(common)
      ? []
      : kw.words.map((w) => (common(w) ? { hashes: [], tokens: [] } : null));
    phrase = {
      words,
      tokens: kw.tokens.length,
      span: kw.tokens.length + (r.gap ?? 0),
      sentence: r.sentence,
      joins: r.joins,
      includeSets: [],
      includeKeywords: [],
      excludeSets: [],
      seenAt: 0,
      near,
      foundIn: new Uint32Array(words),
      foundStart: new Int32Array(words),
      foundEnd: new Int32Array(words),
    };
    byKey.set(key, phrase);
    for (const form of formsOf(kw, r)) {
      const indexed = { ...form, hashes: form.tokens.map(hashToken), phrase };
      const lookNear = form.from === form.to ? near[form.from] : null;
      if (lookNear && form.tokens.length === 1) {
        lookNear.hashes.push(indexed.hashes[0]!);
        lookNear.tokens.push(form.tokens[0]!);
        continue;
      }
      const list = index.get(indexed.hashes[0]!);
      if (list) list.push(indexed);
      else index.set(indexed.hashes[0]!, [indexed]);
    }
    return phrase;
  };
  // Projects share keywords: each distinct one is read once.
  const parsed = new Map<string, ParsedKeyword | null>();
  sets.forEach((set, i) => {
    for (const raw of set.keywords) {
      let kw = parsed.get(raw);
      if (kw === undefined) {
        kw = parseKeyword(raw);
        parsed.set(raw, kw);
      }
      if (!kw) continue;
      const phrase = phraseOf(kw);
      if (kw.exclude) phrase.excludeSets.push(i);
      else {
        phrase.includeSets.push(i);
        phrase.includeKeywords.push(raw);
      }
    }
  });
  // A filter of first-token hashes, about 16 bits per form's first token (64k bits at least, 4M at most): most
  // tokens start no form and are dismissed without a map lookup. A fixed 64k bits filled up at 1,000 projects, where
  // each word of a multi-word keyword starts forms of its own (ADR 0117).
  let bytes = 8192;
  while (bytes < index.size * 2 && bytes < 1 << 19) bytes *= 2;
  const mask = bytes - 1;
  const starts = new Uint8Array(bytes);
  for (const h of index.keys()) starts[(h >>> 3) & mask]! |= 1 << (h & 7);
  const ids = sets.map((s) => s.id);
  // Per-set state for one call, reset lazily by a generation stamp instead of clearing arrays per item.
  const seen = new Uint32Array(sets.length);
  const excluded = new Uint32Array(sets.length);
  const first: (string | undefined)[] = new Array(sets.length);
  let touched = new Int32Array(Math.max(16, sets.length));
  let touchedCount = 0;
  let generation = 0;
  // Each read of a text (an item, then its context) has its own number, for the words found in it.
  let read = 0;
  const buf = new TokenBuffer();

  function formAt(form: IndexedForm, i: number): boolean {
    const { hashes, tokens } = form;
    if (i + hashes.length > buf.count) return false;
    for (let j = 1; j < hashes.length; j++) if (buf.hashes[i + j] !== hashes[j]) return false;
    for (let j = 0; j < tokens.length; j++) if (!buf.is(i + j, tokens[j]!)) return false;
    return true;
  }

  /** Records words from..to of the phrase as found at tokens start..end; whether every word is now found near. */
  function complete(phrase: Phrase, from: number, to: number, start: number, end: number): boolean {
    const { foundIn, foundStart, foundEnd } = phrase;
    for (let w = from; w <= to; w++) {
      foundIn[w] = read;
      foundStart[w] = start;
      foundEnd[w] = end;
    }
    // The latest place of each word: if any places of them fit the window, the latest ones do.
    let lo = start;
    let hi = end;
    let missing = false;
    for (let w = 0; w < phrase.words; w++) {
      if (foundIn[w] !== read) {
        if (!phrase.near[w]) return false;
        missing = true;
        continue;
      }
      if (foundStart[w]! < lo) lo = foundStart[w]!;
      if (foundEnd[w]! > hi) hi = foundEnd[w]!;
    }
    if (missing) {
      // The common words, at the place nearest the others (not recorded: it may lie ahead of the scan).
      for (let w = 0; w < phrase.words; w++) {
        if (foundIn[w] === read) continue;
        const at = nearest(phrase.near[w]!, lo, hi, phrase.span);
        if (at < 0) return false;
        if (at < lo) lo = at;
        if (at > hi) hi = at;
      }
    }
    const covered = hi - lo + 1;
    // Words side by side match across a line break ("booking\nsoftware"); farther apart, only in one sentence.
    if (covered <= phrase.tokens) return true;
    return covered <= phrase.span && (!phrase.sentence || buf.oneSentence(lo, hi));
  }

  /** The token nearest tokens lo..hi, within a window of span, that is one of the forms; -1 when none is. */
  function nearest(
    forms: { hashes: number[]; tokens: string[] },
    lo: number,
    hi: number,
    span: number,
  ): number {
    const first = Math.max(0, hi - span + 1);
    const last = Math.min(buf.count - 1, lo + span - 1);
    let best = -1;
    let bestCovered = span + 1;
    for (let p = first; p <= last; p++) {
      const k = forms.hashes.indexOf(buf.hashes[p]!);
      if (k < 0 || !buf.is(p, forms.tokens[k]!)) continue;
      const covered = Math.max(hi, p) - Math.min(lo, p) + 1;
      if (covered < bestCovered) {
        best = p;
        bestCovered = covered;
      }
    }
    return best;
  }

  function found(phrase: Phrase, gen: number, excludeOnly: boolean): void {
    phrase.seenAt = gen;
    for (const set of phrase.excludeSets) excluded[set] = gen;
    if (excludeOnly) return;
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
  }

  /** The hyphenated run ending at token i ("co-founders"), read as one word ("cofounders"). */
  function joinedAt(k: number, i: number, gen: number, excludeOnly: boolean): void {
    const j = buf.hyphenHash[k]!;
    if ((starts[(j >>> 3) & mask]! & (1 << (j & 7))) === 0) return;
    const forms = index.get(j);
    if (forms === undefined) return;
    const from = buf.hyphenRun[k]!;
    for (const form of forms) {
      const phrase = form.phrase;
      if (phrase.seenAt === gen || !phrase.joins || (excludeOnly && phrase.excludeSets.length === 0))
        continue;
      if (form.tokens.length !== 1 || !buf.joinedIs(from, i, form.tokens[0]!)) continue;
      if (phrase.words === 1 || complete(phrase, form.from, form.to, from, i))
        found(phrase, gen, excludeOnly);
    }
  }

  /**
   * Marks every set the text matches, or with `excludeOnly` only the sets it excludes (the context of a
   * comment), in generation gen (a new one when not given); returns it.
   */
  function scan(text: string, gen?: number): number {
    buf.fill(text);
    read = read === 0xffffffff ? 1 : read + 1;
    const excludeOnly = gen !== undefined;
    if (gen === undefined) {
      generation = generation === 0xffffffff ? 1 : generation + 1;
      gen = generation;
      touchedCount = 0;
    }
    const n = buf.count;
    const hashes = buf.hashes;
    // The next token that ends a hyphenated run (a few per text at most), read as one word there too.
    let hyphen = 0;
    let hyphenAt = buf.hyphens > 0 ? buf.hyphenAt[0]! : -1;
    for (let i = 0; i < n; i++) {
      const h = hashes[i]!;
      if ((starts[(h >>> 3) & mask]! & (1 << (h & 7))) !== 0) {
        const forms = index.get(h);
        if (forms !== undefined) {
          for (const form of forms) {
            const phrase = form.phrase;
            if (phrase.seenAt === gen || (excludeOnly && phrase.excludeSets.length === 0)) continue;
            if (!formAt(form, i)) continue;
            if (phrase.words === 1 || complete(phrase, form.from, form.to, i, i + form.tokens.length - 1))
              found(phrase, gen, excludeOnly);
          }
        }
      }
      if (i === hyphenAt) {
        joinedAt(hyphen, i, gen, excludeOnly);
        hyphen++;
        hyphenAt = hyphen < buf.hyphens ? buf.hyphenAt[hyphen]! : -1;
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
