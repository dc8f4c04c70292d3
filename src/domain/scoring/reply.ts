import { compileProfile } from './profile.ts';
import { readSignals, type Signals, scoreItem } from './score.ts';
import { normalizeText } from './text.ts';
import type { LeadScore, ScoringItem, ScoringProfile } from './types.ts';

/**
 * The product's name as a person says it: "Demo: ChairTime salon booking" with chairtime.example is "ChairTime";
 * a name with a label before a colon loses the label; otherwise the name as given.
 */
export function productName(profile: Pick<ScoringProfile, 'name' | 'url'>): string {
  const name = profile.name.replace(/^[^:]{1,20}:\s*/, '').trim() || profile.name;
  const host = profile.url
    ? /^(?:https?:\/\/)?(?:www\.)?([a-z0-9-]+)/i.exec(profile.url)?.[1]?.toLowerCase()
    : undefined;
  const word = host
    ? name.split(/\s+/).find((w) => w.toLowerCase().replace(/[^a-z0-9-]/g, '') === host)
    : undefined;
  return word ?? name;
}

/** The longest draft we produce; drafts are read by a human who posts them, or not. */
export const MAX_REPLY_WORDS = 120;

/** "Online booking page with automatic reminders, deposits and a shared staff calendar" -> category + features. */
export function splitSolution(solution: string | null): { category: string | null; features: string[] } {
  if (!solution) return { category: null, features: [] };
  const text = solution.trim().replace(/\.$/, '');
  const m = /\s+with\s+|:\s+|\s+(?:that |which )?(?:delivers|offers|includes)\s+/i.exec(text);
  const category = (m ? text.slice(0, m.index) : text).trim();
  const rest = m ? text.slice(m.index + m[0].length) : '';
  const features = rest
    .split(/,\s*|\s+and\s+/i)
    .map((f) => f.trim().replace(/^(?:an?|the)\s+/i, ''))
    // "priced for 1-5 chair shops", "shipped in two days": how it is sold, not a feature to compare.
    .filter((f) => f && !/^[a-z]+ed\b/i.test(f));
  if (!m) {
    // "Connects spreadsheets to data and automates reports" -> "connecting spreadsheets to data", "automating reports".
    const clauses = text.split(/\s+and\s+(?=[a-z]+s\s+(?!without|with|for|in|on|to|of|from|and)[a-z])/i);
    if (clauses.length > 1)
      return {
        category: null,
        features: clauses.map((c) =>
          lowerFirst(c.trim()).replace(
            /^([a-z]+?)(e?)s\b/,
            (_, stem: string, e: string) => `${e && !stem.endsWith('e') ? stem : stem + e}ing`,
          ),
        ),
      };
  }
  return { category: lowerFirst(category), features };
}

const an = (x: string) => `${/^[aeiou]/i.test(x) ? 'an' : 'a'} ${x}`;

