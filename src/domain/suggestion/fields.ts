// The profile's sentences read from a page: name, solution, pain, target users, geography and budget.
import { productName } from '../scoring/product-name.ts';
import type { ProductText } from './types.ts';
import { sentencesOf, titleParts, type Unit } from './units.ts';
import { AUDIENCE_HEAD, PAIN_CUE, PRODUCT_CUE } from './vocabulary.ts';

const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const cut = (s: string, max: number) =>
  s.length <= max
    ? s
    : `${s
        .slice(0, max)
        .replace(/\s+\S*$/, '')
        .replace(/[,;:]$/, '')}…`;

/** The host's own label: "https://www.paydue.example/x" -> "paydue". */
export function hostLabel(url: string | null): string | null {
  if (!url) return null;
  try {
    const host = new URL(url).hostname.replace(/^(?:(?:www\d*|app|my|get|try|go)\.)+(?=[^.]+\.)/, '');
    return host.split('.')[0] || null;
  } catch {
    return null;
  }
}

/** Verbs a product's name is followed by in a person's paragraph: "PayDue sends …", "Acme is …". */
const NAME_BEFORE_VERB =
  /(?:^|[.!?]\s+|\b(?:we built|we made|we run|introducing|meet|try|called|named)\s+)([\p{Lu}\d][\p{L}\d]*(?:[ .][\p{Lu}][\p{L}\d]*){0,2})(?=:|,?\s+(?:is|are|helps?|lets?|sends?|gives?|makes?|turns?|keeps?|connects?|delivers?|offers?|provides?|does|checks?|tracks?|finds?|automates?|was|will|can)\b)/u;

/**
 * The product's name: the page's site name, else the part of the title the host names, else a title part that
 * reads as a name; from a paragraph, the capitalised word before "is", "helps", "sends" … or before a colon.
 */
export function proposeName(t: ProductText): string | null {
  const host = hostLabel(t.url);
  if (t.siteName && t.siteName.length <= 60) return t.siteName.trim();
  for (const title of [t.title, t.socialTitle]) {
    if (!title) continue;
    const parts = titleParts(title);
    const byHost = host && parts.find((p) => squash(p) === squash(host));
    if (byHost) return byHost;
    const named = productName({ name: title, url: t.url });
    if (named !== title.trim() && named.split(' ').length <= 3) return named;
  }
  const said = NAME_BEFORE_VERB.exec(t.userDescription ?? '')?.[1];
  if (said && !/^(?:it|we|our|this|the|a|an|i|they|you)$/i.test(said)) return said;
  if (host) return capitalise(host);
  return null;
}

