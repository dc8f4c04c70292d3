import { compileProfile, sellsService } from './profile.ts';
import { readQuestion, withArticle, yours } from './question.ts';
import {
  ASKS,
  CHOOSE,
  CHOOSE_SERVICE,
  DECIDE,
  DISCLOSE,
  DO,
  type End,
  FRAMES,
  HEDGES,
  LEADS,
  type Line,
  type Slots,
  type Sold,
  TRIES,
  WHYS,
} from './reply-lines.ts';
import { readSignals, type Signals, scoreItem } from './score.ts';
import { escapeRegex, normalizeText } from './text.ts';
import type { LeadScore, ScoringItem, ScoringProfile } from './types.ts';

/** Words that label a project rather than name a product ("Demo: …", "Test - …", "Audit: …"). */
const LABEL_WORDS =
  /^(?:demo|test|testing|audit|draft|beta|staging|sample|example|internal|copy|trial|wip|tmp|temp)(?:\s+\d+)?$/i;
/** The parts of a name: "Acme: invoicing for plumbers", "Invoicely | Invoices", "Acme CRM - for agencies". */
const NAME_PARTS = /\s*[:|]\s*|\s+[-\u2013\u2014]\s+/;
const plain = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** "https://www.chairtime.example/x" -> "chairtime": the site's own label, after a www., app. or similar. */
function hostLabel(url: string | null | undefined): string | undefined {
  const host = url
    ? /^(?:[a-z][a-z0-9+.-]*:\/\/)?([^/?#:]+)/i.exec(url.trim())?.[1]?.toLowerCase()
    : undefined;
  const site = host?.replace(/^(?:(?:www\d*|app|my|get|try|go)\.)+(?=[^.]+\.)/, '').split('.')[0];
  return site && plain(site) ? plain(site) : undefined;
}

/** A part reads as a product's name: not a label word, and begun with a capital or a digit ("Acme", "ChairTime"). */
const readsAsName = (part: string) => !LABEL_WORDS.test(part) && /^[\p{Lu}\d]/u.test(part);

/**
 * The product's name as a person says it, for "I work on <name>": the part of the project name (split at ':',
 * '|' or ' - ') or the word that the url's host names ("Demo: ChairTime salon booking" with chairtime.example is
 * "ChairTime"); else the first part that reads as a name ("Acme: invoicing for plumbers" is "Acme"); else the
 * whole name, never a fragment ("Audit: salon booking B" stays whole).
 */
export function productName(profile: Pick<ScoringProfile, 'name' | 'url'>): string {
  const name = profile.name.trim().replace(/\s+/g, ' ');
  const parts = name.split(NAME_PARTS).filter((p) => plain(p));
  const host = hostLabel(profile.url);
  if (host) {
    const part = parts.find((p) => plain(p) === host);
    if (part) return part;
    // A word only when it reads as a name: "booking" in "salon booking B" is no product, whatever the host.
    const word = parts
      .flatMap((p) => p.split(' '))
      .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
      .find((w) => plain(w) === host && readsAsName(w));
    if (word) return word;
  }
  if (parts.length < 2) return name;
  return parts.find(readsAsName) ?? name;
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
  // "A small studio that designs, builds and maintains WordPress websites for small businesses" -> "a small
  // studio", "designing, building and maintaining WordPress websites".
  const who = m
    ? null
    : /^(.+?)\s+(?:that|who|which)\s+([a-z]+s(?:,\s*[a-z]+s)*(?:,?\s+and\s+[a-z]+s)?)\s+(.+)$/i.exec(text);
  const verbs = who?.[2]?.split(/,\s*|\s+and\s+/).map((v) => gerund(v.trim()));
  // Only plain verbs with a plain object: "is run by", "always answers", "sets up and manages" go the old way.
  if (who && verbs?.every((v) => v !== null) && !/^(?:up|out|off|in|on|down|back|over)\b/i.test(who[3]!)) {
    const object = who[3]!.split(/\s+(?:for|at|in|to|with|from)\s+/)[0]!;
    const list = verbs.length > 1 ? `${verbs.slice(0, -1).join(', ')} and ${verbs.at(-1)}` : verbs[0]!;
    return { category: lowerFirst(who[1]!), features: [`${list} ${object}`] };
  }
  // A relative clause we cannot turn into a feature: the head noun is the category, the features generic.
  if (who) return { category: lowerFirst(who[1]!), features: [] };
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

/**
 * A third-person verb as a gerund: "designs" -> "designing", "manages" -> "managing", "carries" -> "carrying",
 * "runs" -> "running", "fixes" -> "fixing". Null for words that are no such verb ("is", "has", "always").
 */
export function gerund(verb: string): string | null {
  const v = verb.toLowerCase();
  if (NOT_VERBS.has(v) || !/^[a-z]+s$/.test(v) || v.endsWith('ss') || v.length < 4) return null;
  let stem: string;
  if (v.endsWith('ies')) stem = `${v.slice(0, -3)}y`;
  else if (/(?:sh|ch|x|z|ss)es$/.test(v)) stem = v.slice(0, -2);
  else stem = v.slice(0, -1);
  if (stem.endsWith('e') && !stem.endsWith('ee')) return `${stem.slice(0, -1)}ing`;
  // One short syllable ending consonant-vowel-consonant doubles it: run, plan, set, get, ship, shop, chat.
  if (/^[^aeiou]*[aeiou][^aeiouwxy]$/.test(stem)) return `${stem}${stem.at(-1)}ing`;
  return `${stem}ing`;
}
const NOT_VERBS = new Set(
  'is has was does goes always also sometimes its this thus plus news bus gas yes various serious famous previous'.split(
    ' ',
  ),
);

const an = (x: string) => `${/^[aeiou]/i.test(x) ? 'an' : 'a'} ${x}`;

function lowerFirst(s: string): string {
  return /^[A-Z](?:[a-z]|\s)/.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s;
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
 * software for your salon"), else their keyword named by what the profile sells ("time tracking tools").
 */
function needOf(item: ScoringItem, s: Signals, profile: ScoringProfile, things: string): string {
  const title = normalizeText(item.title).replace(/[^a-z0-9$'/ -]+/g, ' ');
  // Not the competitors: "square appointment tools" is nobody's word for what they need.
  const keys = [s.asksFor, ...s.keywordsTitle].filter((x): x is string => !!x);
  for (const k of keys) {
    const at = title.indexOf(k);
    if (at < 0) continue;
    const m = new RegExp(
      `^${escapeRegex(k)}(?: (?:software|tools?|apps?|services?|systems?|platforms?))?(?: for (?:a|an|my|our|the) (?:[0-9a-z-]+ ){0,2}[a-z-]+)?`,
    ).exec(title.slice(at));
    if (m) return asNoun(m[0].replace(/ for (?:my|our) /, ' for your ').trim(), things);
  }
  return asNoun(
    s.asksFor ?? s.keywordsTitle[0] ?? s.keywordsBody[0] ?? profile.keywords[0] ?? 'this',
    things,
  );
}

/** The subject in one or two words ("booking", "rent management"): the keyword the author used, else the project's. */
function topicOf(s: Signals, profile: ScoringProfile, named: (x: string) => boolean, seed: string): string {
  // The author's own word for it: the title's keywords first, the body's when the title has none.
  const own = s.keywordsTitle.length ? s.keywordsTitle : s.keywordsBody.length ? s.keywordsBody : s.concepts;
  // A noun reads in "booking trouble"; a verb phrase ("get paid", "track my time") does not.
  const noun = (k: string) => !named(k) && !/^(?:get|track|schedule|automate)\b|\bmy\b/.test(k);
  const found = [...new Set(own)].filter(noun).slice(0, 3);
  const topic = found.length
    ? found[pick(seed, found.length, 8)]!
    : (profile.keywords.find(noun) ?? profile.keywords.find((k) => !named(k)) ?? 'this');
  return singular(topic);
}

/** A word said as a modifier ("laptop trouble", "gpu tools") is singular. */
function singular(word: string): string {
  return /[^s]s$/.test(word) && word.length > 4 ? word.slice(0, -1) : word;
}

/** "automating reports" is something done; "alerting that sets up in minutes" is a thing. */
const GERUND = /^\w+ing (?!that|which|with|for|and|in|on|of|to)\w/;

const COUNTABLE =
  /(?:^|\s)(?:system|tool|app|application|plugin|service|platform|program|solution|page|site|provider)(?= for |$)/;
const PRODUCT =
  /(?:^|\s)(?:software|systems?|tools?|apps?|applications?|plugins?|services?|platforms?|programs?|solutions?|pages?|sites?|providers?)(?= for |$)/;

/**
 * A need as a noun phrase that reads in a sentence: "a booking plugin", "booking software"; a bare word is
 * named by what the profile sells ("time tracking tools", "laptop models").
 */
function asNoun(need: string, things: string): string {
  if (!PRODUCT.test(need)) return need.includes(' for ') ? withArticle(need) : `${singular(need)} ${things}`;
  return COUNTABLE.test(need) ? an(need) : need;
}

/** Things worth checking in any product, added when the profile names fewer than four features. */
const GENERIC_FEATURES = [
  'day-to-day ease of use',
  'setup time',
  'the total yearly cost',
  'how fast support answers',
];

/** Things worth checking in any provider of a service: a studio is judged on its work, not a trial. */
const SERVICE_FEATURES = [
  'the scope of the work',
  'the turnaround time',
  'support after delivery',
  'ownership of the finished work',
];

function both(profileFeatures: string[], i: number, sells: Sold): [string, string] {
  const generic = sells === 'service' ? SERVICE_FEATURES : GENERIC_FEATURES;
  const features = [...profileFeatures.map(withArticle), ...generic].slice(
    0,
    Math.max(4, profileFeatures.length),
  );
  const a = features[i % features.length] ?? 'day-to-day ease of use';
  const b = features[(i + 1) % features.length] ?? 'setup time';
  return a === b ? [a, 'setup time'] : [a, b];
}

/**
 * Whether the profile sells software, goods or a service: a service as `sellsService` reads it (profile.ts), else by
 * the first telling word of its solution ("a mesh Wi-Fi kit with app setup" is goods): the practical tip differs
 * ("free trial" vs "return window").
 */
function soldAs(profile: ScoringProfile): Sold {
  if (sellsService(profile.solution)) return 'service';
  const text = normalizeText(`${profile.solution ?? ''} ${profile.name}`);
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
 * What the author told us (their budget, size, deadline, the tool they use), when they told us: as a sentence of
 * its own, and as the beginning of the first sentence ("On $50/month, ...").
 */
function detailOf(
  item: ScoringItem,
  s: Signals,
  competitor: string | undefined,
  seed: string,
  sells: Sold,
): { sentence: string; lead: string } | null {
  // Words in quotes are someone else's ("see u tomorrow" in a reminder text the author quotes): not their deadline.
  const text = normalizeText(`${item.title} ${item.body.slice(0, 600)}`).replace(
    /"[^"\n]{0,300}"|“[^”\n]{0,300}”/g,
    ' ',
  );
  // The largest count told is the business's size ("two techs on one client … 7 techs": 7).
  let size: RegExpExecArray | null = null;
  for (const m of text.matchAll(
    /\b(\d{1,4})[- ](chairs?|employees|people|staff|users|units|laptops|trucks|techs?|doors|rooms|locations|clients|students|servers|computers|machines|properties|tenants|devices|floors|files|sheets|reports)\b/g,
  ))
    if (!size || Number(m[1]) > Number(size[1])) size = m;
  const when =
    /\b(tomorrow|next (?:week|month)|this (?:week|month)|by (?:monday|friday|the weekend)|in (?:\d+|two|three) (?:days|weeks))\b/.exec(
      text,
    )?.[1];
  const options: string[] = [];
  const leads: string[] = [];
  // "$42,000/yr" is an income, not a budget for a tool.
  const budget =
    s.budgetText && Number(s.budgetText.replace(/[^0-9.]/g, '')) < 10_000
      ? s.budgetText.replace(/[,.;:]+$/, '').replace(/\$\s+/, '$')
      : null;
  if (budget)
    leads.push(`On ${budget}, `, `With ${budget} to spend, `, `For ${budget}, `, `Within ${budget}, `);
  if (budget)
    options.push(
      `${upper(budget)} is a workable budget for this.`,
      `Your budget of ${budget} rules out very little, so choose on fit.`,
      `On ${budget} you can be picky; several options fit under it.`,
      `${upper(budget)} goes further than people expect here, so don't overbuy.`,
      `With ${budget} to spend, put the money where you'll feel it every day.`,
      `${upper(budget)} is enough for something solid if you skip the extras.`,
      `Stretching past ${budget} is rarely worth it here.`,
    );
  if (budget && sells === 'software')
    options.push(`Keep some of the ${budget} back; the cheaper tier is often enough to start.`);
  if (size) {
    const n = size[1]!;
    // "7 staff", "12 people": no plural s.
    const unit = n !== '1' && !/s$|^(?:staff|people)$/.test(size[2]!) ? `${size[2]}s` : size[2]!;
    leads.push(`At ${n} ${unit}, `, `With ${n} ${unit}, `, `For ${n} ${unit}, `);
    if (sells === 'software')
      options.push(
        `At ${n} ${unit}, you are past what spreadsheets and sticky notes handle well.`,
        `${n} ${unit} is small enough that setup should take an afternoon, not a project.`,
        `With ${n} ${unit}, per-seat pricing adds up, so check how each option charges.`,
        `For ${n} ${unit}, the lower tiers of most plans will do.`,
        `Having ${n} ${unit} means the cheapest plans may cap you, so read the limits.`,
      );
    else
      options.push(
        `With ${n} ${unit}, ask about a price for the lot.`,
        `For ${n} ${unit}, what matters is that it works the same everywhere.`,
      );
  }
  if (when) leads.push(`Since you need it ${when}, `, `With ${when} as the deadline, `);
  if (when)
    options.push(
      `With ${when} as your deadline, pick something you can set up in a day.`,
      `Since you need it ${when}, I'd avoid anything that needs a long onboarding.`,
      `If it has to work ${when}, go with what you can learn quickly and revisit later.`,
    );
  if (competitor) leads.push(`Coming from ${competitor}, `, `Compared with ${competitor}, `);
  if (competitor)
    options.push(
      `${competitor} does the basics, so the question is what you are missing.`,
      `Plenty of people start on ${competitor} and outgrow it.`,
      `Coming from ${competitor}, expect a week of getting used to a new layout.`,
      `If ${competitor} mostly works, change only what bothers you.`,
    );
  return options.length ? { sentence: choose(options, seed, 6), lead: choose(leads, seed, 17) } : null;
}

function upper(x: string): string {
  return x.charAt(0).toUpperCase() + x.slice(1);
}

const choose = <T>(list: readonly T[], seed: string, salt: number): T => list[pick(seed, list.length, salt)]!;

/** A beginning and an end as one sentence, or two when the beginning is a question ("Picking X? Look at ..."). */
const joined = (start: string, end: string) =>
  /[?.:!] $/.test(start) && !/: $/.test(start) ? start + upper(end) : start + end;

/**
 * The first sentence: the author's own question said back and answered when the post asks one ("To follow up
 * with leads, start with ..."), else an answer by what they are doing (asking, comparing, ready to buy, in pain).
 */
function openingOf(
  item: ScoringItem,
  kind: keyof typeof LEADS,
  sells: Sold,
  x: Slots,
  seed: string,
  detailLead: string | null,
): [string, boolean] {
  const endsOf = (e: End) =>
    e === 'choose' ? (sells === 'service' ? CHOOSE_SERVICE : CHOOSE) : e === 'decide' ? DECIDE : DO[sells];
  const q = readQuestion(item);
  if (!q) {
    const { leads, ends } = LEADS[kind];
    const lead = detailLead ?? choose(leads, seed, 2)(x);
    return [joined(lead, choose(endsOf(ends), seed, 10)(x)), false];
  }
  const { frames, ends } = FRAMES[q.form];
  const frame = choose(frames, seed, 2)(q.slot ?? '', q.form === 'versus' ? q.other : '');
  return [joined(frame, choose(endsOf(ends), seed, 10)(x)), true];
}

/**
 * The one product mention, in three parts chosen apart: who I am to it ("I'm on the team behind X (url)"), what
 * it does (its features, or nothing), and a hedge.
 */
function disclosureOf(product: string, features: string[], x: Slots, seed: string): string {
  const f0 = pick(seed, Math.max(1, features.length), 9);
  const shown =
    features.length > 2
      ? [features[f0]!, features[(f0 + 1) % features.length]!]
      : features.length === 2
        ? features
        : [];
  const does = shown.length
    ? GERUND.test(shown[0]!)
      ? `, which helps with ${shown.join(' and ')}`
      : `, which offers ${shown.map(withArticle).join(' and ')}`
    : `, which covers ${x.cap}`;
  const what = ['', does, ', built for cases like yours'][pick(seed, 3, 5)]!;
  return `${choose(DISCLOSE, seed, 4)(product)}${what}${choose(HEDGES, seed, 15)(x)}`;
}

/**
 * The deterministic reply draft, written for the post: the author's question answered first, in their words,
 * what they told us (budget, size, deadline, the tool they use), sometimes a practical tip or a question back,
 * then one honest mention of the product with its url. Sentences and their order vary by post; under 120 words.
 * Never posted by the service; with an LLM configured this is the fallback.
 */
export function draftReply(item: ScoringItem, profile: ScoringProfile, local?: LeadScore): string {
  const lead = local ?? scoreItem(item, profile);
  const s = readSignals(item, compileProfile(profile));
  const seed = `${item.title}\n${item.body.slice(0, 200)}`;
  const { category, features } = splitSolution(profile.solution);
  const sells = soldAs(profile);
  const product = productName(profile);
  const named = (x: string) => x.toLowerCase().includes(product.toLowerCase());
  const things = sells === 'goods' ? 'models' : sells === 'service' ? 'providers' : 'tools';
  let need = needOf(item, s, profile, things);
  if (named(need)) need = asNoun(profile.keywords.find((k) => !named(k)) ?? 'this', things);
  const topic = topicOf(s, profile, named, seed);
  const [a, b] = both(features, pick(seed, 97, 1), sells);
  // "automating reports" is something a tool does: "start with a tool for automating reports".
  const caps = (features.length ? features : [category ?? 'a simple tool for the repetitive part']).map(
    (f) => (GERUND.test(f) ? `a tool for ${f}` : withArticle(f)),
  );
  const c0 = pick(seed, caps.length, 11);
  const target = s.targetUsers[0];
  const who = target?.endsWith('s') ? ` for ${yours(target)}` : '';
  const competitor = profile.competitors.find((c) =>
    normalizeText(`${item.title} ${item.body}`).includes(normalizeText(c)),
  );
  // Comparing without a named competitor reads as asking: "people leave X" needs an X.
  const kind =
    lead.stage === 'comparing' && competitor
      ? 'compare'
      : lead.stage === 'purchase-ready'
        ? 'buy'
        : lead.stage === 'problem-aware'
          ? 'pain'
          : 'seek';
  const x: Slots = {
    need: kind === 'compare' && competitor ? competitor : need,
    topic,
    a,
    b,
    cap: caps[c0]!,
    cap2: caps[(c0 + 1) % caps.length] === caps[c0] ? 'the rest' : caps[(c0 + 1) % caps.length]!,
    who,
    things,
  };
  const detail = detailOf(item, s, kind === 'compare' ? undefined : competitor, seed, sells);
  // The shape varies with what the post gives: an echoed question always leads; otherwise the author's own
  // detail begins the first sentence half the time ("On $50/month, ..."), else it gets a sentence of its own,
  // and a draft with a detail sometimes skips the tip.
  const detailLeads = !!detail && pick(seed, 2, 7) === 1;
  const [opening, answered] = openingOf(item, kind, sells, x, seed, detailLeads ? detail.lead : null);
  const tip = `${choose(TRIES[sells], seed, 3)(x)}${choose(WHYS, seed, 16)}`;
  const ask: Line | null = pick(seed, 5, 12) === 0 ? choose(ASKS, seed, 13) : null;
  const body =
    detail && !(detailLeads && !answered)
      ? pick(seed, 3, 14)
        ? [opening, detail.sentence, tip]
        : [opening, detail.sentence]
      : [opening, tip];
  if (ask) body.push(ask(x));
  const url = profile.url ? ` (${profile.url})` : '';
  const disclosure = disclosureOf(`${product}${url}`, features, x, seed);
  let reply = `${body.join(' ')} ${disclosure}`;
  if (wordCount(reply) >= MAX_REPLY_WORDS) {
    const short = `Disclosure: I work on ${product}${url}; it may or may not fit.`;
    const room = MAX_REPLY_WORDS - 1 - wordCount(short);
    reply = `${body
      .join(' ')
      .split(/\s+/)
      .slice(0, room)
      .join(' ')
      .replace(/[,;:]$/, '')}… ${short}`;
  }
  return reply;
}
