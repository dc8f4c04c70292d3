// Keywords from a page: the noun phrases it names its field and its buyers' pains with, as a person would write
// them ("invoice reminders", "late payments"), not its sales talk or its chrome (docs/onboarding.md).
import nlp from 'compromise';
import { BROAD_SHARE } from '../keyword-health.ts';
import { namesOnlyAProduct } from '../scoring/generic.ts';
import { STOPWORDS, stemWord } from '../scoring/text.ts';
import type { PhraseReach } from './types.ts';
import type { Unit } from './units.ts';
import { AUDIENCE_HEAD, CHROME_WORDS, MARKETING_WORDS, PAIN_CUE, PLAIN_NOUNS } from './vocabulary.ts';

/** A phrase the page uses, with how much the page leans on it. */
export interface KeywordCandidate {
  /** As proposed: lower case, acronyms kept ("VAT returns"). */
  text: string;
  words: number;
  score: number;
  /** Said in a sentence about a pain. */
  pain: boolean;
  /** Found only inside one longer phrase ("management software" in "property management software"). */
  fragment: boolean;
  first: number;
}

/** At most this many keywords come from the page; competitors' "X alternative" may add two. */
export const MAX_PAGE_KEYWORDS = 10;
export const MIN_KEYWORDS = 5;
export const MAX_KEYWORDS = 12;

interface Term {
  word: string;
  tags: string[];
  /** Punctuation after it ends a phrase. */
  breaks: boolean;
}

const FUNCTION_TAGS = [
  'Determiner',
  'Preposition',
  'Conjunction',
  'Pronoun',
  'Possessive',
  'Copula',
  'Modal',
  'Auxiliary',
  'QuestionWord',
  'Negative',
  'Adverb',
  'Value',
];
const LENGTH_FACTOR = [0, 0.55, 1.4, 0.9];
/** A phrase sharing a word with the title, the descriptions or the main heading is about the product. */
const TOPIC_FACTOR = 1.5;
/** A phrase found only inside a longer one weighs this much of its score. */
const FRAGMENT_FACTOR = 0.5;

