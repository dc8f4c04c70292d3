import { type Features, featuresOf, stemsOf, type TextStems } from './features.ts';
import { type MeaningVectors, meaningPoints } from './meaning.ts';
import { blend, modelShare, pairProbability } from './model.ts';
import type { PhraseHit } from './phrase-index.ts';
import {
  ASKED_LEAD,
  ASKS_FOR_PERSON,
  type CompiledProfile,
  compileProfile,
  deviceAskedFor,
  GENERIC_WEIGHT,
  PROFILE_GROUP,
} from './profile.ts';
import { withArticle } from './question.ts';
import { authorRole, JARGON_TERMS, jargonPoints } from './role.ts';
import {
  ASKING_VERB,
  COURSEWORK,
  haveSpan,
  haveWantSells,
  OTHER_NEEDS,
  SIGNAL,
  SOMEONE_TO,
  TAG_BUYER,
  TAG_FOR_HIRE,
  TAG_HIRING,
  TAG_REQUEST,
} from './signals.ts';
import { normalizeText, STOPWORDS, stemWord } from './text.ts';
import type { LeadScore, ScoringItem, ScoringProfile, Stage } from './types.ts';

/** Long posts say what they want near the top; reading further costs time and adds noise. */
const BODY_CHARS = 4000;

/** One intent group's hits: the phrases, and how strongly they count (on-topic title hits count most). */
export interface Hits {
  phrases: string[];
  inTitle: boolean;
  value: number;
}

/** Everything the scorer read from one item, before it is weighed (exported for tests and the eval). */
export interface Signals {
  keywordsTitle: string[];
  keywordsBody: string[];
  keywordCount: number;
  concepts: string[];
  /** The concepts a reason may name as the topic: nouns of the profile, not a verb form ("launched", "tell"). */
  topicConcepts: string[];
  conceptWeight: number;
  targetUsers: string[];
  /** Who the author is, in the post's words, for the reason: "nail salon", "barber shop", "business with 5 locations". */
  who: string | null;
  competitors: string[];
  competitorInTitle: boolean;
  /** A post (not a comment: its title is its post author's) that names a competitor in its own title. */
  ownTitleNamesCompetitor: boolean;
  /** The competitors the author names in their own words: a comment's, in its body only (stage and reason). */
  ownCompetitors: string[];
  /** The same, as the profile spells them ("Square Appointments"), for the reason. */
  ownCompetitorNames: string[];
  seek: Hits;
  compare: Hits;
  purchase: Hits;
  pain: Hits;
  lowTitle: string[];
  lowBody: string[];
  /** A need another trade answers (OTHER_NEEDS) named in the title (its reason), and how many in the body start. */
  otherNeedTitle: string | null;
  otherNeedBody: number;
  /** Posted as a job opening ("[Hiring]", "position") and says so in the title or the body (salary, full-time). */
  jobOpening: boolean;
  /** Says there is no money to spend ("No budget", "can't afford to pay anyone"). */
  noBudget: boolean;
  sellerPhrases: string[];
  sellerPoints: number;
  question: number;
  geography: 'match' | 'foreign' | null;
  /** The place a post outside the served geography names ("[uk]", "toronto"). */
  place: string | null;
  budget: 'fits' | 'over' | 'under' | null;
  /** The amount the author states, as written ("$50/month"). */
  budgetText: string | null;
  /** The amount is called a budget ("budget about $25/mo", "willing to pay $40"), not only named as a price. */
  budgetNamed: boolean;
  /** Phrases of someone giving advice or a how-to rather than asking. */
  advice: string[];
  adviceInTitle: boolean;
  /**
   * Asks by its title's tag ("[BIFL Request] …"), or buys by a trade title ("[H] $45 [W] mechanical keyboard"):
   * read for the stage only.
   */
  taggedAsk: 'request' | 'buys' | null;
  /** Asks for alternatives to, or leaves, a named competitor. */
  leavesCompetitor: boolean;
  /** The product the post names in the profile's terms ("booking software"), for the reason. */
  asksFor: string | null;
  /** For a service, the person the post asks for ("an excel expert"), in the reason's words. */
  personAsked: string | null;
  /** The title shops for a kind of device the profile does not sell ("laptop" for a cloud service). */
  otherDevice: string | null;
  /** The author weighs options they met ("I've tried", "ruled out", "had a look at"): read for the stage only. */
  weighs: boolean;
  /**
   * The author asks for help in so many words ("need help", "any advice?", "how would I do this?"), wherever in
   * their text: read for the stage and the reason only (a how-to question ranks as the rules say).
   */
  asksHelp: boolean;
  /** The IT jargon of an author writing for a product whose buyers have no technical staff ("vlan", "dhcp"). */
  jargon: string[];
  /** The author is the target users' counterparty ("my landlord") or practises what the product sells. */
  role: ReturnType<typeof authorRole>;
  /** The author speaks of their own business ("my small bakery"), for a profile that sells to businesses. */
  ownBusiness: boolean;
  /** For a profile that sells a service: the title asks how to do the job oneself, or for a tool to do it. */
  diy: string | null;
  /**
   * How much of the title is about the project's field: the share of its content words (not stop words) that
   * are the profile's keywords, competitors or concept words (0 for a title with none, or with no content words).
   */
  titleShare: number;
}

/** How far (in characters) an intent phrase may sit from a topic word and still be about the topic. */
const NEAR = 120;
/** Seller and low-value phrases are read in the title and the start of the body, where a pitch shows. */
const HEAD_CHARS = 1500;

function near(points: number[], at: number): boolean {
  for (const t of points) if (t - at <= NEAR && at - t <= NEAR) return true;
  return false;
}

function pushUnique(list: string[], phrase: string, max = 4): void {
  // Overlapping hits ("what do you use", "do you use") name one signal once.
  if (list.length < max && !list.some((x) => x.includes(phrase) || phrase.includes(x))) list.push(phrase);
}

/**
 * Hits of an intent group. A hit counts fully in an on-topic title, less in the body near a topic word, and
 * little anywhere else ("deadline" in a post about a font is not a purchase). With objects given, a hit far
 * from any product noun is a request for advice ("any tips?") and weighs less than one for something to use.
 */
function intentHits(
  hits: PhraseHit[],
  titleEnd: number,
  titleOnTopic: boolean,
  topic: number[],
  objects?: number[],
): Hits {
  const phrases: string[] = [];
  let value = 0;
  let inTitle = false;
  for (const h of hits) {
    const onTopic = near(topic, h.start);
    let v: number;
    if (h.start < titleEnd) {
      v = titleOnTopic || onTopic ? 1 : 0.45;
      inTitle = true;
    } else v = onTopic ? 0.7 : 0.2;
    if (objects && !near(objects, h.start)) v *= 0.65;
    if (v > value) value = v;
    pushUnique(phrases, h.text.trim());
  }
  return { phrases, inTitle, value };
}

/** Two groups' hits as one: the stronger value, both phrase lists. */
function strongest(a: Hits, b: Hits): Hits {
  const phrases = [...(a.value >= b.value ? a : b).phrases];
  for (const x of (a.value >= b.value ? b : a).phrases) pushUnique(phrases, x);
  return { phrases, inTitle: a.inTitle || b.inTitle, value: Math.max(a.value, b.value) };
}

/**
 * The amount a buyer states as their budget ("budget about $45/mo", "$600 budget", "[$500-$800]", "$240/year"),
 * per month when the profile prices per month: yearly amounts are divided by 12, and amounts with no period are
 * not compared at all. An amount named as a budget ("budget", "can spend", "willing to pay") wins over the
 * others; otherwise the largest counts. An amount the author refuses ("just not $70 a month") is no budget.
 */