function lowerFirst(s: string): string {
  return /^[A-Z][a-z]/.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s;
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** A stable small number from the post, so the same post always gets the same draft and posts differ. */
function pick(seed: string, n: number, salt: number): number {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  // A finalizer per salt, so the choices for one post are independent of each other.
  h = Math.imul(h ^ Math.imul(salt + 1, 0x9e3779b9), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) % n;
}

/**
 * What the author asks for, in their words: the keyword they used and what follows it in the title ("booking
 * software for your salon"), else the product category they named, else the project's first keyword.
 */
function needOf(item: ScoringItem, s: Signals, profile: ScoringProfile): string {
  const title = normalizeText(item.title).replace(/[^a-z0-9$'/ -]+/g, ' ');
  const keys = [s.asksFor, ...s.keywordsTitle, ...s.competitors].filter((x): x is string => !!x);
  for (const k of keys) {
    const at = title.indexOf(k);
    if (at < 0) continue;
    const m = new RegExp(
      `^${k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?: (?:software|tools?|apps?|services?|systems?|platforms?))?(?: for (?:a|an|my|our|the) (?:[0-9a-z-]+ ){0,2}[a-z-]+)?`,
    ).exec(title.slice(at));
    if (m) return asNoun(m[0].replace(/ for (?:my|our) /, ' for your ').trim());
  }
  return asNoun(s.asksFor ?? s.keywordsTitle[0] ?? s.keywordsBody[0] ?? profile.keywords[0] ?? 'this');
}

/** The subject in one or two words ("booking", "rent management"): the keyword the author used, else the project's. */
function topicOf(s: Signals, profile: ScoringProfile, named: (x: string) => boolean, seed: string): string {
  // The author's own word for it: the title's keywords first, the body's when the title has none.
  const own = s.keywordsTitle.length ? s.keywordsTitle : s.keywordsBody.length ? s.keywordsBody : s.concepts;
  const found = [...new Set(own)].filter((k) => !named(k)).slice(0, 3);
  if (found.length) return found[pick(seed, found.length, 8)]!;
  return profile.keywords.find((k) => !named(k)) ?? 'this';
}

const COUNTABLE =
  /(?:^|\s)(?:system|tool|app|plugin|service|platform|program|solution|page|site|provider)(?= for |$)/;
const PRODUCT =
  /(?:^|\s)(?:software|systems?|tools?|apps?|plugins?|services?|platforms?|programs?|solutions?|pages?|sites?|providers?)(?= for |$)/;

/** A need as a noun phrase that reads in a sentence: "a booking plugin", "booking software", "excel tools". */
function asNoun(need: string): string {
  if (!PRODUCT.test(need)) return need.includes(' for ') ? need : `the right ${need} option`;
  return COUNTABLE.test(need) ? an(need) : need;
}

/** Things worth checking in any product, added when the profile names fewer than four features. */
const GENERIC_FEATURES = [
  'the fit with your current workflow',
  'the setup effort',
  'the support you get',
  'the total yearly cost',
];

function both(profileFeatures: string[], i: number): [string, string] {
  const features = [...profileFeatures, ...GENERIC_FEATURES].slice(0, Math.max(4, profileFeatures.length));
  const a = features[i % features.length] ?? 'the fit with your current workflow';
  const b = features[(i + 1) % features.length] ?? 'the setup effort';
  return a === b ? [a, 'the setup effort'] : [a, b];
}

type Slots = { need: string; topic: string; a: string; b: string; who: string };
type Line = (x: Slots) => string;

/** First sentences, by what the author is doing; each names their need in their words. */
const OPENERS: Record<'seek' | 'compare' | 'buy' | 'pain', Line[]> = {
  seek: [
    ({ need, a, b }) => `For ${need}, I'd judge the options on ${a} first and ${b} second.`,
    ({ need, a }) => `Short answer on ${need}: choose on ${a}, not on the length of the feature list.`,
    ({ topic, a, who }) => `What decides the ${topic} choice${who} is mostly ${a}.`,
    ({ topic, a, b }) => `I'd shortlist ${topic} options by two things: ${a} and ${b}.`,
    ({ need, a }) => `If I were choosing ${need} today, I'd look at ${a} before anything else.`,
    ({ topic, b }) => `Most ${topic} options look alike on paper; they differ most in ${b}.`,
    ({ need, a }) => `The one thing I'd insist on in ${need} is ${a}.`,
    ({ topic, b, who }) =>
      `Having seen a few ${topic} setups${who}, what people end up caring about is ${b}.`,
    ({ need, b }) => `Good question; ${need} is worth choosing slowly, and the part to check is ${b}.`,
    ({ topic, a }) => `Three ${topic} tools are enough for a fair trial; compare them on ${a}.`,
  ],
  compare: [
    ({ need, a }) => `People leave ${need} over price or ${a}, so compare the alternatives on exactly that.`,
    ({ need, a, b }) =>
      `When people switch from ${need} to an alternative, ${a} and ${b} are the usual reasons.`,
    ({ need, a }) =>
      `Before you move off ${need} to an alternative, list what you really use, with ${a} near the top.`,
    ({ need, b }) => `Alternatives to ${need} differ most on ${b}, less on the headline price.`,
    ({ need, a }) => `Moving away from ${need} is easier than it looks if the alternative handles ${a} well.`,
    ({ need, b }) => `If ${need} no longer fits, judge each alternative on ${b} before price.`,
  ],
  buy: [
    ({ topic, a }) => `With ${an(topic)} budget already set, check ${a} before the feature list.`,
    ({ topic, a, b }) => `At that ${topic} budget, you should expect ${a} and ${b}.`,
    ({ need, a }) =>
      `For ${need} in your range, a trial week tells you more than reviews; look hard at ${a}.`,
    ({ need, b }) => `Since you're ready to pick ${need}, ask each vendor about ${b} up front.`,
    ({ topic, a }) => `You can get solid ${topic} help in that range; make ${a} the deciding point.`,
    ({ need, b }) => `Buying ${need} now is reasonable; just get ${b} in writing.`,
  ],
  pain: [
    ({ topic, a }) =>
      `With ${topic} trouble like this, what usually helps is ${a}, whatever you end up using.`,
    ({ topic, a, who }) =>
      `A lot of people${who} get ${topic} problems under control with ${a} before anything fancier.`,
    ({ topic, b }) => `The quickest win on the ${topic} side tends to be ${b}.`,
    ({ topic, a }) => `This kind of ${topic} headache gets much easier once you have ${a}.`,
    ({ topic, b }) =>
      `You're not alone with this ${topic} problem, and getting ${b} right takes most of the sting out.`,
    ({ topic, a }) => `Been there with ${topic}; what finally fixed it for most people I know was ${a}.`,
    ({ topic, b }) => `Honestly, most ${topic} pain like yours comes down to ${b}.`,
    ({ topic, a, who }) => `Sorting out ${topic}${who} usually starts with ${a}.`,
    ({ topic, b }) => `Two fixes for ${topic} trouble, cheapest first: a simple routine, then ${b}.`,
  ],
};

/** A second, practical sentence: how to try it on their own case. */
const TIPS: Line[] = [
  ({ a, topic }) => `Run a week of real ${topic} work through a free trial and keep an eye on ${a}.`,
  ({ b, topic }) => `Ask for a demo of ${b} with your own ${topic} data, not the sample account.`,
  ({ a, topic }) =>
    `Check the cancellation terms, the ${topic} data export and ${a} first; switching later is the real cost.`,
  ({ a, topic }) => `Put ${a} through your busiest ${topic} day; that is where things break.`,
  ({ b, topic }) => `Ask others here what they pay for ${topic} with ${b}; prices vary a lot.`,
  ({ b, topic }) =>
    `Start on the smallest ${topic} plan and see whether ${b} will hold up before you upgrade.`,
  ({ topic, a }) => `Write down the three ${topic} tasks you repeat most and test ${a} against them.`,
  ({ b, topic }) =>
    `Read the one-star ${topic} reviews; they show how ${b} will behave when something goes wrong.`,
  ({ a, b, topic }) => `Give ${a} a real ${topic} test, then ${b}; an afternoon each is enough to know.`,
  ({ topic, b }) => `Keep your current ${topic} routine running in parallel until you trust ${b}.`,
];

/** The one product mention: name, url, that the author of the draft works on it, tied to their topic. */
const DISCLOSURES: ((x: { name: string; topic: string; what: string; a: string }) => string)[] = [
  ({ name, topic, what }) =>
    `Disclosure: I work on ${name}${what}; it may not be the right fit for your ${topic} setup, but it is one to compare.`,
  ({ name, topic, a }) =>
    `I'm on the team behind ${name}, so I'm biased, but it was built for ${topic} cases like this, ${a} included.`,
  ({ name, topic, what }) =>
    `Full disclosure, I help build ${name}${what}, and I'm happy to answer ${topic} questions here.`,
  ({ name, topic, a }) =>
    `One more ${topic} option to look at, strong on ${a}, with the caveat that I work there: ${name}.`,
  ({ name, topic, what }) => `(I work on ${name}${what}, if you want another ${topic} option on the list.)`,
  ({ name, topic, a }) =>
    `Since you asked about ${topic}: I work on ${name}, which covers ${a}, and you're welcome to try it.`,
  ({ name, a }) => `For what it's worth, I work on ${name}, which puts ${a} first; biased, obviously.`,
  ({ name, a, topic }) =>
    `I should say I work on ${name}; if you care most about ${a} in your ${topic} setup, it is worth a look.`,
];

/** A sentence on what the author told us (their budget, size, the competitor they use), when they told us. */
function detailOf(
  item: ScoringItem,
  s: Signals,
  competitor: string | undefined,
  seed: string,
): string | null {
  const text = normalizeText(`${item.title} ${item.body.slice(0, 600)}`);
  const size =
    /\b(\d{1,4})[- ](chairs?|employees|people|staff|users|units|laptops|trucks|techs?|doors|rooms|locations|clients|students|servers|computers|machines|properties|tenants|devices)\b/.exec(
      text,
    );
  const options: string[] = [];
  if (s.budgetText)
    options.push(
      `${upper(s.budgetText)} is a workable budget for this.`,
      `Your budget of ${s.budgetText} rules out very little, so choose on fit.`,
    );
  if (size)
    options.push(
      `At ${size[1]} ${size[2]}, you are past what spreadsheets and sticky notes handle well.`,
      `With ${size[1]} ${size[2]}, per-seat pricing adds up, so check how each option charges.`,
    );
  if (competitor)
    options.push(
      `${competitor} does the basics, so the question is what you are missing.`,
      `Plenty of people start on ${competitor} and outgrow it.`,
    );
  return options.length ? options[pick(seed, options.length, 6)]! : null;
}

function upper(x: string): string {
  return x.charAt(0).toUpperCase() + x.slice(1);
}

/**
 * The deterministic reply draft, written for the post: the author's need first, in their words, by what they
 * are doing (asking, comparing, ready to buy, describing a pain), what they told us (budget, size, the tool
 * they use), one practical tip, then one honest mention of the product with its url. Sentences and their order
 * vary by post; under 120 words. Never posted by the service; with an LLM configured this is the fallback.
 */
export function draftReply(item: ScoringItem, profile: ScoringProfile, local?: LeadScore): string {
  const lead = local ?? scoreItem(item, profile);
  const s = readSignals(item, compileProfile(profile));
  const seed = `${item.title}\n${item.body.slice(0, 200)}`;
  const { features } = splitSolution(profile.solution);
  const product = productName(profile);
  const named = (x: string) => x.toLowerCase().includes(product.toLowerCase());
  let need = needOf(item, s, profile);
  if (named(need)) need = asNoun(profile.keywords.find((k) => !named(k)) ?? 'this');
  const topic = topicOf(s, profile, named, seed);
  const [a, b] = both(features, pick(seed, 97, 1));
  const target = s.targetUsers[0];
  const who = target?.endsWith('s') ? ` for ${target}` : '';
  const competitor = profile.competitors.find((c) =>
    normalizeText(`${item.title} ${item.body}`).includes(normalizeText(c)),
  );
  const kind =
    lead.stage === 'comparing'
      ? 'compare'
      : lead.stage === 'purchase-ready'
        ? 'buy'
        : lead.stage === 'problem-aware'
          ? 'pain'
          : 'seek';
  const openers = OPENERS[kind];
  const x = { need: kind === 'compare' && competitor ? competitor : need, topic, a, b, who };
  const opener = openers[pick(seed, openers.length, 2)]!(x);
  const detail = detailOf(item, s, kind === 'compare' ? undefined : competitor, seed);
  const tip = TIPS[pick(seed, TIPS.length, 3)]!({ ...x, need });
  // The author's own detail leads half the time it exists, so drafts do not all open the same way.
  const parts = detail ? (pick(seed, 2, 7) ? [detail, opener, tip] : [opener, detail, tip]) : [opener, tip];
  const url = profile.url ? ` (${profile.url})` : '';
  const f0 = pick(seed, Math.max(1, features.length), 9);
  const shown =
    features.length > 2
      ? [features[f0]!, features[(f0 + 1) % features.length]!]
      : features.length === 2
        ? features
        : [];
  const what = `${url}${shown.length ? `, which does ${shown.join(' and ')}` : `, which covers ${a}`}`;
  const variant = pick(seed, DISCLOSURES.length, 4);
  const disclosure = DISCLOSURES[variant]!({
    name: `${product}${[1, 3, 5, 6, 7].includes(variant) ? url : ''}`,
    topic,
    what: pick(seed, 2, 5) ? what : url,
    a: b,
  });
  let reply = `${parts.join(' ')} ${disclosure}`;
  if (wordCount(reply) >= MAX_REPLY_WORDS) {
    const short = `Disclosure: I work on ${product}${url}; it may or may not fit.`;
    const room = MAX_REPLY_WORDS - 1 - wordCount(short);
    reply = `${parts
      .join(' ')
      .split(/\s+/)
      .slice(0, room)
      .join(' ')
      .replace(/[,;:]$/, '')}… ${short}`;
  }
  return reply;
}