/** The sentence's words with their tags, hyphenated words joined again ("year-end", "drag-and-drop"). */
function termsOf(text: string): Term[] {
  const out: Term[] = [];
  let joining: Term | null = null;
  for (const sentence of nlp(text).json() as { terms: { text: string; post: string; tags: string[] }[] }[]) {
    for (const t of sentence.terms) {
      const word =
        /^[A-Z0-9]{2,6}s?$/.test(t.text) || /^\p{L}+\p{Lu}/u.test(t.text) ? t.text : t.text.toLowerCase();
      if (joining) {
        joining.word += `-${word}`;
        joining.tags = [...t.tags, ...joining.tags.filter((x) => x === 'Value')];
      } else joining = { word, tags: t.tags, breaks: false };
      if (t.post.trim() === '-') continue;
      joining.breaks = /[,.;:!?()[\]/|–—"“”]/.test(t.post);
      out.push(joining);
      joining = null;
    }
    if (out.length) out[out.length - 1]!.breaks = true;
  }
  if (joining) out.push(joining);
  return out;
}

const taggedNoun = (t: Term) =>
  t.tags.includes('Noun') && !FUNCTION_TAGS.some((x) => t.tags.includes(x)) && !t.tags.includes('Date');

/**
 * How the page itself uses its words, to correct the tagger where it reads a noun as a verb: "scheduling" is a
 * noun when the page also says "schedule" as one, "costs" in "labour costs" when it says "labor cost".
 */
interface Lexicon {
  nounStems: Set<string>;
  asNoun: Map<string, number>;
  asVerb: Map<string, number>;
}

function lexiconOf(sentences: Term[][]): Lexicon {
  const lex: Lexicon = { nounStems: new Set(), asNoun: new Map(), asVerb: new Map() };
  for (const terms of sentences) {
    for (const t of terms) {
      const w = t.word.toLowerCase();
      if (taggedNoun(t)) {
        lex.nounStems.add(stemWord(w));
        lex.asNoun.set(w, (lex.asNoun.get(w) ?? 0) + 1);
      } else if (t.tags.includes('Verb')) lex.asVerb.set(w, (lex.asVerb.get(w) ?? 0) + 1);
    }
  }
  return lex;
}

/** Whether the term is a noun here: as tagged, or a verb reading the page's own usage says is one. */
function nounHere(t: Term, prev: Term | undefined, next: Term | undefined, lex: Lexicon): boolean {
  if (taggedNoun(t)) return true;
  if (!t.tags.includes('Verb') || FUNCTION_TAGS.some((x) => t.tags.includes(x))) return false;
  const w = t.word.toLowerCase();
  // "uptime monitoring", "staff scheduling": a gerund whose stem the page uses as a noun.
  if (t.tags.includes('Gerund')) return lex.nounStems.has(stemWord(w));
  // "labour costs", "instant alerts": a plural the tagger took for a verb, after a noun or an adjective.
  if (t.tags.includes('PresentTense') && /[a-z]s$/.test(w) && prev && !prev.tags.includes('Verb'))
    return lex.nounStems.has(stemWord(w));
  // "Staff scheduling app": a title's first word read as an order, which the page uses as a noun more often.
  return !!next && (lex.asNoun.get(w) ?? 0) > (lex.asVerb.get(w) ?? 0);
}

/** Verbs a sentence about a product opens with, which the tagger may read as plural nouns. */
const PRODUCT_VERB =
  /^(?:replaces|works|sends|helps|lets|gives|makes|turns|keeps|connects|delivers|offers|provides|automates|tracks|collects|checks|monitors|builds|manages|integrates|syncs|saves|cuts|stops|handles|runs|shows|finds|creates|generates|schedules|reminds|books|plans|imports|exports)$/i;

/** The runs of words that can hold a noun phrase: cut at punctuation, function words, verbs and numbers. */
function runsOf(terms: Term[], lex: Lexicon): Term[][] {
  const runs: Term[][] = [];
  let run: Term[] = [];
  const close = () => {
    if (run.length) runs.push(run);
    run = [];
  };
  terms.forEach((t, i) => {
    const noun = nounHere(t, run.at(-1), terms[i + 1], lex);
    // "Replaces spreadsheets …", "Works with Stripe": a person's sentence opening with what the product does.
    const opensWithVerb = (i === 0 || terms[i - 1]!.breaks) && PRODUCT_VERB.test(t.word);
    const usable =
      !opensWithVerb &&
      (noun || t.tags.includes('Adjective')) &&
      !FUNCTION_TAGS.some((x) => t.tags.includes(x)) &&
      !/\d/.test(t.word) &&
      !(STOPWORDS.has(t.word) && !noun);
    if (!usable) close();
    else {
      run.push({
        ...t,
        tags: noun ? [...t.tags.filter((x) => x !== 'Verb' && x !== 'Gerund'), 'Noun'] : t.tags,
      });
      if (t.breaks) close();
    }
  });
  close();
  return runs;
}

/** Whether a phrase may be proposed: it ends in a noun, names a field, and holds no chrome, sales or own words. */
function acceptable(words: Term[], banned: Set<string>): boolean {
  const last = words.at(-1)!;
  if (!last.tags.includes('Noun')) return false;
  const plain = words.map((w) => w.word.toLowerCase());
  if (plain.some((w) => CHROME_WORDS.has(w) || MARKETING_WORDS.has(w) || banned.has(w))) return false;
  if (plain.every((w) => PLAIN_NOUNS.has(w) || STOPWORDS.has(w))) return false;
  if (STOPWORDS.has(plain.at(-1)!) && words.length > 1) return false;
  const phrase = plain.join(' ');
  if (AUDIENCE_HEAD.test(plain.at(-1)!) || AUDIENCE_HEAD.test(plain.slice(-2).join(' '))) return false;
  if (namesOnlyAProduct(phrase)) return false;
  if (words.length === 1) {
    const w = words[0]!;
    if (w.word.length < 3 || w.tags.includes('ProperNoun') || w.tags.includes('Place')) return false;
    if (w.tags.includes('Adjective') || PLAIN_NOUNS.has(plain[0]!)) return false;
    // "iOS", "FreshBooks": a name written with capitals inside.
    if (/^\p{L}+\p{Lu}/u.test(w.word) && !/^\p{Lu}+s?$/u.test(w.word)) return false;
  }
  if (words[0]!.tags.includes('Place')) return false;
  // A proper noun names another product or a place ("Stripe", "UK"): fine as a modifier, not as the whole phrase.
  if (words.every((w) => w.tags.includes('ProperNoun') || w.tags.includes('Place'))) return false;
  return true;
}

/** Stems of a phrase, in order: the same key for "invoice reminder" and "invoice reminders". */
export const phraseKey = (text: string) =>
  text
    .toLowerCase()
    .split(/[\s-]+/)
    .map((w) => stemWord(w))
    .join(' ');

/** Units about prices and plans: their nouns are the page's terms of sale ("monthly fee"), not a buyer's need. */
const PRICE_AMOUNT = /[$£€]\s?\d|\d\s?(?:USD|EUR|GBP)\b/;
const PRICING_HEADING = /\b(?:pricing|plans?|prices?|fees?|costs?)\b/i;
const aboutPricing = (u: Unit) =>
  u.role !== 'user' &&
  (PRICE_AMOUNT.test(u.text) ||
    PRICING_HEADING.test(u.under) ||
    (u.role === 'heading' && PRICING_HEADING.test(u.text)));

/**
 * Every phrase of one to three words the page could be searched by, scored by the weight of where it stands
 * (title, headings and descriptions weigh most), how often, and its length (two words name a need best). A phrase
 * found only inside one longer phrase ("management software" in "property management software") is a fragment:
 * kept for the stored posts to speak for ("dead zones" in "Wi-Fi dead zones"), at a lower score.
 */
export function keywordCandidates(units: Unit[], banned: Set<string>): KeywordCandidate[] {
  const termed = units.map((u) => termsOf(u.text));
  const lex = lexiconOf(termed);
  const found = new Map<string, KeywordCandidate & { units: Set<number>; key: string }>();
  units.forEach((u, i) => {
    if (aboutPricing(u)) return;
    // A person's "For freelancers and small agencies." names the buyers, not what they write about.
    if (u.role === 'user' && /^for\s/i.test(u.text)) return;
    const pain = PAIN_CUE.test(u.text) || (u.item && PAIN_CUE.test(u.under));
    for (const run of runsOf(termed[i]!, lex)) {
      // Sales words open a run ("instant alerts", "automatic reminders"): the phrase starts after them.
      let start = 0;
      while (start < run.length && MARKETING_WORDS.has(run[start]!.word)) start++;
      for (let a = start; a < run.length; a++) {
        for (let n = 1; n <= 3 && a + n <= run.length; n++) {
          const words = run.slice(a, a + n);
          if (!acceptable(words, banned)) continue;
          // "independent bike" of "independent bike shops": the buyers' description, not their need.
          if (a + n < run.length && AUDIENCE_HEAD.test(run[a + n]!.word)) continue;
          const text = words.map((w) => w.word).join(' ');
          const key = phraseKey(text);
          const c = found.get(key) ?? {
            text,
            key,
            words: n,
            score: 0,
            pain: false,
            fragment: false,
            first: i,
            units: new Set<number>(),
          };
          if (c.units.has(i)) continue;
          // "SMS", "API": an acronym alone names the field only where the title or the person says it ("CRM").
          if (
            n === 1 &&
            /^[A-Z]{2,4}s?$/.test(text) &&
            u.role !== 'title' &&
            u.role !== 'user' &&
            !c.units.size
          )
            continue;
          c.units.add(i);
          c.score += u.weight * (pain ? 1.3 : 1);
          c.pain ||= pain;
          found.set(key, c);
        }
      }
    }
  });
  // The words of the title, the descriptions and the main heading say what the product is about.
  const topic = new Set(
    units
      .filter((u) => u.weight >= 2.5)
      .flatMap((u) => u.text.toLowerCase().split(/[^\p{L}\p{N}]+/u))
      .filter((w) => w.length > 2 && !STOPWORDS.has(w) && !PLAIN_NOUNS.has(w))
      .map((w) => stemWord(w)),
  );
  const all = [...found.values()];
  const fragment = (c: (typeof all)[number]) =>
    all.some(
      (o) =>
        o.words === c.words + 1 &&
        ` ${o.key} `.includes(` ${c.key} `) &&
        [...c.units].every((u) => o.units.has(u)),
    );
  return all
    .map((found) => {
      const { units: seen, key, ...c } = found;
      const part = fragment(found);
      return {
        ...c,
        fragment: part,
        score:
          (part ? FRAGMENT_FACTOR : 1) *
          c.score *
          LENGTH_FACTOR[c.words]! *
          (seen.size > 1 ? 1.2 : 1) *
          (key.split(' ').some((w) => topic.has(w)) ? TOPIC_FACTOR : 1),
      };
    })
    .sort((a, b) => b.score - a.score || a.first - b.first);
}

/** A single word gives way to a phrase holding it that scores at least this share of the word's score. */
const SINGLE_WORD_YIELDS = 0.4;
const TAIL_SHARE = 0.25;
/** Page keywords kept whatever their score, when the page has that many. */
const KEEP_KEYWORDS = 8;
/** A phrase none of the stored posts holds weighs this much of its score. */
const UNSEEN_FACTOR = 0.3;
/** Items a window must hold before its counts change the choice. */
export const REACH_MIN_ITEMS = 200;

/**
 * The keywords proposed: the best candidates, none inside another ("invoice reminders" keeps out "reminders"),
 * then "<competitor> alternative" for the two competitors named most. With the stored posts' counts, a phrase that
 * matches a large share of them is left out, and one people do write counts a little more.
 */
export function chooseKeywords(
  candidates: KeywordCandidate[],
  competitors: string[],
  reach?: (phrase: string) => PhraseReach | undefined,
): string[] {
  const probe = candidates[0] ? reach?.(candidates[0].text) : undefined;
  const counted = !!probe && probe.items >= REACH_MIN_ITEMS;
  const matchesOf = (c: KeywordCandidate) => (counted ? (reach!(c.text)?.matches ?? 0) : null);
  const ranked = candidates
    .map((c) => {
      const m = matchesOf(c);
      if (m === null) return { c, m, score: c.fragment ? 0 : c.score };
      // The stored posts speak: a phrase nobody wrote there gives way to one people write, a crowded one goes.
      if (m / probe!.items >= BROAD_SHARE || (c.fragment && m === 0)) return { c, m, score: 0 };
      return { c, m, score: c.score * (m > 0 ? 1 + Math.min(Math.log10(1 + m), 2) / 2 : UNSEEN_FACTOR) };
    })
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || a.c.first - b.c.first);
  // A word the page mostly says inside longer phrases is better said by them ("invoice" by "invoice reminders"),
  // unless the stored posts show nobody writes those phrases.
  const phrases = ranked
    .filter((x) => x.c.words > 1 && x.m !== 0)
    .map((x) => ({ stems: phraseKey(x.c.text).split(' '), score: x.score }));
  const insideBetter = (text: string, score: number) => {
    const stem = phraseKey(text);
    return phrases.some((p) => p.stems.includes(stem) && p.score >= score * SINGLE_WORD_YIELDS);
  };
  const chosen: { text: string; stems: string[]; score: number }[] = [];
  const competitorWords = new Set(competitors.flatMap((c) => c.toLowerCase().split(/\s+/)));
  for (const { c, score } of ranked) {
    if (chosen.length >= MAX_PAGE_KEYWORDS) break;
    const stems = phraseKey(c.text).split(' ');
    if (stems.some((s) => competitorWords.has(s))) continue;
    if (c.words === 1 && insideBetter(c.text, score)) continue;
    const overlaps = chosen.some(
      (k) =>
        (stems.length < k.stems.length && stems.every((s) => k.stems.includes(s))) ||
        (k.stems.length < stems.length && k.stems.every((s) => stems.includes(s))) ||
        k.stems.join(' ') === stems.join(' '),
    );
    if (!overlaps) chosen.push({ text: c.text, stems, score });
  }
  // The tail of a long page is its side topics: past KEEP_KEYWORDS, only those at a quarter of the best score.
  const best = ranked[0]?.score ?? 0;
  const kept = chosen.filter((k, i) => i < KEEP_KEYWORDS || k.score >= best * TAIL_SHARE);
  // A short text may leave fewer than MIN_KEYWORDS: the words left out for a phrase holding them come back.
  for (const { c, score } of ranked) {
    if (kept.length >= MIN_KEYWORDS) break;
    const stems = phraseKey(c.text).split(' ');
    if (kept.some((k) => k.stems.join(' ') === stems.join(' ')) || stems.some((s) => competitorWords.has(s)))
      continue;
    kept.push({ text: c.text, stems, score });
  }
  // Still short: the words of the phrases kept, each alone ("uptime" from "uptime monitoring").
  for (const k of [...kept]) {
    for (const word of k.text.split(' ')) {
      if (kept.length >= MIN_KEYWORDS) break;
      const stem = phraseKey(word);
      const plain = word.toLowerCase();
      if (k.stems.length < 2 || kept.some((x) => x.stems.join(' ') === stem)) continue;
      if (PLAIN_NOUNS.has(plain) || STOPWORDS.has(plain) || MARKETING_WORDS.has(plain) || word.length < 4)
        continue;
      if (namesOnlyAProduct(plain) || AUDIENCE_HEAD.test(plain) || competitorWords.has(stem)) continue;
      kept.push({ text: word, stems: [stem], score: 0 });
    }
  }
  const out = kept.map((k) => k.text);
  for (const name of competitors.slice(0, 2)) {
    if (out.length >= MAX_KEYWORDS) break;
    out.push(`${name} alternative`);
  }
  return out;
}

/**
 * Single words with a well-known second sense and the words of that sense: an exclusion drops the posts that
 * mean the other thing ("booking" a hotel). Proposed only when the page itself does not use the sense's word.
 */
const OTHER_SENSES: Record<string, string[]> = {
  booking: ['hotel', 'flight'],
  bookings: ['hotel', 'flight'],
  reservation: ['hotel', 'flight'],
  reservations: ['hotel', 'flight'],
  monitor: ['ultrawide', 'gaming'],
  monitors: ['ultrawide', 'gaming'],
  training: ['gym', 'workout'],
  notebook: ['laptop'],
  notebooks: ['laptop'],
  screening: ['movie', 'film'],
};

/** `-word` exclusions for the proposed keywords that read two ways, as the project format writes them. */
export function exclusionsFor(keywords: string[], pageText: string): string[] {
  const page = pageText.toLowerCase();
  const out: string[] = [];
  for (const k of keywords) {
    for (const word of OTHER_SENSES[k.toLowerCase()] ?? []) {
      if (!new RegExp(`(?<![a-z])${word}(?![a-z])`).test(page) && !out.includes(`-${word}`))
        out.push(`-${word}`);
    }
  }
  return out;
}