function statedBudget(
  title: string,
  body: string,
  monthly: boolean,
  itemPriced: boolean,
): { amount: number; text: string; named: boolean; called: boolean } | null {
  const text = `${title}\n${body.slice(0, 800)}`;
  // Most posts name no amount: one cheap look before the amount regex walks every digit.
  if (!text.includes('$') && !/usd|dollars|bucks/.test(text)) return null;
  let best: { amount: number; text: string; named: boolean; called: boolean } | null = null;
  for (const m of text.matchAll(
    /\$\s?(\d[\d,]*(?:\.\d+)?)(k?)(?:\s?(?:\/|per |a |an )\s?(month|mo|year|yr|annum))?|(\d[\d,]*)\s?(?:usd|dollars|bucks)/g,
  )) {
    let n = Number((m[1] ?? m[4] ?? '0').replace(/,/g, '')) * (m[2] ? 1000 : 1);
    // "$120 million in funds" is no budget of $120.
    if (
      /^\s*(?:million|billion|mil|mm|bn|m|b)\b/.test(
        text.slice(m.index + m[0].length, m.index + m[0].length + 9),
      )
    )
      continue;
    if (monthly) {
      if (!m[3]) continue;
      if (/^y|^an/.test(m[3])) n /= 12;
    }
    if (n < (monthly ? 1 : 50) || n >= 100_000) continue;
    const before = text.slice(Math.max(0, m.index - 30), m.index);
    if (notSpent(before)) continue;
    // The end of a range is judged by the words before its start: "charging anywhere from $500 to $2,000".
    const start = RANGE_START.exec(before);
    if (
      start &&
      notSpent(
        text.slice(
          Math.max(0, m.index - before.length + start.index - 30),
          m.index - before.length + start.index,
        ),
      )
    )
      continue;
    if (HYPOTHETICAL.test(text.slice(Math.max(0, m.index - 60), m.index))) continue;
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + 30);
    const named = NAMED_BUDGET.test(before) || /^\S+\s+budget/.test(text.slice(m.index, m.index + 30));
    // Called a budget, or a cap or range the author sets ("under $50", "in the $500-750 range", "$40 max").
    const called = named || CAP_BEFORE.test(before) || SPEND_AFTER.test(after);
    // In the body an amount is a budget only when money words lead to it ("pay up to $300", "for $500") or
    // follow it ("$500 range"): the figures of a spreadsheet or a story ("a total of $1036") are not.
    // (A device is bought by the item: "something in the $500-750 range" is its buyer's price.)
    // A price per month or year ("$40/month") is a price wherever it stands; a bare amount needs the money words.
    if (
      !itemPriced &&
      !m[3] &&
      m.index > title.length &&
      !named &&
      !SPEND_CONTEXT.test(before) &&
      !SPEND_AFTER.test(after)
    )
      continue;
    if (!best || (named && !best.named) || (named === best.named && n > best.amount))
      best = { amount: n, text: m[0].trim().replace(/[,.]+$/, ''), named, called };
  }
  return best;
}
/** Words that lead to an amount someone would pay: "pay", "cost", "for", "under", "around", "max". */
const SPEND_CONTEXT =
  /(?:\b(?:pay|paying|spend|spending|afford|cost|costs|costing|price|priced|worth|charge|quote|quoted|fee|fees|rate|offer|offering|for|under|below|up to|around|about|approx(?:imately)?|max(?:imum)?|at most|less than|no more than|than|within|between|range))\s*[^.!?$\n]{0,12}$|~\s*$|(?:between|from) \$?\s?\d[\d,.]*k? (?:and|to|-) $/;
/** A cap or a range the author sets, right before an amount: "under", "up to", "max", "something in the". */
const CAP_BEFORE =
  /(?:\b(?:under|up to|max(?:imum)?|at most|no more than|less than|below|around|between|in the)|~)\s*$/;
/** Words right after an amount that make it a price range or a cap: "$500-750 range", "$300 or less", "$80 max". */
const SPEND_AFTER =
  /^\s*(?:(?:-|–|to)\s*\$?\s?\d[\d,.]*k?\s*)?(?:range|budget|or (?:less|under|below|so)|max|tops|at most|is (?:my|our|the) (?:max(?:imum)? |total |whole |monthly )?budget)/;
const JOB_REASON = OTHER_NEEDS.find((n) => n.group === SIGNAL.employment)!.reason;
/** "budget about", "can spend up to", "willing to pay" right before an amount (or the range it ends). */
const NAMED_BUDGET =
  /(?:budget|(?:can|could|willing to|happy to|able to|prepared to) (?:spend|pay))[^.!?$\n]{0,15}(?:\$?\s?\d[\d,.]*k?\s*(?:-|–|to)\s*)?$/;
const SCHOOLING = new RegExp(`^(?:major|majoring|minor|degree|internship|careers?|${COURSEWORK})`);
const POSTED_AS_JOB =
  /\[\s*hiring\s*\]|(?<![a-z])(?:hiring|wanted|needed|positions?|openings?|apply|job|jobs|vacancy|vacancies|recruiting)(?![a-z])/;
/** "if I had a budget of $5000", "if you had $500": a thought experiment, not the author's budget. */
const HYPOTHETICAL = /\bif (?:i|we|you) (?:had|were given|were to get)\b(?! to\b)[^.!?\n]{0,40}$/;
/**
 * What a seller asks ("Square Appointments wants $85 a month", "they quoted me $2,000", "it went up to $60"): the
 * price of an option the author weighs, not what the author would spend.
 */
const ASKED_BY_SELLER =
  /\b(?:wants|charges|is charging|asks for|is asking(?: for)?|(?:i'm|i am|we're|we are) asking(?: for)?|asking price(?: is| of)?|quoted (?:me|us)|quotes|goes for|went up to|raised (?:it|the price|prices|their prices) to|starts at|starting at)\s*$/;
/** Words right before an amount that say it is not what the author would spend. */
const notSpent = (before: string) =>
  REFUSED_AMOUNT.test(before) || NOT_A_BUDGET.test(before) || ASKED_BY_SELLER.test(before);
/** The start of a range right before an amount: "$500 to ", "$40-". */
const RANGE_START = /\$\s?\d[\d,.]*k?\s*(?:-|–|to)\s*$/;
/** "just not $70", "not paying $70 a month": the amount is what the author will not pay. */
const REFUSED_AMOUNT = /\bnot\s+(?:paying\s+|spending\s+|over\s+)?$/;
/** What the business makes or charges, not what it would spend: "a business of about $2400 a month", "we make". */
const NOT_A_BUDGET =
  /(?:\b(?:make|makes|making|made|earn|earns|earning|earned|revenue|income|profits?|gross(?:ing)?|sales|salary|turnover|charge|charges|charging|business of|company of|grew|grown|growing|brings? in|bringing in|pulls? in|pulling in|clears?|nets?)\b)[^.!?$\n]{0,20}$/;

/**
 * An amount earned right before it: "makes about $10,000", "revenue of $2k", "we made ~$500". Not "a sales CRM
 * under $30" or "something that makes it easy, ~$25": the earning word must lead straight to the amount.
 */
const EARNED =
  /(?:\b(?:revenue|income|sales|profits?|turnover|salary|earnings)(?: is| are| was| were| of| around| about| at| hit| reached)?|\b(?:make|makes|made|making|earn|earns|earned|earning|brings? in|bringing in|grossed|grosses|nets|netted|clears|cleared)(?: about| around| over| roughly| nearly| close to| almost| up to)?)\s*~?\s*$/;

const GROUPS = PROFILE_GROUP.asked + 1;
/**
 * Who a person request asks for, in words a reason can use: "looking for an excel expert" -> "an excel expert",
 * "someone who could build" -> "someone to build", "copywriter needed" -> "a copywriter".
 */
function whoAsked(phrase: string): string {
  const someone = SOMEONE_ASKED.exec(phrase);
  if (someone) return `someone to ${someone[1]}`;
  const needed = /^(.+?) (?:needed|wanted|required)$/.exec(phrase);
  if (needed) return withArticle(needed[1]!);
  const who = phrase.replace(VERB_ASKED, '');
  return /^(?:an?|some|the) /.test(who) ? who : withArticle(who);
}
const SOMEONE_ASKED = new RegExp(`^${SOMEONE_TO}(.+)$`);
const VERB_ASKED = new RegExp(`^${ASKING_VERB} `);

/** A title asking how to market what the author has: a buyer of marketing help, whatever they link. */
const MARKETS_OWN =
  /(?:(?:trying|want|wanting|need|needing|how|help(?: me)?|ways?|tips) to|how (?:do|can|should|would) (?:i|we|you|one)) (?:market|promote|advertise|monetize|grow|(?:get|generate|drive|attract|build) (?:more |some )?(?:traffic|customers|clients|users|visitors|sales|downloads|(?:an |a )?(?:[a-z]+ )?audience))(?![a-z])/;
/** A title that asks how to market the author's business: "How to promote my app?", "Marketing a repair shop?" */
const asksHowToMarket = (title: string) =>
  MARKETS_OWN.test(title) ||
  (title.includes('?') &&
    /^(?:marketing|promoting|advertising) (?:a|an|my|our|the|your|small|local)(?![a-z])/.test(title));
/** The author tells of hiring someone to make it ("I ended up working with …"): the customer shows the result. */
const HIRED_SOMEONE =
  /(?:(?:i|we) (?:hired|paid|commissioned|ended up (?:working|going) with)|looking for an? (?:[a-z-]+ )?(?:designer|developer|freelancer|agency))(?![a-z])/;
