import {
  ASKS_PERSON,
  ASKS_PERSON_CRAFT,
  ASKS_SOFTWARE,
  COUNTABLE,
  CRAFT,
  GENERIC_ASK_WORDS,
  GENERIC_FEATURES,
  GERUND,
  NAMED_PRODUCT,
  NOT_WHAT,
  PRODUCT,
  SERVICE_FEATURES,
} from './phrases/reply.ts';
import { productName } from './product-name.ts';
import { compileProfile, sellsService } from './profile.ts';
import { type Question, readQuestion, withArticle, yours } from './question.ts';
import { readSignals } from './read.ts';
import type { Signals } from './reading.ts';
import { choose, chooseFresh, pick } from './reply-choice.ts';
import {
  ASKS,
  CHOOSE,
  CHOOSE_SERVICE,
  CRAFT_ONLY,
  DECIDE,
  DISCLOSE,
  DO,
  type End,
  FRAMES,
  HEDGES,
  LEADS,
  type Line,
  OTHER_USE,
  type Slots,
  type Sold,
  TRIES,
  WHYS,
} from './reply-lines.ts';
import { scoreItem } from './score.ts';
import { doneByPeople, splitSolution } from './solution-parts.ts';
import { contentStems, escapeRegex, normalizeText } from './text.ts';
import type { LeadScore, ScoringItem, ScoringProfile } from './types.ts';

export { gerund, splitSolution } from './solution-parts.ts';

/** The longest draft we produce; drafts are read by a human who posts them, or not. */
export const MAX_REPLY_WORDS = 120;

const an = (x: string) => `${/^[aeiou]/i.test(x) ? 'an' : 'a'} ${x}`;

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
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
  const own = s.keywordsTitle.length
    ? s.keywordsTitle
    : s.keywordsBody.length
      ? s.keywordsBody
      : s.topicConcepts;
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

/**
 * A need as a noun phrase that reads in a sentence: "a booking plugin", "booking software"; a bare word is
 * named by what the profile sells ("time tracking tools", "laptop models").
 */
function asNoun(need: string, things: string): string {
  if (!PRODUCT.test(need)) return need.includes(' for ') ? withArticle(need) : `${singular(need)} ${things}`;
  return COUNTABLE.test(need) ? an(need) : need;
}

