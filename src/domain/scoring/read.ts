// Reads one item against a compiled profile: its text once per item, the signal groups' hits, and what they say
// about the author, the topic, the budget and the place (Signals, weighed by weigh.ts).
import { statedBudget } from './budget.ts';
import { stemsOf, type TextStems } from './features.ts';
import type { PhraseHit } from './phrase-index.ts';
import { ASKING_VERB, SOMEONE_TO } from './phrases/asking.ts';
import { EARNED, HYPOTHETICAL } from './phrases/budget.ts';
import {
  BUILT_FOR_SELF,
  BUSINESS_VERB,
  HIRED_SOMEONE,
  LEAVES,
  MADE,
  MARKETS_OWN,
  NOT_ASKED,
  NOT_SHOWN,
  PAST_FORM,
  POSTED_AS_JOB,
  SCHOOLING,
  WHO_HEAD,
} from './phrases/reading.ts';
import { TAG_BUYER, TAG_FOR_HIRE, TAG_HIRING, TAG_REQUEST } from './phrases/title-tags.ts';
import {
  ASKED_LEAD,
  ASKS_FOR_PERSON,
  type CompiledProfile,
  deviceAskedFor,
  GENERIC_WEIGHT,
  PROFILE_GROUP,
} from './profile.ts';
import { withArticle } from './question.ts';
import type { Hits, Signals } from './reading.ts';
import { asksAboutAnotherProduct, onlyBroadWords, otherObject, otherTrade } from './request-fit.ts';
import { authorRole } from './role.ts';
import { haveSpan, haveWantSells, OTHER_NEEDS, SIGNAL } from './signals.ts';
import { capitalize, normalizeText, STOPWORDS, stemWord } from './text.ts';
import type { ScoringItem } from './types.ts';

/** Long posts say what they want near the top; reading further costs time and adds noise. */
const BODY_CHARS = 4000;

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

/** A title that asks how to market the author's business: "How to promote my app?", "Marketing a repair shop?" */
const asksHowToMarket = (title: string) =>
  MARKETS_OWN.test(title) ||
  (title.includes('?') &&
    /^(?:marketing|promoting|advertising) (?:a|an|my|our|the|your|small|local)(?![a-z])/.test(title));

/** A stem of the profile's keywords or of its solution (concept weight 1). */
const isProfileWord = (stem: string, p: CompiledProfile) =>
  p.keywordStems.has(stem) || (p.concepts.get(stem) ?? 0) >= 1;
/** A link in the raw text, to a place other than Reddit, an image host or a reference ("store": an app store). */
const LINK = /https?:\/\/(?:www\.)?([a-z0-9.-]+\.[a-z]{2,})(\/[^\s)\]]*)?/gi;

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

const TITLE_WORD = /[a-z][a-z0-9]*(?:'[a-z]+)?/g;

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

  const keywordsBody = texts(G(PROFILE_GROUP.keyword), titleEnd, full.length);
  const ties = { keywordsTitle, keywordsBody, topicConcepts, competitors, targetUsers };
  const signalsRead: Signals = {
    broadOnly: onlyBroadWords(ties, p.fit),
    aboutAnotherProduct: false,
    taggedAsk: comment
      ? null
      : hw === false || TAG_HIRING.test(title)
        ? 'buys'
        : TAG_REQUEST.test(title)
          ? 'request'
          : null,
    keywordsTitle,
    keywordsBody,
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
    // What is asked for, and who asks, against what the profile sells and to whom (ADR 0123).
    // A title that names the product's field asks for it, whatever else the body names.
    otherObject: titleOnTopic ? null : otherObject(comment ? '' : title, body.slice(0, HEAD_CHARS), p.fit),
    otherTrade: otherTrade(full.slice(authorFrom, headEnd), p.fit),
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
  signalsRead.aboutAnotherProduct = asksAboutAnotherProduct(signalsRead, p.fit);
  return signalsRead;
}

/** "SuggestALaptop" -> "suggest a laptop": where a post is says what it is about. */
function subredditWords(subreddit: string | null | undefined): string {
  return (subreddit ?? '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
    .toLowerCase();
}

/** The DIY phrase of a title, unless the title asks for a person to do the job ("need a developer to …"). */
const diyOf = (phrase: string | null, title: string) =>
  phrase === null || ASKS_FOR_PERSON.test(title) ? null : phrase;

/** The request's words before the keyword it asks for. */
const ASKED_VERB = new RegExp(`^${ASKED_LEAD}`);

/** The model's reading of the item's text (stems and n-gram hashes), made once whatever the project. */
export function stemsOfItem(item: ScoringItem, p: CompiledProfile): TextStems {
  // readSignals has just read the item; read it again only if it was edited since.
  const read = freshRead(item) ?? readText(item, p).read;
  read.stems ??= stemsOf(read.title, read.body);
  return read.stems;
}