/** A sentence that opens with who the buyers are ("Freelancers chase late payments …") tells their pain. */
const AUDIENCE_LEAD =
  /^(?:(?:most|many|small|busy|new|independent)\s+)?[\p{L}-]+s\s+(?:and\s+[\p{L}\s-]+?\s+)?(?:lose|waste|chase|struggle|need|juggle|wait|spend|suffer|cannot|can't|find|pay|track|miss|hate)\b/iu;

/**
 * What the product is: the title's tagline when it names a product ("Automatic invoice reminders for
 * freelancers"), with the page's description; from a paragraph, its sentences that say what the product does.
 */
export function proposeSolution(units: Unit[], name: string | null): string | null {
  const own = name ? new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b[:,]?\\s*`, 'i') : null;
  const strip = (s: string) => (own ? s.replace(own, '') : s).trim();
  const tagline = units.find(
    (u) => u.role === 'title' && u.text.split(' ').length >= 3 && !PAIN_CUE.test(u.text),
  );
  const described = units.filter((u) => (u.role === 'meta' || u.role === 'user') && !PAIN_CUE.test(u.text));
  // The person's own sentences that say what the product does: one naming the product comes first, pain words or
  // not ("InvoiceSnap sends reminders … without chasing clients" is the solution, its pain a clause of it).
  const names = (u: Unit) => own?.test(u.text) ?? false;
  const user = units
    .filter(
      (u) =>
        u.role === 'user' &&
        !/^for\b/i.test(u.text) &&
        !AUDIENCE_LEAD.test(u.text) &&
        (names(u) || !PAIN_CUE.test(u.text)),
    )
    .sort((a, b) => Number(names(b)) - Number(names(a)));
  const parts: string[] = [];
  // Every sentence of the paragraph read as a pain or the buyers: the first that names the product or what it does.
  const anyUser = units.find(
    (u) =>
      u.role === 'user' &&
      !/^for\b/i.test(u.text) &&
      (PRODUCT_CUE.test(u.text) || (own?.test(u.text) ?? false)),
  );
  if (user.length) parts.push(...user.slice(0, 2).map((u) => u.text));
  else if (anyUser) parts.push(anyUser.text);
  else {
    if (tagline) parts.push(tagline.text);
    const meta = described.find((u) => u.role === 'meta' && PRODUCT_CUE.test(u.text));
    if (meta) parts.push(meta.text);
    if (!parts.length) {
      const h1 = units.find((u) => u.role === 'heading' && u.weight >= 3);
      const first = units.find((u) => u.role === 'body' && PRODUCT_CUE.test(u.text));
      for (const u of [h1, first]) if (u) parts.push(u.text);
    }
  }
  if (!parts.length) return null;
  const text = parts
    .map((p) => capitalise(strip(p)).replace(/[.!]?$/, '.'))
    .join(' ')
    .replace(/\.\s*$/, '');
  return cut(text, 400);
}

/**
 * The buyer's pain: the sentences with the most pain words, the page's own headings and the list under a pain
 * heading first ("Still building the rota in a spreadsheet?" and its items).
 */
export function proposePain(units: Unit[], name: string | null): string | null {
  const cues = (s: string) => s.match(new RegExp(PAIN_CUE.source, 'gi'))?.length ?? 0;
  // A sentence about the product itself ("PayDue sends reminders … without chasing clients") says what it does.
  const own = name
    ? new RegExp(`(?<![\\p{L}])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'iu')
    : null;
  const scored = units
    .filter((u) => u.role !== 'title' && !/^["“]/.test(u.text))
    .map((u, i) => {
      const underPain = u.item && (cues(u.under) > 0 || /\?$/.test(u.under));
      const n = cues(u.text) + (underPain ? 1 : 0);
      const self = own?.test(u.text) ? 0.3 : 1;
      return { u, i, score: n * u.weight * self * (u.role === 'heading' ? 1.2 : 1) };
    })
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.i - b.i);
  const best = scored[0];
  if (!best) return null;
  // The only pain is said inside the product's own sentence: its clause after "without", "instead of" or "no more".
  const clause =
    own?.test(best.u.text) &&
    /\b(?:without|instead of|no more|stop)\s+([^.;!?]+)/i.exec(best.u.text.replace(own, ''))?.[1]?.trim();
  if (clause) return cut(capitalise(clause).replace(/[,.]$/, ''), 400);
  const chosen = [best];
  const second = scored.find((s) => s !== best && s.score >= best.score / 2 && s.u.text !== best.u.text);
  if (second && best.u.text.length < 200) chosen.push(second);
  const text = chosen
    .sort((a, b) => a.i - b.i)
    .map((s) => s.u.text.replace(/[.!]?$/, (m) => (s.u.text.endsWith('?') ? '' : m || '.')))
    .join(' ');
  return cut(text, 400);
}

/** "for freelancers, consultants and small agencies" -> the noun phrase after "for" (or "by", "with"). */
const AUDIENCE_AFTER =
  /(?:\b(?:for|made for|built for|designed for|used by|loved by|trusted by|work with|works with|serving|helps?)\s+)(?:\d[\d,.]*\+?\s+)?((?:[\p{L}-]+(?:,\s*|\s+(?:and|&|or)\s+|\s+)){0,7}[\p{L}-]+)/giu;
/** Words after which an audience phrase ends: "freelancers who", "landlords with 1 to 50 units". */
const AUDIENCE_END =
  /\s+(?:who|that|which|with|to|in|on|from|so|get|gets|turning|running|and (?:get|keep|stay|save)|without|at|across|by|of)\b.*$/i;

function audienceIn(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(AUDIENCE_AFTER)) {
    let phrase = (m[1] ?? '')
      .replace(AUDIENCE_END, '')
      .replace(/[\s,;:]+$/, '')
      .trim();
    phrase = phrase.replace(/^(?:your|the|all|every|any|busy|modern)\s+/i, '');
    // "independent bike shops manage repair tickets": the audience ends at its head, unless a list goes on.
    const ws = phrase.split(/\s+/);
    const head = ws.findIndex(
      (w, j) =>
        AUDIENCE_HEAD.test(w.replace(/,$/, '')) &&
        !w.endsWith(',') &&
        !/^(?:and|or|&)$/i.test(ws[j + 1] ?? ''),
    );
    if (head >= 0) phrase = ws.slice(0, head + 1).join(' ');
    const words = phrase.split(/,\s*|\s+(?:and|&|or)\s+/).map((w) => w.trim());
    // Every listed part must end in a person or an organisation: "freelancers and small agencies".
    // "Shopify and Amazon sellers": a single word before the last part shares its head.
    const isAudience = (w: string) => {
      const ws = w.split(/\s+/);
      return AUDIENCE_HEAD.test(ws.slice(-2).join(' ')) || AUDIENCE_HEAD.test(ws.at(-1) ?? '');
    };
    const last = words.at(-1) ?? '';
    if (!isAudience(last) || !words.every((w) => isAudience(w) || /^[\p{L}-]+$/u.test(w))) continue;
    if (/^(?:your|our)\b/i.test(phrase)) continue;
    out.push(phrase);
  }
  return out;
}