function both(profileFeatures: string[], i: number, sells: Sold): [string, string] {
  const generic = sells === 'service' ? SERVICE_FEATURES : GENERIC_FEATURES;
  const features = [...profileFeatures.map((f) => (GERUND.test(f) ? f : withArticle(f))), ...generic].slice(
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
 * What the author told us (their budget, size, deadline, the tool they use), when they told us: as a sentence of
 * its own, and as the beginning of the first sentence ("On $50/month, ...").
 */
function detailOf(
  item: ScoringItem,
  s: Signals,
  competitor: string | undefined,
  seed: string,
  sells: Sold,
  recent?: string[],
): { sentence: () => string; lead: string } | null {
  // Words in quotes are someone else's ("see u tomorrow" in a reminder text the author quotes): not their deadline.
  const text = normalizeText(`${item.title} ${item.body.slice(0, 600)}`).replace(
    /"[^"\n]{0,300}"|“[^”\n]{0,300}”/g,
    ' ',
  );
  // The largest count told is the business's size ("two techs on one client … 7 techs": 7); "1,200 clients" is 1,200.
  let size: { n: number; told: string; unit: string } | null = null;
  for (const m of text.matchAll(
    /(?<![\d.,$])(\d{1,3}(?:,\d{3})+|\d{1,5})[- ](chairs?|employees|people|staff|users|units|laptops|trucks|techs?|doors|rooms|locations|clients|students|servers|computers|machines|properties|tenants|devices|floors|files|sheets|reports)\b/g,
  )) {
    const n = Number(m[1]!.replace(/,/g, ''));
    if (!size || n > size.n) size = { n, told: m[1]!, unit: m[2]! };
  }
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
    const { n: count, told: n } = size;
    // "7 staff", "12 people": no plural s.
    const unit = count !== 1 && !/s$|^(?:staff|people)$/.test(size.unit) ? `${size.unit}s` : size.unit;
    leads.push(`At ${n} ${unit}, `, `With ${n} ${unit}, `, `For ${n} ${unit}, `);
    const goodsBought = /^(?:laptops|computers|machines|devices|servers|units)$/.test(unit);
    if (sells === 'software' && count > 50)
      options.push(
        `At ${n} ${unit}, check how each plan prices that volume.`,
        `With ${n} ${unit}, ask how the import works before you commit.`,
        `${n} ${unit} is enough that plan limits matter, so read them.`,
      );
    else if (sells === 'software')
      options.push(
        `At ${n} ${unit}, you are past what spreadsheets and sticky notes handle well.`,
        `${n} ${unit} is small enough that setup should take an afternoon, not a project.`,
        `With ${n} ${unit}, per-seat pricing adds up, so check how each option charges.`,
        `For ${n} ${unit}, the lower tiers of most plans will do.`,
        `Having ${n} ${unit} means the cheapest plans may cap you, so read the limits.`,
      );
    else if (sells === 'goods' && goodsBought)
      options.push(
        `With ${n} ${unit}, ask about a price for the lot.`,
        `For ${n} ${unit}, what matters is that it works the same everywhere.`,
      );
    else
      options.push(
        `With ${n} ${unit}, ask how the price changes with the volume.`,
        `For ${n} ${unit}, ask for references from someone about your size.`,
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
  if (!options.length) return null;
  // Compared with the project's recent drafts as templates: what the author told us is masked.
  const told = [budget, competitor, size?.told, when].filter((v): v is string => !!v);
  const keyOf = (o: string) => `detail: ${told.reduce((k, v) => k.split(v).join('_'), o)}`;
  // Chosen (and recorded among the recent choices) only by a draft that says it as a sentence of its own.
  return { sentence: () => chooseFresh(options, seed, 6, keyOf, recent), lead: choose(leads, seed, 17) };
}

function upper(x: string): string {
  return x.charAt(0).toUpperCase() + x.slice(1);
}

/** Every slot blank: a line rendered with these is its template ("For _, "). */
const HOLES: Slots = { need: '_', topic: '_', a: '_', b: '_', cap: '_', cap2: '_', who: '', things: '_' };

/** A line's template (slots blank) in plain words. */
const templateWords = (template: string) =>
  template
    .toLowerCase()
    .replace(/[^a-z0-9$_ ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** An opening's first four words, slots blank: how the reply check tells two openings alike. */
const openingKey = (template: string) => templateWords(template).split(' ').slice(0, 4).join(' ');

/** A beginning and an end as one sentence, or two when the beginning is a question ("Picking X? Look at ..."). */
const joined = (start: string, end: string) =>
  /[?.:!] $/.test(start) && !/: $/.test(start) ? start + upper(end) : start + end;

/**
 * The first sentence: the author's own question said back and answered when the post asks one ("To follow up
 * with leads, start with ..."), else an answer by what they are doing (asking, comparing, ready to buy, in pain).
 */
function openingOf(
  q: Question | null,
  kind: keyof typeof LEADS,
  sells: Sold,
  craft: boolean,
  x: Slots,
  seed: string,
  detailLead: string | null,
  recent?: string[],
): [string, boolean] {
  const endsOf = (e: End) =>
    e === 'choose'
      ? sells === 'service'
        ? CHOOSE_SERVICE
        : CHOOSE
      : e === 'decide'
        ? DECIDE
        : DO[sells].filter((l) => craft || !CRAFT_ONLY.test(l(x)));
  if (!q) {
    const { leads, ends } = LEADS[kind];
    const lead = detailLead ?? chooseFresh(leads, seed, 2, (l) => openingKey(l(HOLES)), recent)(x);
    return [joined(lead, choose(endsOf(ends), seed, 10)(x)), false];
  }
  const { frames, ends } = FRAMES[q.form];
  const frame = chooseFresh(
    frames,
    seed,
    2,
    (f) => openingKey(f('_', '_')),
    recent,
  )(q.slot ?? '', q.form === 'versus' ? q.other : '');
  return [joined(frame, choose(endsOf(ends), seed, 10)(x)), true];
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

/**
 * The one product mention, in three parts chosen apart: who I am to it ("I'm on the team behind X (url)"), what
 * it does (its features, or nothing), and a hedge. When the post asks for something else, it says what the product
 * does instead and claims no fit ("built for cases like yours" only when it is).
 */
function disclosureOf(
  product: string,
  features: string[],
  category: string | null,
  fit: Fit,
  x: Slots,
  seed: string,
  discloser: (product: string) => string,
  brief = false,
): string {
  const f0 = pick(seed, Math.max(1, features.length), 9);
  // Said in passing when the product is for something else: one feature is enough.
  const shown =
    fit.level === 'none'
      ? features.slice(f0, f0 + 1)
      : features.length > 2
        ? [features[f0]!, features[(f0 + 1) % features.length]!]
        : features.length === 2
          ? features
          : [];
  const does = brief ? null : whatItDoes(shown.length ? shown : features.slice(0, 1), category);
  const who = discloser(product);
  if (fit.level === 'none')
    return `${who}${choose(OTHER_USE, seed, 5)(does, fit.thing && withArticle(fit.thing))}`;
  // "Built for cases like yours" only when the post asks for what the product is.
  const claims = ['', does ? `, which ${does}` : '', ', built for cases like yours'];
  const what = claims[pick(seed, fit.level === 'strong' ? 3 : 2, 5)]!;
  return `${who}${what}${choose(HEDGES, seed, 15)(x)}`;
}

/**
 * The deterministic reply draft, written for the post: the author's question answered first, in their words,
 * what they told us (budget, size, deadline, the tool they use), sometimes a practical tip or a question back,
 * then one honest mention of the product with its url. Sentences and their order vary by post; under 120 words.
 * Never posted by the service; with an LLM configured this is the fallback. `recent`: the choices of the
 * project's latest drafts, oldest first (the scanner keeps one list per project): the draft opens, advises, asks
 * and discloses another way than they did when it can, and appends its own choices, so a project's drafts do not
 * read alike however few there are.
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
  const { category, features } = splitSolution(profile.solution);
  const q = readQuestion(item);
  const fit = fitOf(item, q, profile, s, lead.score);
  const sold = soldAs(profile);
  // The advice is for what the post asks for; the profile's own features are criteria only when it is that thing.
  const sells = adviceFor(item, q, sold);
  // Briefs, revisions and final files are a craft's (design, writing, video, sites), not a bookkeeper's or a tutor's.
  const craft =
    sells !== 'service' ||
    CRAFT.test(normalizeText(`${profile.solution ?? ''} ${profile.keywords.join(' ')}`)) ||
    (sells !== sold && ASKS_PERSON_CRAFT.test(normalizeText(item.title)));
  const own = (fit.level === 'strong' || fit.level === 'some') && sells === sold ? features : [];
  const product = productName(profile);
  const named = (x: string) => x.toLowerCase().includes(product.toLowerCase());
  const things = sells === 'goods' ? 'models' : sells === 'service' ? 'providers' : 'tools';
  let need = needOf(item, s, profile, things);
  if (named(need)) need = asNoun(profile.keywords.find((k) => !named(k)) ?? 'this', things);
  const topic = topicOf(s, profile, named, seed);
  const [a, b] = both(own, pick(seed, 97, 1), sells);
  // "automating reports" is something a tool does: "start with a tool for automating reports".
  const caps = (
    own.length
      ? own
      : [
          (fit.level === 'strong' || fit.level === 'some') && category
            ? category
            : 'a simple tool for the repetitive part',
        ]
  ).map((f) => (GERUND.test(f) ? `a tool for ${f}` : withArticle(f)));
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
  const detail = detailOf(item, s, kind === 'compare' ? undefined : competitor, seed, sells, recent);
  // The shape varies with what the post gives: an echoed question always leads; otherwise the author's own
  // detail begins the first sentence half the time ("On $50/month, ..."), else it gets a sentence of its own,
  // and a draft with a detail sometimes skips the tip.
  const detailLeads = !!detail && pick(seed, 2, 7) === 1;
  const [opening, answered] = openingOf(
    q,
    kind,
    sells,
    craft,
    x,
    seed,
    detailLeads ? detail.lead : null,
    recent,
  );
  // Without the product's own features, no tip names one ("Check whether the cheapest plan includes …").
  const tries = TRIES[sells].filter(
    (t) =>
      (own.length || !t({ ...x, cap: '\u0000' }).includes('\u0000')) && (craft || !CRAFT_ONLY.test(t(x))),
  );
  // The tip and its reason are one sentence: a project's drafts repeat neither the tip nor the pair while they can.
  const tipLine = chooseFresh(tries, seed, 3, (t) => `tip: ${templateWords(t(HOLES))}`, recent);
  const tipKey = templateWords(tipLine(HOLES));
  const tip = `${tipLine(x)}${chooseFresh(WHYS, seed, 16, (w) => `why: ${tipKey} ${w}`, recent)}`;
  const ask: Line | null =
    pick(seed, 5, 12) === 0
      ? chooseFresh(ASKS, seed, 13, (a) => `ask: ${templateWords(a(HOLES))}`, recent)
      : null;
  const body =
    detail && !(detailLeads && !answered)
      ? pick(seed, 3, 14)
        ? [opening, detail.sentence(), tip]
        : [opening, detail.sentence()]
      : [opening, tip];
  if (ask) body.push(ask(x));
  const url = profile.url ? ` (${profile.url})` : '';
  const discloser = chooseFresh(DISCLOSE, seed, 4, (d) => `disclose: ${templateWords(d('_'))}`, recent);
  const disclosure = disclosureOf(`${product}${url}`, features, category, fit, x, seed, discloser);
  let reply = `${body.join(' ')} ${disclosure}`;
  // Long features make a long mention: past 95 words it names the product without them.
  if (wordCount(reply) > 95)
    reply = `${body.join(' ')} ${disclosureOf(`${product}${url}`, features, category, fit, x, seed, discloser, true)}`;
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
