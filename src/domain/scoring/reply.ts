import {
  ASKS_PERSON,
  ASKS_SOFTWARE,
  GENERIC_ASK_WORDS,
  GERUND,
  NAMED_PRODUCT,
  NOT_WHAT,
} from './phrases/reply.ts';
import { productName } from './product-name.ts';
import { compileProfile, sellsService } from './profile.ts';
import { type Question, readQuestion, withArticle } from './question.ts';
import { readSignals } from './read.ts';
import type { Signals } from './reading.ts';
import { chooseFresh, pick } from './reply-choice.ts';
import { askedFor, describesProblem, type PostFacts, readFacts } from './reply-facts.ts';
import {
  ASKS,
  BUDGET,
  CHEER,
  CURRENT,
  DEADLINE,
  DECIDE,
  DISCLOSE,
  DO,
  GUIDE,
  HOW,
  PICK,
  RECORDS,
  SEATS,
  type Sold,
  TRIED,
  WARM,
} from './reply-lines.ts';
import { scoreItem } from './score.ts';
import { doneByPeople, splitSolution } from './solution-parts.ts';
import { contentStems, normalizeText } from './text.ts';
import {
  type LeadScore,
  MAX_SIGNATURE_CHARS,
  type ReplyTone,
  type ScoringItem,
  type ScoringProfile,
} from './types.ts';

export { gerund, splitSolution } from './solution-parts.ts';

/** The longest draft we produce, signature aside; drafts are read by a human who posts them, or not. */
export const MAX_REPLY_WORDS = 100;

/**
 * Why a signature is refused, or null when it is fine: at most 80 characters on one line, and no link (a link in
 * every reply reads as spam on Reddit and gets comments removed; the one product mention carries the url).
 */
export function signatureProblem(signature: string): string | null {
  if (signature.length > MAX_SIGNATURE_CHARS)
    return `must be at most ${MAX_SIGNATURE_CHARS} characters (it has ${signature.length})`;
  if (/[\r\n]/.test(signature)) return 'must be a single line';
  if (/https?:\/\/|www\.|\b[a-z0-9-]+\.(?:com|net|org|io|co|app|dev|ai|example)\b/i.test(signature))
    return 'must not contain a link (the draft names the product and its url once already)';
  return null;
}

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/**
 * Whether the profile sells software, goods or a service: a service as `sellsService` reads it (profile.ts), else by
 * the first telling word of its solution ("a mesh Wi-Fi kit with app setup" is goods): the practical tip differs
 * ("free trial" vs "return window").
 */
function soldAs(profile: ScoringProfile): Sold {
  const text = normalizeText(`${profile.solution ?? ''} ${profile.name}`);
  // "Bookkeeping for dog groomers: tracks income …" with the keywords "software" and "app" is software.
  const saysSoftware = /\b(?:software|apps?|saas)\b/.test(
    `${text} ${normalizeText(profile.keywords.join(' '))}`,
  );
  // Said to be done by people ("we file …", "a dedicated bookkeeper keeps the books") is a service whatever it mentions.
  const byPeople =
    doneByPeople(profile.solution) ||
    /:\s*(?:an?\s+)?(?:[a-z-]+\s+){0,3}(?:bookkeeper|accountant|cpa|technician|expert|specialist|writer|designer|agent|inspector|assistant)s?\s/.test(
      normalizeText(profile.solution ?? ''),
    );
  if (byPeople || (sellsService(profile.solution) && !saysSoftware)) return 'service';
  const at = (re: RegExp) => re.exec(text)?.index ?? Number.POSITIVE_INFINITY;
  const found: [Sold, number][] = [
    [
      'software',
      at(/\b(?:software|apps?|platforms?|saas|dashboards?|tools?|monitoring|invoicing|booking)\b/),
    ],
    [
      'goods',
      at(/\b(?:laptops?|computers?|phones?|kits?|devices?|hardware|routers?|equipment|furniture|parts)\b/),
    ],
  ];
  const [first] = found.sort((x, y) => x[1] - y[1]);
  return first && Number.isFinite(first[1]) ? first[0] : 'software';
}

/**
 * Whose advice the post needs: what it asks for (software, a person to do the job), else what the profile sells.
 * A barber asking for booking software hears about free trials even when the profile is a bookkeeping service.
 */
function adviceFor(item: ScoringItem, q: Question | null, sold: Sold): Sold {
  // The question's own words first: "Hiring my first employee - payroll tools for two people?" asks for software.
  for (const asked of [normalizeText(q?.slot ?? ''), normalizeText(item.title)]) {
    if (ASKS_PERSON.test(asked)) return 'service';
    if (ASKS_SOFTWARE.test(asked)) return 'software';
  }
  return sold;
}