/** Made for the author's own use: "I built my website myself", "set it up on Wix". */
const BUILT_FOR_SELF =
  /(?:built|made|created|designed|set up|put together)(?: it| my| our| the| this)?(?: [a-z-]+){0,2} (?:myself|ourselves|on (?:wix|squarespace|weebly|shopify|wordpress\.com|godaddy))(?![a-z])/;
/** A stem of the profile's keywords or of its solution (concept weight 1). */
const isProfileWord = (stem: string, p: CompiledProfile) =>
  p.keywordStems.has(stem) || (p.concepts.get(stem) ?? 0) >= 1;
/** A link in the raw text, to a place other than Reddit, an image host or a reference ("store": an app store). */
const LINK = /https?:\/\/(?:www\.)?([a-z0-9.-]+\.[a-z]{2,})(\/[^\s)\]]*)?/gi;
const NOT_SHOWN =
  /(?:^|\.)(?:reddit\.com|redd\.it|imgur\.com|wikipedia\.org|google\.com|youtube\.com|youtu\.be)$/;
function linksOut(item: ScoringItem): 'store' | 'site' | null {
  const raw = `${item.title}\n${item.body.slice(0, HEAD_CHARS * 2)}`;
  if (!raw.includes('://')) return null;
  let found: 'site' | null = null;
  for (const m of raw.matchAll(LINK)) {
    const host = m[1]!.toLowerCase();
    const path = m[2] ?? '';
    if (
      (host === 'play.google.com' && path.startsWith('/store')) ||
      /(?:^|\.)(?:itunes|apps)\.apple\.com$/.test(host)
    )
      return 'store';
    if (!NOT_SHOWN.test(host)) found = 'site';
  }
  return found;
}
/** A seller-self phrase that says the author made something ("i made a site"), not that they sell an item. */
const MADE = /\b(?:made|built|created|developed|launched|released|wrote|designed|coded|programmed)\b/;
const NOT_ASKED =
  /(?:\b(?:my|our)(?: [a-z-]+)?|\b(?:in|on|into|inside|within|using|with|from) (?:(?:a|an|the|this|that|your|my|our) )?)\s*$/;