/** Who the product is for: the audience phrase named most, in the heaviest places, with the most people in it. */
export function proposeTargetUsers(units: Unit[]): string | null {
  const found = new Map<string, { text: string; score: number; first: number }>();
  units.forEach((u, i) => {
    const direct = u.role === 'user' && /^for\s/i.test(u.text) ? [u.text.replace(/^for\s+/i, '')] : [];
    const underWho =
      /\bwho\b.*\b(?:for|with)\b|\bwho (?:it'?s|we)|made for|built for/i.test(u.under) && u.role === 'body';
    const phrases = [
      ...direct,
      ...audienceIn(u.text),
      ...(underWho ? [u.text.replace(AUDIENCE_END, '')] : []),
    ];
    for (const p of phrases) {
      const text = p.replace(/[.!?]+$/, '').trim();
      if (text.length < 3 || text.length > 160) continue;
      const key = text.toLowerCase();
      const entry = found.get(key) ?? { text, score: 0, first: i };
      entry.score += u.weight * (underWho ? 3 : 1) * (1 + text.split(/,|\band\b|&/).length * 0.3);
      found.set(key, entry);
    }
  });
  // "freelancers" said three times and "freelancers, consultants and small agencies" once: the longer list names
  // them all, so it gathers the scores of the phrases whose words it holds.
  const wordsOf = (s: string) =>
    new Set(
      s
        .toLowerCase()
        .split(/[^\p{L}-]+/u)
        .filter((w) => w && !/^(?:and|or)$/.test(w)),
    );
  const entries = [...found.values()].map((e) => ({ ...e, words: wordsOf(e.text) }));
  const merged = entries.map((e) => ({
    ...e,
    total: entries
      .filter((o) => o === e || (o.words.size < e.words.size && [...o.words].every((w) => e.words.has(w))))
      .reduce((sum, o) => sum + o.score, 0),
  }));
  const ranked = merged.sort((a, b) => b.total - a.total || a.first - b.first);
  const best = ranked[0];
  if (!best) return null;
  return cut(capitalise(best.text), 300);
}

/** Markets a page may say it serves, as the profile writes them. */
const PLACES: [RegExp, string][] = [
  [/\b(?:United States|U\.S\.A?\.?|USA|US-based|in the US|across the US|American)\b/, 'United States'],
  [/\b(?:United Kingdom|U\.K\.|UK|Britain|British|England|HMRC)\b/, 'United Kingdom'],
  [/\bCanad(?:a|ian)\b/, 'Canada'],
  [/\bAustralia(?:n)?\b/, 'Australia'],
  [/\bNew Zealand\b/, 'New Zealand'],
  [/\bIreland|Irish\b/, 'Ireland'],
  [/\b(?:European Union|EU|Europe|European)\b/, 'Europe'],
  [/\bGerman(?:y)?\b/, 'Germany'],
  [/\bFrance|French\b/, 'France'],
  [/\bIndia(?:n)?\b/, 'India'],
];

/** The markets the page names in its content (not its footer), most named first; null when it names none. */
export function proposeGeography(units: Unit[]): string | null {
  const counts = new Map<string, number>();
  for (const u of units) {
    for (const [re, place] of PLACES)
      if (re.test(u.text)) counts.set(place, (counts.get(place) ?? 0) + u.weight);
  }
  const places = [...counts].sort((a, b) => b[1] - a[1]).map(([p]) => p);
  return places.length ? places.slice(0, 3).join(', ') : null;
}

const CURRENCY: Record<string, string> = { USD: '$', GBP: '£', EUR: '€' };
const PRICE =
  /([$£€])\s?(\d[\d,]*(?:\.\d{1,2})?)(?:\s*(?:\/|per|a)\s*(location|unit|user|seat|employee|monitor|gpu hour|hour|month|mo|year|yr)\b(?:\s*(?:\/|per|a)\s*(month|mo|year|yr)\b)?|\s+(monthly|one-off|one off|fixed))?/gi;

/**
 * The price the page states, as the profile's budget fit: the lowest paid price with its period ("from $12 per
 * month"), after "free plan" when there is one; null when the page states no price.
 */
export function proposeBudget(units: Unit[], offers: ProductText['offers']): string | null {
  let best: { amount: number; text: string } | null = null;
  let free = false;
  for (const u of units) {
    if (
      /\bfree (?:plan|tier|forever|for (?:up to|one|\d))|\bfree forever\b|\bstarter is free\b/i.test(u.text)
    )
      free = true;
    for (const m of u.text.matchAll(PRICE)) {
      const amount = Number(m[2]!.replace(/,/g, ''));
      if (!(amount > 0)) continue;
      const per = [m[3], m[4]].filter(Boolean).map((p) => (p === 'mo' ? 'month' : p === 'yr' ? 'year' : p));
      const period = per.length
        ? ` per ${per.join(' per ')}`
        : m[5]
          ? ` ${m[5] === 'monthly' ? 'per month' : m[5]}`
          : '';
      if (!period) continue;
      if (!best || amount < best.amount) best = { amount, text: `${m[1]}${m[2]}${period}` };
    }
  }
  if (!best) {
    const offer = offers.find((o) => o.price > 0);
    if (offer)
      best = {
        amount: offer.price,
        text: `${CURRENCY[offer.currency] ?? `${offer.currency} `}${offer.price}`,
      };
  }
  if (!best) return free ? 'free plan' : null;
  return `${free ? 'free plan, paid ' : ''}from ${best.text}`;
}

/** The person's paragraph split into sentences, for the fields a page would give by its structure. */
export const userSentences = (t: ProductText) => sentencesOf(t.userDescription ?? '');