/** Words any request for a product uses: they say nothing about which product. */
const GENERIC_ASK = new Set(contentStems(GENERIC_ASK_WORDS));

/**
 * How far the post's need is the product's: claimed (it asks for what the product is), plausible, unclear (nothing
 * named and no word shared: no features judged, no claim), or something else (a thing named that the product is not).
 */
export type Fit = { level: 'strong' | 'some' | 'weak' | 'none'; thing: string | null };

/**
 * The thing asked for ("booking software" from "booking software that does tips", "a waitlist tool"), and how far
 * the product is for it, by content words shared with the solution, pain, keywords or competitors. A thing named
 * and sharing nothing, or a post sharing nothing at all, is something else: the draft claims no fit.
 */
/** A score at which the scorer's reading outweighs a draft's word count of shared words. */
const SURE_LEAD = 60;

function fitOf(
  item: ScoringItem,
  q: Question | null,
  profile: ScoringProfile,
  s: Signals,
  score: number,
): Fit {
  const slot =
    q && (q.form === 'recommend' || q.form === 'versus')
      ? whatOf(
          normalizeText(q.slot)
            .split(/\s+(?:that|which|who|with|to|for|under|in|on)\s+/)[0]!
            .trim(),
        )
      : namedProduct(item.title);
  const thing = slot && slot.split(' ').length <= 4 ? slot : null;
  const own = new Set(
    [profile.solution, profile.pain, ...profile.keywords, ...profile.competitors].flatMap((t) =>
      contentStems(t),
    ),
  );
  const distinct = (text: string) => contentStems(text).filter((w) => !GENERIC_ASK.has(w));
  const shares = (text: string) => distinct(text).some((w) => own.has(w));
  // Words are not meaning: a lead the scorer ranks high whose named thing shares no word ("ultrabook" for a laptop
  // shop) is more likely a synonym than another field, so the draft claims nothing either way.
  if (thing && distinct(thing).length)
    return { level: shares(thing) ? 'strong' : score >= SURE_LEAD ? 'weak' : 'none', thing };
  if (s.keywordsTitle.some((k) => distinct(k).length)) return { level: 'strong', thing: null };
  // Nothing named: a post sharing no word with the product may be about something else, unless it scored as a lead.
  const related = score >= 50 || shares(`${item.title} ${item.body.slice(0, 2000)}`);
  return { level: related ? 'some' : 'weak', thing: null };
}