const TITLE_WORD = /[a-z][a-z0-9]*(?:'[a-z]+)?/g;

/** "I run", "we have": the verb of a business-size phrase ("we run three shops"), left out of the reason. */
const BUSINESS_VERB = /^(?:i|we) (?:have|run|own|manage|operate) /;

/** A place of business or a person after a target user's modifier: "nail salon", "hair stylists", "nail tech". */
const WHO_HEAD =
  /^[ -]((?:salon|shop|studio|store|bar|spa|clinic|business|company|agency|practice|office|restaurant|cafe|firm|tech|artist|stylist|owner|team|pro)s?)(?![a-z'])/;

/**
 * The target user a profile word names in the post: the word itself ("barbershop"), or with the word after it
 * when the profile uses it only before another ("nail" in "nail studios") and the post's next word is a place
 * of business or a person ("nail salon"); null otherwise ("nail polish" names no one).
 */
function whoOf(full: string, h: PhraseHit, modifier: boolean): string | null {
  if (!modifier) return h.text;
  const end = h.start + h.text.length;
  const next = WHO_HEAD.exec(full.slice(end, end + 24));
  return next ? `${h.text} ${next[1]}` : null;
}

/**
 * The share of the title's content words that lie inside one of the spans (start, end pairs) of the profile's
 * words: "Off-site backup suggestions for 500 GB" has none for a cloud-GPU profile, "Monitoring Software" half.
 */
function titleShareOf(title: string, spans: number[]): number {
  TITLE_WORD.lastIndex = 0;
  let words = 0;
  let inField = 0;
  for (let m = TITLE_WORD.exec(title); m !== null; m = TITLE_WORD.exec(title)) {
    const w = m[0];
    if (w.length < 3 || STOPWORDS.has(w)) continue;
    words++;
    for (let i = 0; i < spans.length; i += 2)
      if (m.index >= spans[i]! && m.index < spans[i + 1]!) {
        inField++;
        break;
      }
  }
  return words ? inField / words : 0;
}

/** A post read once: its normalized text and language-signal hits, whatever the project. */
interface ReadText {
  titleIn: string;
  bodyIn: string;
  title: string;
  body: string;
  full: string;
  signals: PhraseHit[];
  /** The learned model's word stems, read when the model first needs them. */
  stems?: TextStems;
  /** Where the item links out of Reddit (linksOut), read when first needed. */
  link?: 'store' | 'site' | null;
}

/**
 * A scan scores each post for every project that matched it; the text and the language signals are the same
 * for all of them, so they are read once per item object (a different title or body reads again). The first
 * project reads everything in one pass over its full index; the others read only their own phrases.
 */
const READ = new WeakMap<ScoringItem, ReadText>();

/** The item's reading, if it has been read and not edited since. */
function freshRead(item: ScoringItem): ReadText | undefined {
  const cached = READ.get(item);
  return cached && cached.titleIn === item.title && cached.bodyIn === item.body ? cached : undefined;
}

function readText(item: ScoringItem, p: CompiledProfile): { read: ReadText; own: PhraseHit[] } {
  const cached = freshRead(item);
  if (cached) return { read: cached, own: p.index.scan(cached.full) };
  const title = normalizeText(item.title);
  const body = normalizeText(item.body.length > BODY_CHARS ? item.body.slice(0, BODY_CHARS) : item.body);
  const full = `${title}\n${body}`;
  const signals: PhraseHit[] = [];
  const own: PhraseHit[] = [];
  for (const h of p.fullIndex.scan(full)) (h.group < PROFILE_GROUP.keyword ? signals : own).push(h);
  const read = { titleIn: item.title, bodyIn: item.body, title, body, full, signals };
  READ.set(item, read);
  return { read, own };
}

export function readSignals(item: ScoringItem, p: CompiledProfile): Signals {
  const { read, own } = readText(item, p);
  const { title, body, full, signals } = read;
  const titleEnd = title.length;
  const headEnd = titleEnd + 1 + HEAD_CHARS;

  const byGroup: PhraseHit[][] = Array.from({ length: GROUPS }, () => []);
  // A comment's title is its post's: it places the comment in a topic, but its requests and tags are the post
  // author's, not the commenter's.
  const comment = item.kind === 'comment';
  // Who the author is shows in their own words: a comment's title is its post author's.
  const authorFrom = comment ? titleEnd : 0;
  for (const hits of [signals, own])
    for (const h of hits) {
      // A request for what a keyword names is a request like any other.
      const group = h.group === PROFILE_GROUP.asked ? SIGNAL.seek : h.group;
      if (
        comment &&
        h.start < titleEnd &&
        (group < PROFILE_GROUP.keyword || group === PROFILE_GROUP.category)
      )
        continue;
      byGroup[group]!.push(group === h.group ? h : { ...h, group });
    }
  // The shared language signals hold groups this profile does not read (a law firm's legal questions).
  for (const g of p.ignoredSignals) byGroup[g] = [];
  const G = (id: number) => byGroup[id]!;
  const texts = (hits: PhraseHit[], from: number, to: number) => {
    const out: string[] = [];
    for (const h of hits) if (h.start >= from && h.start < to) pushUnique(out, h.text.trim(), 8);
    return out;
  };

  const topic: number[] = [];
  for (const h of G(PROFILE_GROUP.keyword)) topic.push(h.start);
  for (const h of G(PROFILE_GROUP.competitor)) topic.push(h.start);
  const concepts: string[] = [];
  const topicConcepts: string[] = [];
  const targetUsers: string[] = [];
  let userWord: string | null = null;
  let conceptWeight = 0;
  let titleConcepts = 0;
  const seen = new Set<string>();
  // Where the profile's words sit in the title, as start, end pairs.
  const titleSpans: number[] = [];
  for (const group of [PROFILE_GROUP.keyword, PROFILE_GROUP.competitor])
    for (const h of G(group)) if (h.start < titleEnd) titleSpans.push(h.start, h.start + h.text.length);
  // Where a pain counts as on topic: the keywords and competitors, and the profile's own pain and solution words.
  const conceptTopic = [...topic];
  for (const h of G(PROFILE_GROUP.concept)) {
    const s = stemWord(h.text);
    const w = p.concepts.get(s);
    if (w === undefined) continue;
    conceptTopic.push(h.start);
    // "software" in "POS software" names no part of this product's field: a generic product noun (weighed
    // GENERIC_WEIGHT) leaves the title's share to its other words.
    if (h.start < titleEnd && w > GENERIC_WEIGHT) titleSpans.push(h.start, h.start + h.text.length);
    if (p.targetStems.has(s)) {
      pushUnique(targetUsers, h.text);
      if (userWord === null && h.start >= authorFrom) userWord = whoOf(full, h, p.targetModifiers.has(s));
      continue;
    }
    if (seen.has(s)) continue;
    seen.add(s);
    if (h.start < titleEnd) titleConcepts++;
    concepts.push(h.text);
    if (p.topicStems.has(s) && !PAST_FORM.test(h.text)) topicConcepts.push(h.text);
    conceptWeight += w * (h.start < titleEnd ? 1.5 : 1);
  }
  // "my small bakery" when the profile sells to business owners: the author is one of its target users.
  const business = p.sellsToBusinesses ? [...G(PROFILE_GROUP.ownBusiness), ...G(SIGNAL.business)] : [];
  for (const h of business) pushUnique(targetUsers, h.text);
  // The reason names the author by their own business first ("my barber shop"), then by the profile's words.
  const ownShop = business.find((h) => h.group === PROFILE_GROUP.ownBusiness && h.start >= authorFrom);
  const size = business.find((h) => h.group === SIGNAL.business && h.start >= authorFrom);
  const who =
    ownShop?.text.replace(/^(?:my|our) (?:very own |own )?/, '') ??
    userWord ??
    (size ? `business with ${size.text.replace(BUSINESS_VERB, '')}` : null);
  const keywordsTitle = texts(G(PROFILE_GROUP.keyword), 0, titleEnd);
  const competitors = texts(G(PROFILE_GROUP.competitor), 0, full.length);
  const titleOnTopic =
    keywordsTitle.length > 0 ||
    G(PROFILE_GROUP.competitor).some((h) => h.start < titleEnd) ||
    titleConcepts >= 2;

  // Someone recommending ("I'd recommend deposits") is answering, not asking: their "recommend" is no request.
  const adviceHits = G(SIGNAL.advice);
  const inAdvice = (h: PhraseHit) =>
    adviceHits.some((a) => h.start >= a.start && h.start < a.start + a.text.length);
  // "Tips for long-running jobs?" asks for tips; "Tips for reducing no-shows" gives them.
  const adviceInTitle = !title.includes('?') && adviceHits.some((h) => h.start < titleEnd);
  if (adviceHits.length) {
    byGroup[SIGNAL.seek] = G(SIGNAL.seek).filter((h) => !inAdvice(h));
    byGroup[SIGNAL.seekProduct] = G(SIGNAL.seekProduct).filter((h) => !inAdvice(h));
  }
  // Schooling ("majoring in", "internship") says a student, which is no buyer unless the product is for students.
  if (p.forStudents) byGroup[SIGNAL.low] = G(SIGNAL.low).filter((h) => !SCHOOLING.test(h.text));
  // A job opening is posted as one ("[Hiring] …", "we're hiring", "position"); "should I hire a full-time
  // bookkeeper?" weighs a hire against a provider.
  if (G(SIGNAL.employment).length && !POSTED_AS_JOB.test(title)) byGroup[SIGNAL.employment] = [];
  // A word that marks a post as no lead elsewhere ("article", "guide") is the product itself for a profile that
  // sells it (a copywriting service's articles).
  const lowHits = G(SIGNAL.low).filter(
    (h) => !/^[a-z]+$/.test(h.text) || !isProfileWord(stemWord(h.text), p),
  );
  // "If I had a budget of …" imagines; it buys nothing.
  const imagined = (h: PhraseHit) => HYPOTHETICAL.test(full.slice(Math.max(0, h.start - 60), h.start));
  byGroup[SIGNAL.purchase] = G(SIGNAL.purchase).filter((h) => !imagined(h));
  // "makes about $10,000", "revenue of $2k": what the author or someone earns, no budget.
  byGroup[SIGNAL.money] = G(SIGNAL.money).filter(
    (h) => !imagined(h) && !EARNED.test(full.slice(Math.max(0, h.start - 40), h.start)),
  );
  // The category named as the author's own or as a place ("our booking app", "in a booking app"), inside advice,
  // or in a guide's title ("Guide: changing booking software") is no request.
  byGroup[PROFILE_GROUP.category] = G(PROFILE_GROUP.category).filter(
    (h) =>
      !NOT_ASKED.test(full.slice(Math.max(0, h.start - 16), h.start)) &&
      !inAdvice(h) &&
      !(adviceInTitle && h.start < titleEnd),
  );
  const objects: number[] = [];
  for (const h of G(SIGNAL.tool)) objects.push(h.start);
  for (const h of G(PROFILE_GROUP.competitor)) objects.push(h.start);
  // The profile's category is a thing to use as much as "software" is ("looking for a new website").
  for (const h of G(PROFILE_GROUP.category)) objects.push(h.start);
  const seek = intentHits(G(SIGNAL.seek), titleEnd, titleOnTopic, topic, objects);
  const seekProduct = intentHits(G(SIGNAL.seekProduct), titleEnd, titleOnTopic, topic);
  if (seekProduct.value >= seek.value) {
    seek.value = seekProduct.value;
    seek.inTitle ||= seekProduct.inTitle;
    const merged: string[] = [];
    for (const x of [...seekProduct.phrases, ...seek.phrases]) pushUnique(merged, x);
    seek.phrases = merged;
  } else for (const x of seekProduct.phrases) pushUnique(seek.phrases, x);
  // A request in the title speaks against a pitch; a product named in it ("my scheduling tool") does not.
  const asksInTitle = seek.inTitle;
  const category = texts(G(PROFILE_GROUP.category), 0, titleEnd);
  if (category.length && seek.value < 0.8) {
    seek.value = 0.8;
    seek.inTitle = true;
    seek.phrases.unshift(category[0]!);
  }

  // For a service, asking for a person to do the job ("looking for an Excel expert", "someone to write the macro")
  // asks for the service itself.
  let personAsked: string | null = null;
  if (p.service && !comment) {
    // Under a tagged or job title ("[Hiring] …") only the title's own words count: its tag says what it asks.
    const end = /^\s*\[/.test(title) || POSTED_AS_JOB.test(title) ? titleEnd : headEnd;
    const asked = G(SIGNAL.personAsked).find((h) => h.start < end);
    if (asked) personAsked = whoAsked(asked.text);
    if (asked && seek.value < 0.9) {
      seek.value = 0.9;
      seek.inTitle ||= asked.start < titleEnd;
      seek.phrases.unshift(asked.text);
    }
  }
  const pitchTitle = texts(G(SIGNAL.pitch), 0, titleEnd);
  // An owner whose title asks how to market their business quotes their offer ("Marketing a repair business?
  // … flyers saying 'I am offering a free checkup'"): a buyer of marketing help, not a pitch.
  const pitchBody = asksHowToMarket(title) ? [] : texts(G(SIGNAL.pitch), titleEnd, headEnd);
  const selfTitle = texts(G(SIGNAL.self), 0, titleEnd);
  const selfBody = texts(G(SIGNAL.self), titleEnd, headEnd);
  // Pitches count 2 each; having made something counts 2 in the title, 1 in the body; owning or inviting
  // feedback 1 in the title, 0.5 in the body. The body alone needs two such hits: an owner asking how to
  // market their product is not taken for a seller.
  const ownTitle = texts(G(SIGNAL.own), 0, titleEnd);
  const ownBody = texts(G(SIGNAL.own), titleEnd, headEnd);
  let sellerPoints =
    2 * (pitchTitle.length + pitchBody.length + selfTitle.length) +
    ownTitle.length +
    Math.min(2, selfBody.length + 0.5 * ownBody.length);
  const sellerPhrases = [...pitchTitle, ...selfTitle, ...ownTitle, ...pitchBody, ...selfBody, ...ownBody];
  const tagSeller = !comment && TAG_FOR_HIRE.test(title);
  const hw = comment ? null : haveWantSells(title);
  // "[H] $$$, a Filco keyboard [W] Nexus 7": where the product's own words stand only on the have side of a
  // trade, the author has one to give away, not one to buy (for this profile; money on the have side or not).
  const span = comment || tagSeller || hw === true ? null : haveSpan(title);
  const named = span
    ? [...G(PROFILE_GROUP.keyword), ...G(PROFILE_GROUP.competitor)].filter((h) => h.start < titleEnd)
    : [];
  const tradesAway =
    span !== null && named.length > 0 && named.every((h) => h.start >= span[0] && h.start < span[1]);
  if (tagSeller || hw === true || tradesAway) {
    sellerPoints += 4;
    let phrase = `has ${named[0]?.text.trim()} to trade`;
    if (hw === true) phrase = '[h] item [w] money';
    if (tagSeller) phrase = title.match(TAG_FOR_HIRE)?.[0] ?? 'for hire';
    sellerPhrases.unshift(phrase);
  }
  if (((!comment && TAG_BUYER.test(title)) || hw === false) && !tradesAway) sellerPoints -= 4;
  // A post that links out and says the author made or owns something shows it, unless its title asks: an owner
  // asking how to market their site links it too. A link to an app store is the author's app.
  // Where the post links is read once per item (a scan scores it for every project that matched it), and only
  // when the rest of the rule holds.
  let link: ReadText['link'] = null;
  if (!comment && !asksInTitle && !title.includes('?') && seek.value < 0.6 && !MARKETS_OWN.test(title)) {
    if (read.link === undefined) read.link = linksOut(item);
    link = read.link;
  }
  // Nor an owner who made their site for their own use ("I built my website myself on Wix").
  if (link && !HIRED_SOMEONE.test(full.slice(0, headEnd)) && !BUILT_FOR_SELF.test(full)) {
    if (link === 'store' && !sellerPhrases.length) sellerPhrases.push('a link to an app store');
    if (link === 'store' || selfTitle.length + selfBody.length > 0) sellerPoints += 1;
  }
  // A title that asks (a request, or a question) speaks against selling, unless the post pitches.
  // A title that says the author made something ("I made a site … suggestions?") asks for feedback: a pitch.
  if (
    (asksInTitle || (!comment && title.includes('?'))) &&
    pitchTitle.length + pitchBody.length === 0 &&
    !selfTitle.some((x) => MADE.test(x))
  )
    sellerPoints -= 1;

  let geography: Signals['geography'] = null;
  let place: string | null = null;
  if (p.geography) {
    const head = full.slice(0, titleEnd + 600);
    const foreign = p.geography.foreign.find(head);
    if (foreign) {
      geography = 'foreign';
      place = foreign.replace(/^\[|\]$/g, '').trim();
    }
    if (p.geography.allowed.find(head)) {
      geography = 'match';
      place = null;
    }
  }
  let budget: Signals['budget'] = null;
  let budgetText: string | null = null;
  let budgetNamed = false;
  if (p.budget?.max) {
    const stated = statedBudget(comment ? '' : title, body, p.budget.monthly, p.devicesSold.size > 0);
    if (stated !== null) {
      // A budget far below the product's price ("$20/month" for a $500-2,000 a month service) is no fit either:
      // it earns no lift, and the reason says so; the need still ranks the post.
      if (stated.amount > p.budget.max * 1.5) budget = 'over';
      else if (p.budget.min && stated.amount < p.budget.min / 4) budget = 'under';
      else budget = 'fits';
      budgetText = stated.text;
      budgetNamed = stated.called;
    }
  }
  const jargon: string[] = [];
  for (const h of G(PROFILE_GROUP.jargon))
    if (h.start >= authorFrom && h.start < headEnd) {
      const t = /^\d/.test(h.text) ? 'an IP address' : h.text.trim();
      if (!jargon.includes(t)) jargon.push(t);
    }
  // Comparing phrases that leave a product ("alternatives to", "switching from", "replace our"); "narrowed it down to
  // Booksy and Calendly" or "is Vagaro worth it" weighs the competitor rather than leaving it.
  const leaving = [...G(SIGNAL.compare).filter((h) => LEAVES.test(h.text)), ...G(SIGNAL.leave)];
  const competitorInTitle = G(PROFILE_GROUP.competitor).some((h) => h.start < titleEnd);
  const leavesCompetitor =
    G(PROFILE_GROUP.competitor).some((c) =>
      leaving.some(
        (h) =>
          (c.start > h.start && c.start - h.start <= h.text.length + 20) ||
          // "Booksy alternatives for a kids salon?"
          (h.text.startsWith('alternative') && h.start - (c.start + c.text.length) === 1),
      ),
    ) ||
    (G(PROFILE_GROUP.competitor).length > 0 &&
      G(SIGNAL.leave).some((h) => h.text.startsWith('what did you')));

  const ownCompetitors = comment ? texts(G(PROFILE_GROUP.competitor), titleEnd, full.length) : competitors;
  const money = intentHits(G(SIGNAL.money), titleEnd, titleOnTopic, topic);
  // A price in the body is a budget when the product is bought per item (a laptop); for a subscription it is
  // more often something else (an unpaid invoice, revenue).
  if (!money.inTitle && p.budget?.monthly !== false) money.value *= 0.5;

  return {
    taggedAsk: comment
      ? null
      : hw === false || TAG_HIRING.test(title)
        ? 'buys'
        : TAG_REQUEST.test(title)
          ? 'request'
          : null,
    keywordsTitle,
    keywordsBody: texts(G(PROFILE_GROUP.keyword), titleEnd, full.length),
    keywordCount: topic.length,
    concepts,
    topicConcepts,
    conceptWeight,
    targetUsers,
    who,
    competitors,
    competitorInTitle,
    ownTitleNamesCompetitor: !comment && competitorInTitle,
    ownCompetitors,
    ownCompetitorNames: ownCompetitors.map((c) => p.competitorNames.get(c) ?? capitalize(c)),
    seek,
    compare: strongest(
      intentHits(G(SIGNAL.compare), titleEnd, titleOnTopic, topic),
      intentHits(G(SIGNAL.compareGeneric), titleEnd, titleOnTopic, topic, objects),
    ),
    purchase: strongest(intentHits(G(SIGNAL.purchase), titleEnd, titleOnTopic, topic), money),
    // A pain is about the field when it sits near the profile's own pain or solution words ("traffic dropped").
    pain: intentHits(G(SIGNAL.pain), titleEnd, titleOnTopic || titleConcepts >= 1, conceptTopic),
    lowTitle: texts(lowHits, 0, titleEnd),
    lowBody: texts(lowHits, titleEnd, headEnd),
    otherNeedTitle: OTHER_NEEDS.find((n) => G(n.group).some((h) => h.start < titleEnd))?.reason ?? null,
    otherNeedBody: OTHER_NEEDS.reduce(
      (a, n) => a + (n.inBody ? texts(G(n.group), titleEnd, headEnd).length : 0),
      0,
    ),
    jobOpening: G(SIGNAL.employment).some((h) => h.start < headEnd),
    noBudget: G(SIGNAL.noBudget).some((h) => h.start < headEnd),
    sellerPhrases,
    sellerPoints,
    question: comment ? 0 : title.includes('?') ? (titleOnTopic ? 0.35 : 0.15) : 0,
    geography,
    place,
    budget,
    budgetText,
    budgetNamed,
    advice: texts(adviceHits, 0, full.length),
    jargon,
    // Whoever posts "[Hiring] …" buys the work, whatever their trade ("for my clients" from an agency hiring).
    role:
      !comment && TAG_HIRING.test(title)
        ? null
        : authorRole(
            full,
            G(PROFILE_GROUP.targetRole).filter((h) => h.start >= authorFrom && h.start < headEnd),
            G(PROFILE_GROUP.otherRole).filter((h) => h.start >= authorFrom && h.start < headEnd),
          ),
    adviceInTitle,
    // A comment is judged by its own words, and a title asking for a person wants the job done.
    diy: comment ? null : diyOf(texts(G(PROFILE_GROUP.diy), 0, titleEnd)[0] ?? null, title),
    ownBusiness: business.length > 0,
    leavesCompetitor,
    // The category asked for, else the keyword a request names ("need appointment scheduling" asks for it).
    asksFor:
      texts(G(PROFILE_GROUP.category), 0, full.length)[0] ??
      own
        .find((h) => h.group === PROFILE_GROUP.asked && h.start >= authorFrom)
        ?.text.trim()
        .replace(ASKED_VERB, '') ??
      null,
    personAsked,
    // A subreddit named for a kind of device ("SuggestALaptop") is about shopping for it, whatever the post says.
    otherDevice:
      deviceAskedFor(subredditWords(item.subreddit), p) ??
      (!comment && (seek.inTitle || title.includes('?') || G(SIGNAL.purchase).some((h) => h.start < titleEnd))
        ? deviceAskedFor(title, p)
        : null),
    weighs: G(SIGNAL.weigh).length > 0,
    asksHelp: G(SIGNAL.help).some((h) => h.start >= authorFrom && h.start < headEnd),
    titleShare: titleShareOf(title, titleSpans),
  };
}

const clamp01 = (x: number) => Math.max(0, Math.min(1, x));

export interface Weighed {
  score: number;
  /** The score before the profile's judgements of the author (factor: geography, budget, role; bonus: explicit buyer). */
  base: number;
  factor: number;
  bonus: number;
  stage: Stage | null;
  sellerSide: boolean;
  fit: number;
  intent: number;
}

/** Enough IT jargon to mark an expert, for a product whose buyers have no technical staff (role.ts). */
const writesAsExpert = (s: Signals) => jargonPoints(s.jargon) >= JARGON_TERMS;

/** Fit to the project (0-1), buying intent (0-1), then the 0-100 score and stage. */
/** The weights of the score (docs/scoring.md); one object so the eval can show what each one moves. */
export const WEIGHTS = {
  base: 0.1,
  /** The share of the score left to a title shopping for a device the product is not (a laptop for a cloud). */
  otherDevice: 0.5,
  /** The share left to a technical author when the product is for people without technical staff. */
  expert: 0.6,
  /** The share left to an author on the other side of the target users ("my landlord") or of the product. */
  role: 0.6,
  /** The share left to someone doing the job themselves, for a profile that sells it as a service. */
  diy: 0.7,
  /** The share left to a lead clearly outside the profile's geography, and the lift of one inside it. */
  foreign: 0.45,
  inGeography: 1.08,
  /** The share left to a budget below the product's price, and the lift of one that fits (for its buyer). */
  budgetOver: 0.6,
  budgetFits: 1.1,
  /** The share left to a job opening (an employer hiring staff, not buying). */
  jobOpening: 0.5,
  /** The share left to an author who says there is no budget. */
  noBudget: 0.6,
  intent: 0.6,
  fit: 0.2,
  /**
   * The part of the fit that weighs intent and depends on how much of the title is about the field
   * (titleShare): a post whose title has none of the profile's words keeps 0.8 of it.
   */
  titleFocus: 0.2,
  /** How much of intent counts when the fit is nil: intent about something else is worth little. */
  intentFloor: 0.5,
  concept: 0.4,
  keyword: 0.35,
  target: 0.15,
  competitor: 0.1,
  pain: 0.7,
};

export function weigh(s: Signals): Weighed {
  const W = WEIGHTS;
  // A named competitor places a post in the project's field as surely as a keyword does.
  const kw = s.keywordsTitle.length
    ? 1
    : s.competitorInTitle
      ? 0.8
      : s.keywordCount > 0
        ? Math.min(0.8, 0.4 + 0.1 * s.keywordCount)
        : 0;
  // Leaving a named competitor places the author in the product's market as surely as any keyword.
  const fitFloor = s.leavesCompetitor ? 0.6 : 0;
  const named = clamp01(
    W.keyword * kw +
      W.concept * clamp01(s.conceptWeight / 4) +
      W.target * (s.targetUsers.length ? 1 : 0) +
      W.competitor * (s.competitors.length ? 1 : 0),
  );
  const fit = Math.max(fitFloor, named);
  // Intent counts by how much of the title is about the field, not only by whether the field is named at all:
  // a request whose title is about something else ("Off-site backup suggestions") and names the field only in
  // the body is less likely a request for the product.
  const focusedFit = Math.max(fitFloor, named * (1 - W.titleFocus + W.titleFocus * s.titleShare));

  const { seek, compare, purchase, pain } = s;
  // A stated budget that fits is a purchase signal in itself; leaving a named competitor is a comparison.
  if (s.budget === 'fits') purchase.value = Math.max(purchase.value, 0.9);
  if (s.leavesCompetitor) compare.value = 1;
  const groups = [seek, compare, purchase, pain].filter((h) => h.value >= 0.7).length;
  const intent = clamp01(
    Math.max(seek.value, compare.value * 0.95, purchase.value * 0.9, pain.value * W.pain, s.question) +
      0.1 * Math.max(0, groups - 1),
  );

  // Giving advice: a how-to title weighs like a story; advice in the body of a post that does not ask, less.
  const advice =
    s.adviceInTitle && !s.seek.inTitle
      ? 0.3
      : s.advice.length && s.question === 0 && !s.seek.inTitle
        ? 0.15
        : 0;
  const low =
    Math.min(
      0.6,
      0.3 * (s.lowTitle.length + (s.otherNeedTitle ? 1 : 0)) +
        0.1 * (s.lowBody.length + s.otherNeedBody) +
        advice,
    ) * (seek.value >= 1 ? 0.4 : 1);
  const base =
    100 *
    clamp01(
      W.base + W.intent * intent * (W.intentFloor + (1 - W.intentFloor) * focusedFit) + W.fit * fit - low,
    );
  // What the profile says about this author, applied to whatever ranks the post (rules or the learned model):
  // the reason names each of them, so the score must move by them.
  let factor = 1;
  if (s.geography === 'foreign') factor *= W.foreign;
  else if (s.geography === 'match') factor *= W.inGeography;
  if (s.budget === 'over') factor *= W.budgetOver;
  if (s.otherDevice) factor *= W.otherDevice;
  if (writesAsExpert(s)) factor *= W.expert;
  if (s.role) factor *= W.role;
  if (doesItThemselves(s)) factor *= W.diy;
  // A job opening hires an employee: whatever its words share with the product's buyers, it buys nothing.
  if (s.jobOpening) factor *= W.jobOpening;
  // Someone who says they have nothing to spend is no buyer of anything sold, however well they fit.
  if (s.noBudget) factor *= W.noBudget;
  // A fitting budget is for this product only when the post shops for it and the author is its buyer.
  if (s.budget === 'fits' && !s.otherDevice && !s.role) factor *= W.budgetFits;
  // An explicit buyer (asks for a product and states a budget or timeline, or leaves a competitor) leads.
  const bonus = (seek.value >= 0.8 && purchase.value >= 0.7) || (s.leavesCompetitor && fit >= 0.25) ? 10 : 0;
  const sellerSide = s.sellerPoints >= 2;
  const score = adjust(base, factor, bonus, sellerSide);

  const stage = stageAt(s, fit, sellerSide, score);
  return { score: Math.round(score), base, factor, bonus, stage, sellerSide, fit, intent };
}

/** Below this score a post is a weak lead: the reason says so, and it is never ready to buy. */
const WEAK = 30;

/**
 * A post's stage: none for a seller or an off-topic post. Below WEAK, what it asks as a weak lead (never "ready to
 * buy"), and none when its title is low value or advice; the reason tells the same (docs/scoring.md).
 */
function stageAt(s: Signals, fit: number, sellerSide: boolean, score: number): Stage | null {
  if (sellerSide || fit < 0.25) return null;
  if (score >= WEAK) return stageOf(s);
  if (s.lowTitle.length || s.adviceInTitle) return null;
  const asked = stageOf(s);
  return asked === 'purchase-ready' ? 'solution-seeking' : asked;
}

/**
 * Above this a score bends toward 100 instead of stopping at it, so that strong leads keep their order (a hard cap
 * tied a tenth of the demo's requests at 100).
 */
const KNEE = 85;

/** The 0-100 scale: unchanged up to KNEE, then approaching 100 without a ceiling that ties leads. */
function bend(x: number): number {
  const room = 100 - KNEE;
  return x <= KNEE ? x : KNEE + room * (1 - Math.exp(-(x - KNEE) / room));
}

/** The inverse of bend, for a score to be moved on the straight scale and bent again. */
function unbend(y: number): number {
  const room = 100 - KNEE;
  return y <= KNEE ? y : KNEE - room * Math.log(1 - Math.min(y - KNEE, room - 0.01) / room);
}

/** A push of the meaning stage this large (points) is told in the reason, which otherwise reads the rules. */
const MOVE_TOLD = 15;
const MOVED_UP = "ranked higher: read as a whole, it sounds like a buyer's request";
const MOVED_DOWN =
  "ranked lower: read as a whole, it sounds less like a buyer's request than its keywords suggest";

const MOVED_UP_UNASKED =
  "ranked higher: asks in no usual words, but read as a whole it sounds like a buyer's request";

/** A shipped score moved by the meaning stage's points, back on the 0-100 scale. */
function moveBy(score: number, points: number): number {
  return Math.round(Math.min(100, Math.max(0, bend(unbend(score) + points))));
}

/** A 0-100 ranking score moved by the profile's judgements (factor, bonus); a seller stays at the bottom. */
export function adjust(score: number, factor: number, bonus: number, sellerSide: boolean): number {
  const s = bend(score * factor + bonus);
  return sellerSide ? Math.min(s * 0.2, 9) : s;
}

/**
 * Where the author is on the way to buying (RUBRIC), for a post that is on topic and ranks as a lead. The stage
 * is read from the same signals as the score and never changes it.
 */
export function stageOf(s: Signals): Stage | null {
  const { seek, compare, purchase, pain } = s;
  const strong = (h: Hits) => h.value >= 0.7;
  // An on-topic request for advice ("how do I get clients to pay?") seeks a solution too.
  const seeking = seek.value >= 0.6;
  // Any request in the title asks, even one far from the topic words ("Best way to handle this?").
  const asks = seeking || seek.inTitle || s.taggedAsk !== null;
  const competitorComplaint = s.ownCompetitors.length > 0 && (strong(pain) || strong(compare));
  // Asking while weighing options already met ("I've tried …", "had a look at …") is a comparison.
  // Asking while naming two of the products it weighs ("Help me pick: Vagaro, Calendly or something smaller").
  const namesOptions = asks && s.ownTitleNamesCompetitor;
  if ((compare.inTitle && strong(compare)) || competitorComplaint || (asks && s.weighs) || namesOptions)
    return 'comparing';
  // Ready to buy something the product is not (a laptop for a cloud, a building for landlord software) is no
  // readiness to buy the product.
  // A budget that fits the product's range, called one, is stated by someone shopping, wherever it is written
  // ("we are looking too, budget about $25/mo"); a price paid ("we pay $30 a month for Acuity") is not.
  // Money in hand for the goods wanted ("[H] PayPal [W] …") is a purchase about to happen.
  if (s.taggedAsk === 'buys' && !s.otherDevice) return 'purchase-ready';
  if (
    strong(purchase) &&
    (seeking || purchase.inTitle || (s.budget === 'fits' && s.budgetNamed)) &&
    !s.otherDevice
  )
    return 'purchase-ready';
  if (asks) return 'solution-seeking';
  if (strong(compare)) return 'comparing';
  // The pain told with a question about it ("… has stopped working. What are my next steps?") asks how to solve
  // it: solution-seeking (RUBRIC), as the question below would make it without the pain.
  if (strong(pain) && s.question < 0.35 && !s.asksHelp) return 'problem-aware';
  // A request near a topic word in the body, or an on-topic question with no pain, asks how to do or solve
  // something: it seeks a solution.
  if (seek.value >= 0.4 || s.question >= 0.35 || s.asksHelp) return 'solution-seeking';
  return null;
}

/** Things bought one at a time: a reason asks for "a laptop", not "help with laptop" (help is for a task). */
const GOODS =
  /^(?:laptop|ultrabook|macbook|notebook|netbook|chromebook|desktop|pc|computer|camera|router|modem|access point|printer|scanner|monitor|keyboard|mouse|headset|headphone|phone|smartphone|tablet|server|nas|hard drive|ssd|gpu|graphics card|video card|chair|desk|backpack|bag|boot|shoe|wallet|knife|watch|mattress|bike)s?$/;

/** A verb's past form in the post ("launched", "designed"): no topic for a reason, whatever the profile's noun. */
const PAST_FORM = /[a-z]{3}ed$/;

/** "SuggestALaptop" -> "suggest a laptop": where a post is says what it is about. */
function subredditWords(subreddit: string | null | undefined): string {
  return (subreddit ?? '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
    .toLowerCase();
}

const capitalize = (x: string) => x.charAt(0).toUpperCase() + x.slice(1);

/** Why a seller post is one, in words a person recognises. */
function sellerReason(s: Signals): string {
  const said = s.sellerPhrases[0];
  return `Selling, not buying: the author offers or promotes something${said ? ` ("${said}")` : ''}`;
}

/** What the reason adds after a stated budget, by how it compares with the product's price. */
const BUDGET_NOTE: Record<NonNullable<Signals['budget']>, string> = {
  fits: '',
  over: ", above the product's range",
  under: ", well below the product's price",
};

/** A place read from a currency ("€40", "500 rupees") is told as the currency, not as a place ("posted from €"). */
const CURRENCY_OF: Record<string, string> = {
  '€': 'euros',
  eur: 'euros',
  euro: 'euros',
  euros: 'euros',
  '£': 'pounds',
  gbp: 'pounds',
  '₹': 'rupees',
  inr: 'rupees',
  rupee: 'rupees',
  rupees: 'rupees',
  cad: 'Canadian dollars',
  aud: 'Australian dollars',
};

/** " around <topic>", leaving out topic words the problem names ("Has the problem (no-shows)", not "… around no-shows"). */
function aroundTopic(topic: string[], pain: string): string {
  const rest = topic.filter((t) => !pain.toLowerCase().includes(t.toLowerCase()));
  return rest.length ? ` around ${rest.join(' and ')}` : '';
}

/**
 * The reason in plain words, most telling first: what the author asks for and for whom, their budget, the
 * competitor they leave, then anything that lowers the lead (elsewhere, over budget, advice, a story).
 * E.g. "Asks for booking software for a salon; budget $50/month".
 */
export function describe(s: Signals, w: Weighed, lift: 'up' | 'down' | null = null): string {
  if (w.sellerSide) return sellerReason(s);
  // "help with salon for a small salon" says it twice: the author's words leave the topic.
  const terms = [...new Set([...s.keywordsTitle, ...s.keywordsBody, ...s.topicConcepts])].filter(
    (t) => !s.who?.includes(t),
  );
  const topic = terms
    .filter((t, i) => !terms.some((u, j) => j < i && (u.includes(t) || t.includes(u))))
    .slice(0, 2);
  const thing =
    (s.asksFor && withArticle(s.asksFor)) ??
    s.personAsked ??
    // A tagged request or a trade title names the thing itself ("[BIFL Request] Backpack").
    (topic[0]
      ? s.taggedAsk || GOODS.test(topic[0])
        ? withArticle(topic[0])
        : `help with ${topic[0]}`
      : 'a recommendation');
  // "salon software for a salon" says it twice.
  const who = s.who && !thing.includes(s.who) ? ` for ${withArticle(s.who)}` : '';
  const parts: string[] = [];
  const competitor = s.ownCompetitorNames[0] ?? null;
  // What the post is about, in a phrase: its topic words, else the competitor it names ("About Elance").
  const subject = topic.join(' and ') || competitor || 'the topic';
  // A post that ranks low still says what it does ask, as a weak lead (its stage is never "ready to buy").
  const stage = w.stage;
  const weak = stage !== null && w.score < WEAK;
  if (stage === 'comparing')
    parts.push(
      s.leavesCompetitor && competitor
        ? `Wants an alternative to ${competitor}${who}`
        : s.ownCompetitors.length >= 2
          ? `Compares ${s.ownCompetitorNames[0]} and ${s.ownCompetitorNames[1]} for ${thing}${who}`
          : `Compares options${competitor ? ` (${competitor})` : ''} for ${thing}${who}`,
    );
  else if (stage === 'purchase-ready') parts.push(`Ready to buy: asks for ${thing}${who}`);
  else if (stage === 'solution-seeking')
    parts.push(
      // An on-topic question with no request phrase asks how to do something, not for a named thing.
      s.seek.phrases.length || s.asksFor
        ? `Asks for ${thing}${who}`
        : `Asks a question about ${subject}${who}`,
    );
  else if (stage === 'problem-aware')
    parts.push(
      s.pain.phrases[0]
        ? `Has the problem (${s.pain.phrases[0]})${aroundTopic(topic, s.pain.phrases[0])}${who}`
        : `Asks a question about ${subject}, not for a product`,
    );
  else if (w.fit < 0.25) parts.push('Barely about the product: a keyword in passing');
  // A post the meaning stage lifts says once that it asks in no usual words, not "asks for nothing" and then
  // "sounds like a request".
  else parts.push(`About ${subject}${lift === 'up' ? '' : ', but asks for nothing'}`);
  const unasked = parts[0]!.startsWith('About ');
  if (s.budgetText) parts.push(`budget ${s.budgetText}${s.budget ? BUDGET_NOTE[s.budget] : ''}`);
  if (competitor && stage !== 'comparing' && subject !== competitor) parts.push(`mentions ${competitor}`);
  if (weak) parts[0] = `Weak lead: ${parts[0]!.charAt(0).toLowerCase()}${parts[0]!.slice(1)}`;
  if (s.geography === 'foreign') {
    const currency = s.place ? CURRENCY_OF[s.place.toLowerCase()] : undefined;
    parts.push(
      currency
        ? `ranked lower: prices in ${currency}, outside the served geography`
        : `ranked lower: posted from ${s.place ? (s.place.toUpperCase().length <= 3 ? s.place.toUpperCase() : capitalize(s.place)) : 'elsewhere'}, outside the served geography`,
    );
  }
  if (s.otherDevice) parts.push(`ranked lower: shops for a ${s.otherDevice}, which the product is not`);
  if (writesAsExpert(s))
    parts.push(
      `ranked lower: writes as a technical expert (${s.jargon.slice(0, 3).join(', ')}), and the product is for people without one`,
    );
  if (s.role?.role === 'counterparty')
    parts.push(
      `ranked lower: the author deals with the product's users ("${s.role.said}") rather than being one`,
    );
  else if (s.role?.role === 'other')
    parts.push(
      `ranked lower: the author says who they are ("${s.role.said}"), and it is not the product's buyer`,
    );
  if (doesItThemselves(s))
    parts.push(
      /^(?:how|is|are|any|best|easiest|quickest|simplest|right|proper|correct|checklist|workflow|tutorial|cod)/.test(
        s.diy ?? '',
      )
        ? `ranked lower: asks how to do it themselves ("${s.diy}"), not for someone to do it`
        : `ranked lower: looks for a tool to do it themselves ("${s.diy}"), not for someone to do it`,
    );
  if (s.adviceInTitle || (s.advice.length && s.question === 0 && !s.seek.inTitle))
    parts.push('ranked lower: gives advice rather than asking');
  else if (s.otherNeedTitle) parts.push(`ranked lower: ${s.otherNeedTitle}`);
  else if (s.jobOpening) parts.push(`ranked lower: ${JOB_REASON}`);
  else if (s.lowTitle.length)
    parts.push(`ranked lower: reads as ${lowKind(s.lowTitle[0]!)} ("${s.lowTitle[0]}")`);
  if (s.noBudget) parts.push('ranked lower: says there is no budget');
  if (lift === 'up') parts.push(unasked ? MOVED_UP_UNASKED : MOVED_UP);
  else if (lift === 'down') parts.push(MOVED_DOWN);
  return parts.join('; ');
}

/** The comparing phrases that say the author leaves the product named next. */
const LEAVES = /^(?:alternative|switch|move|moving|migrat|replace)/;

/** What kind of post a low-value phrase of the title marks, in words a person reads at a glance. */
const LOW_KINDS: [RegExp, string][] = [
  [/stor|experience|lessons?|confession|how i |i just|just (?:bought|got|received|picked)/, 'a story'],
  [/review/, 'a review'],
  [/ama|ask me anything/, 'an AMA'],
  [/thank/, 'a thank-you'],
  [/\btil\b|psa|news|article|infographic|you can now/, 'news or an article'],
  [/tutorial|guide/, 'a guide'],
  [/rant|funny|meme/, 'a rant or a joke'],
  [/charge|quote|bill|lucrative|profitable|money/, "a provider's question about their own business"],
  [
    /job|work|intern|employ|position|interview|resume|cover letter|career|degree|major|salary|homework|assignment|class|course|professor|teacher|instructor/,
    'a question about jobs or school',
  ],
  [
    /configure|set ?up|install|fix|enable|disable|convert|calculate|format|write|code|script|troubleshoot/,
    'a how-to question',
  ],
];
function lowKind(phrase: string): string {
  return LOW_KINDS.find(([re]) => re.test(phrase))?.[1] ?? 'a discussion';
}

/** The DIY phrase of a title, unless the title asks for a person to do the job ("need a developer to …"). */
const diyOf = (phrase: string | null, title: string) =>
  phrase === null || ASKS_FOR_PERSON.test(title) ? null : phrase;

/** Asks how to do the job, or for a tool, and does not speak of their own business (an owner may hire it done). */
function doesItThemselves(s: Signals): boolean {
  return s.diy !== null && !s.ownBusiness && s.purchase.value < 0.7 && !s.budgetText;
}

/** The model's reading of the item's text (stems and n-gram hashes), made once whatever the project. */
function stemsOfItem(item: ScoringItem, p: CompiledProfile): TextStems {
  // readSignals has just read the item; read it again only if it was edited since.
  const read = freshRead(item) ?? readText(item, p).read;
  read.stems ??= stemsOf(read.title, read.body);
  return read.stems;
}

/** The learned model's features for a pair, as training reads them. */
export function featuresOfItem(item: ScoringItem, p: CompiledProfile, s: Signals, w: Weighed): Features {
  return featuresOf(stemsOfItem(item, p), p, s, w);
}

/**
 * The local scorer: deterministic, no I/O, microseconds per item once the profile is compiled. With the sentence
 * encoder's vectors of the post and the profile (meaning.ts), the meaning stage moves the score of a post.
 */
export function scoreItem(item: ScoringItem, profile: ScoringProfile, meaning?: MeaningVectors): LeadScore {
  if (item.kind === 'comment') return scoreComment(item, profile);
  return scoreReading(item, profile, meaning);
}

/**
 * A comment is read two ways, and the higher reading counts unless the first calls it a seller: as a comment (its
 * thread's title gives the topic, never the commenter's request), and as a post of its own whose first sentence is
 * its title ("Looking for booking software that pays renters directly. We have 5 booth renters …"). Read only as a
 * comment, the same words scored about 15 points lower than as a post, and a buyer's comment ranked under weaker
 * posts (labeled posts read as comments: NDCG@10 0.55 against 0.64; docs/scoring-history.md).
 */
function scoreComment(item: ScoringItem, profile: ScoringProfile): LeadScore {
  const asComment = scoreReading(item, profile);
  if (asComment.sellerSide) return asComment;
  const own = OWN_FIRST_SENTENCE.exec(item.body.trim());
  if (!own) return asComment;
  const asPost = scoreReading({ ...item, kind: 'post', title: own[1]!, body: own[2] ?? '' }, profile);
  return !asPost.sellerSide && asPost.score > asComment.score ? asPost : asComment;
}
/** The request's words before the keyword it asks for. */
const ASKED_VERB = new RegExp(`^${ASKED_LEAD}`);
/** A comment's first sentence (8 to 200 characters, ending in . ? or !) and the rest. */
const OWN_FIRST_SENTENCE = /^([^\n]{8,200}?[.?!])(?:\s+([\s\S]*))?$/;

/** One reading of an item: a post, or a comment read as a comment (its thread's title gives only the topic). */
function scoreReading(item: ScoringItem, profile: ScoringProfile, meaning?: MeaningVectors): LeadScore {
  const p = compileProfile(profile);
  const s = readSignals(item, p);
  const w = weigh(s);
  let score = w.score;
  let stage = w.stage;
  // The model was trained on posts: it would read a comment's post title as the commenter's own request, so a
  // comment is ranked by the rules alone, which judge it by its own words.
  if (modelShare > 0 && item.kind !== 'comment') {
    const probability = pairProbability(stemsOfItem(item, p), p, s, w);
    score = Math.round(adjust(blend(w.base, probability, modelShare), w.factor, w.bonus, w.sellerSide));
    // The stage belongs to the score shipped, whichever part ranked it.
    stage = stageAt(s, w.fit, w.sellerSide, score);
  }
  // Like the model, the stage was trained on posts; a seller stays where the rules put it, at the bottom.
  let moved = 0;
  const asked = stage !== null && stage !== 'problem-aware' && score >= WEAK;
  if (meaning && item.kind !== 'comment' && !w.sellerSide) {
    moved = meaningPoints(meaning);
    score = moveBy(score, moved);
    stage = stageAt(s, w.fit, w.sellerSide, score);
  }
  // The reason tells the stage shipped, not the rules' own, and a large move of the meaning stage that it does not
  // already explain (a lift of a post the rules read as a request needs no second word).
  const lift = moved >= MOVE_TOLD && !asked ? 'up' : moved <= -MOVE_TOLD ? 'down' : null;
  const reason = describe(s, { ...w, stage, score }, lift);
  // Lifted as a buyer's request that the rules found no stage in ("asks in no usual words, but read as a whole it
  // sounds like a buyer's request"): it seeks a solution, the stage of most leads.
  if (lift === 'up' && stage === null && w.fit >= 0.25 && score >= WEAK) stage = 'solution-seeking';
  return {
    score,
    stage,
    reason,
    sellerSide: w.sellerSide,
    matchedPhrase: s.keywordsTitle[0] ?? s.keywordsBody[0] ?? s.competitors[0] ?? s.concepts[0] ?? null,
  };
}