/** "booking software" in "Booking software that fills cancellations from a waitlist?"; null without a product noun. */
function namedProduct(title: string): string | null {
  const m = NAMED_PRODUCT.exec(normalizeText(title).replace(/[^a-z0-9' -]+/g, ' '));
  return m ? whatOf(m[1]!.trim()) : null;
}

/** The words that say what is wanted, from the end back to the first that does not: "my first booking app" -> "booking app". */
function whatOf(phrase: string): string | null {
  const ws = phrase.split(' ');
  let i = ws.length - 1;
  while (i > 0 && !NOT_WHAT.test(ws[i - 1]!)) i--;
  return i < ws.length - 1 ? ws.slice(i).join(' ') : null;
}

/**
 * What the product does, as a person says it: "helps with tracking income per appointment and producing tax-ready
 * reports", "offers SMS reminders and deposits", "is a small studio"; null when the profile says nothing usable.
 */
function whatItDoes(shown: string[], category: string | null): string | null {
  const doing = shown.filter((f) => GERUND.test(f));
  const things = shown.filter((f) => !GERUND.test(f)).map(withArticle);
  const parts = [
    things.length ? `offers ${things.join(' and ')}` : '',
    doing.length ? `helps with ${doing.join(' and ')}` : '',
  ].filter(Boolean);
  if (parts.length) return parts.join(' and ');
  // "a small studio" is one; "logo and brand identity design for startups" is covered.
  if (!category) return null;
  return /^(?:an?|the)\s/i.test(category) ? `is ${category}` : `covers ${category}`;
}

/** A line's key among a project's recent choices: the pool and the line with its slot blank. */
const keyed =
  <T>(pool: string, render: (t: T) => string) =>
  (t: T) =>
    `${pool}: ${render(t)}`;

/**
 * The sentences that answer a request for a product, most specific first: what the author told us (the tool they
 * use, what they tried, their budget, size, deadline), at most two of them, then one piece of advice for choosing.
 */
function answerRequest(
  facts: PostFacts,
  sells: Sold,
  tone: ReplyTone,
  seed: string,
  recent?: string[],
): string[] {
  const told: string[] = [];
  const fresh = <T>(list: readonly T[], salt: number, pool: string, render: (t: T) => string) =>
    chooseFresh(list, seed, salt, keyed(pool, render), recent);
  if (facts.current)
    told.push(fresh(CURRENT, 21, 'current', (l) => l('_', '_'))(facts.current.name, facts.current.the));
  if (facts.tried) told.push(fresh(TRIED.ask, 22, 'tried', (l) => l('_'))(facts.tried));
  if (facts.budget) told.push(fresh(BUDGET[sells], 23, `budget ${sells}`, (l) => l('_'))(facts.budget));
  if (facts.seats) told.push(fresh(SEATS[sells], 24, `seats ${sells}`, (l) => l('_'))(facts.seats));
  else if (facts.records && sells === 'software')
    told.push(fresh(RECORDS, 25, 'records', (l) => l('_'))(facts.records));
  if (facts.deadline)
    told.push(fresh(DEADLINE[sells], 26, `deadline ${sells}`, (l) => l('_'))(facts.deadline));
  const advice = fresh(
    PICK[sells][tone === 'expert' ? 'expert' : 'plain'],
    27,
    `pick ${sells} ${tone}`,
    (l) => l,
  );
  return [...told.slice(0, 2).map(upperFirst), advice];
}

/** The sentences that help with a how-to question, a problem or a decision: no product and no shopping advice. */
function answerProblem(
  item: ScoringItem,
  q: Question | null,
  facts: PostFacts,
  tone: ReplyTone,
  seed: string,
  recent?: string[],
): string[] {
  const fresh = <T>(list: readonly T[], salt: number, pool: string, render: (t: T) => string) =>
    chooseFresh(list, seed, salt, keyed(pool, render), recent);
  const out: string[] = [];
  if (q?.form === 'whether' && tone !== 'expert') out.push(fresh(DECIDE, 31, 'decide', (l) => l));
  else {
    // Something that went wrong hears how to find the cause; a plan or a how-to hears how to go about it.
    const advice =
      tone === 'expert'
        ? fresh(DO.expert, 32, 'do expert', (l) => l)
        : describesProblem(item)
          ? fresh(DO.plain, 32, 'do plain', (l) => l)
          : fresh(GUIDE, 35, 'guide', (l) => l);
    // A how-to question said back in the author's words when they read in a sentence ("To get paid on time, ...").
    const slot = q?.form === 'how' && q.slot && wordCount(q.slot) <= 8 ? q.slot : null;
    out.push(
      slot
        ? fresh(HOW, 33, 'how', (l) => l('_'))(slot) +
            (advice.startsWith("I'd") ? advice : lowerFirst(advice))
        : advice,
    );
  }
  if (facts.tried) out.unshift(upperFirst(fresh(TRIED.fix, 34, 'tried fix', (l) => l('_'))(facts.tried)));
  return out;
}

/**
 * The deterministic reply draft, written for the post: what the post asks answered first, with what its author
 * told (the tool they use, what they tried, budget, size, deadline); one disclosed mention of the product, only
 * when the post asks for a product of its kind; a question back when the post gives little to go on; the project's
 * tone and signature. At most 100 words before the signature. Never posted by the service; with an LLM configured
 * this is the fallback. `recent`: the choices of the project's latest drafts, oldest first (the scanner keeps one
 * list per project): a draft picks sentences they did not use while it can, so a project's drafts do not repeat.
 */
export function draftReply(
  item: ScoringItem,
  profile: ScoringProfile,
  local?: LeadScore,
  recent?: string[],
): string {
  const lead = local ?? scoreItem(item, profile);
  const s = readSignals(item, compileProfile(profile));
  const seed = `${item.title}\n${item.body.slice(0, 200)}`;
  const tone: ReplyTone = profile.replyTone ?? 'plain';
  const { category, features } = splitSolution(profile.solution);
  const q = readQuestion(item);
  const fit = fitOf(item, q, profile, s, lead.score);
  const sold = soldAs(profile);
  const asked = askedFor(item) ?? (q?.form === 'recommend' || q?.form === 'alternative' ? 'product' : null);
  const asks = asked !== null;
  // Asked for a person to do the job, the advice is a buyer's of a service whatever the profile sells.
  // Asked for a product, it is software when the words say so ("What do you use for invoicing?" from freelancers
  // asks for software, not for a freelancer), else what the profile sells.
  const sells: Sold =
    asked === 'person'
      ? 'service'
      : asked === 'product'
        ? ASKS_SOFTWARE.test(normalizeText(`${q?.slot ?? ''} ${item.title}`))
          ? 'software'
          : sold
        : adviceFor(item, q, sold);
  const read = readFacts(item, profile, s.budgetText);
  // "FreshBooks alternatives?": the tool they leave is the one they use, spelt as the profile spells it.
  const leaving =
    q?.form === 'alternative' && wordCount(q.slot) <= 3
      ? (profile.competitors.find((c) => normalizeText(c) === normalizeText(q.slot)) ?? q.slot)
      : null;
  if (leaving && !read.current) read.current = { name: leaving, the: leaving };
  // A goods buyer's "current tool" is a brand they weigh, not something to migrate from.
  const facts = sells === 'software' ? read : { ...read, current: null };
  const fresh = <T>(list: readonly T[], salt: number, pool: string, render: (t: T) => string) =>
    chooseFresh(list, seed, salt, keyed(pool, render), recent);

  const body = asks
    ? answerRequest(facts, sells, tone, seed, recent)
    : answerProblem(item, q, facts, tone, seed, recent);
  const warm =
    tone === 'friendly'
      ? fresh(WARM[!asks && describesProblem(item) ? 'fix' : 'ask'], 41, 'warm', (l) => l)
      : null;
  // A question back for help that depends on details the post leaves out, when it gives little to build on, or now
  // and then; never one it already answered.
  const toldCount = [facts.current, facts.tried, facts.budget, facts.seats, facts.deadline].filter(
    Boolean,
  ).length;
  const open = ASKS.filter((a) => (!a.unless || !facts[a.unless]) && a.for !== (asks ? 'help' : 'ask'));
  const ask =
    tone !== 'expert' && (!asks || (toldCount === 0 ? pick(seed, 2, 42) === 0 : pick(seed, 4, 42) === 0))
      ? fresh(open, 43, 'ask', (a) => a.text).text
      : null;
  // The product only for a post that asks for one of its kind, and only by someone who says they work on it; not
  // when the request reads as another kind of product, by another trade, or tied to the profile by broad words
  // alone (request-fit.ts): readers marked such pitches "would not post" (docs/scoring.md, blind read).
  const mention =
    asks &&
    sells === sold &&
    (fit.level === 'strong' || fit.level === 'some') &&
    !s.otherObject &&
    !s.otherTrade &&
    !s.broadOnly
      ? disclosure(profile, features, category, seed, recent)
      : null;
  const cheer = tone === 'friendly' && pick(seed, 2, 44) === 0 ? fresh(CHEER, 45, 'cheer', (l) => l) : null;

  // Past 100 words, the optional parts go first: the cheer, the question back, the second detail, the features.
  const parts = { warm, body, ask, mention, cheer };
  const text = () =>
    [parts.warm, ...parts.body, parts.ask, parts.mention, parts.cheer].filter(Boolean).join(' ');
  if (wordCount(text()) > MAX_REPLY_WORDS) parts.cheer = null;
  if (wordCount(text()) > MAX_REPLY_WORDS) parts.ask = null;
  // The most specific fact (the first) and the advice (the last) stay longest.
  while (wordCount(text()) > MAX_REPLY_WORDS && parts.body.length > 2)
    parts.body = [...parts.body.slice(0, -2), parts.body.at(-1)!];
  if (wordCount(text()) > MAX_REPLY_WORDS && parts.body.length > 1) parts.body = parts.body.slice(-1);
  if (wordCount(text()) > MAX_REPLY_WORDS && mention) parts.mention = disclosure(profile, [], null, seed);
  if (wordCount(text()) > MAX_REPLY_WORDS) parts.warm = null;
  const signature = profile.replySignature?.trim();
  return signature ? `${text()}\n${signature}` : text();
}

/** The one product mention: "Disclosure: I work on BookWell (https://…), which offers automatic reminders …". */
function disclosure(
  profile: ScoringProfile,
  features: string[],
  category: string | null,
  seed: string,
  recent?: string[],
): string {
  const product = `${productName(profile)}${profile.url ? ` (${profile.url})` : ''}`;
  const f0 = pick(seed, Math.max(1, features.length), 9);
  const shown = features.length > 2 ? [features[f0]!, features[(f0 + 1) % features.length]!] : features;
  const does = whatItDoes(shown, category);
  // Long features make a long mention: a sentence over 30 words names the product alone.
  const line = chooseFresh(
    DISCLOSE,
    seed,
    46,
    keyed('disclose', (l) => l('_', '_')),
    recent,
  );
  const said = line(product, does);
  return wordCount(said) > 30 ? line(product, null) : said;
}

const upperFirst = (x: string) => x.charAt(0).toUpperCase() + x.slice(1);
/** "Fix the smallest piece" -> "fix the smallest piece", after a beginning that says the question back. */
const lowerFirst = (x: string) => (/^[A-Z][a-z]/.test(x) ? x.charAt(0).toLowerCase() + x.slice(1) : x);
