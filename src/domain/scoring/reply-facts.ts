// What a post tells a reply to build on, in the author's own words: whether it asks for a product at all, its
// budget, the size of the business, a deadline, the tool used now and what was already tried. Each is read only
// when it can be said back in a sentence that reads ("Since you're on FreshBooks now", "With 5 trucks"); anything
// less certain is left out, and the draft says less.
import { escapeRegex, normalizeText } from './text.ts';
import type { ScoringItem, ScoringProfile } from './types.ts';

export interface PostFacts {
  /** "$600", "$15/month": a budget for what is asked, not an income or a rent. */
  budget: string | null;
  /** A team's size ("5 trucks", "7 staff"): seats to pay for. */
  seats: string | null;
  /** A count of things kept ("1,200 clients", "40 units"). */
  records: string | null;
  /** "next week", "by Friday". */
  deadline: string | null;
  /** The tool they use now: a competitor by the profile's spelling, a capitalised name, or a spreadsheet or paper. */
  current: { name: string; the: string } | null;
  /** What they already tried, said back: "Wave", "searching Google". */
  tried: string | null;
}

/** Who does a job: a request for one of them asks for a service, whatever the profile sells. */
const PERSON = `(?:designers?|developers?|agenc(?:y|ies)|freelancers?|compan(?:y|ies)|providers?|someone|somebody|consultants?|contractors?|accountants?|bookkeepers?|managers?|writers?|editors?|photographers?)`;
const THING = `(?:apps?|software|tools?|services?|platforms?|programs?|plugins?|systems?|laptops?|computers?|solutions?|websites?)`;

/**
 * A post that asks for a product, a tool, a service or a person to do the job ("Can anyone recommend …", "Looking
 * for a laptop", "What do you use for …", "[Hiring] …"). A how-to question or a problem asks for help, not a pitch.
 */
const ASKS_FOR = new RegExp(
  [
    String.raw`\brecommend(?:ation)?s?\b`,
    String.raw`\bsuggestions? (?:for|on)\b`,
    String.raw`\b(?:looking for|finding|find me|buy|buying|choosing|picking) (?:an? |some |good |the best |any |the right )?(?:[\w,-]+ ){0,4}(?:${THING}|${PERSON})\b`,
    String.raw`\bwhat (?:do|does|did|would|should) (?:you|everyone|people|y'all|u|i|we) (?:all |guys )?(?:use|get|buy)\b`,
    String.raw`\bwhat(?:'s| is| are) (?:the |your )?(?:best|favou?rite)\b(?! (?:way|practice|approach|time|place|resource|thing|advice|option to)s?\b)`,
    String.raw`\bwhich (?:[\w-]+ ){0,2}(?:${THING}|models?|brands?)\b`,
    String.raw`\b(?:is there|are there|any) (?:an? |any )?(?:good |free |decent |simple |cheap )?(?:[\w-]+ ){0,3}${THING}\b`,
    String.raw`\bbest (?:[\w-]+ ){0,3}${THING}\b`,
    String.raw`\balternatives? (?:to|for)\b`,
    String.raw`\bhir(?:e|ing)\b`,
    String.raw`\bneed (?:an? |some )?(?:[\w-]+ ){0,2}(?:${THING}|${PERSON})\b`,
  ].join('|'),
);
/** A title that names a product kind and asks no how or why: "Time tracking / invoice software for day rate". */
const TITLE_NAMES_THING = /^(?!(?:how|why|when|where)\b).*\b(?:software|apps?|tools?|plugins?|platforms?)\b/;
const ASKS_PERSON = new RegExp(
  String.raw`\bhir(?:e|ing)\b|\b(?:looking for|need|finding|find|recommend\w*) (?:an? |some |good |the right )?(?:[\w,-]+ ){0,3}${PERSON}\b`,
);

/** A post about something that went wrong, not a plan or a how-to. */
const PROBLEM =
  /\b(?:problems?|issues?|broke|broken|crash\w*|errors?|not working|doesn't work|won't|can't|stuck|frustrat\w*|unhappy|late|lost|losing|hacked|corrupt\w*|stumped|nightmare|struggl\w*|fail\w*)\b/;
export const describesProblem = (item: Pick<ScoringItem, 'title' | 'body'>) =>
  PROBLEM.test(normalizeText(`${item.title}\n${item.body.slice(0, 500)}`));

/** What the post asks for: a product, a person to do the job, or nothing a product answers. */
export function askedFor(item: Pick<ScoringItem, 'title' | 'body'>): 'product' | 'person' | null {
  const title = normalizeText(item.title);
  const text = `${title}\n${normalizeText(item.body.slice(0, 500))}`;
  if (!ASKS_FOR.test(text) && !TITLE_NAMES_THING.test(title)) return null;
  const wantsThing = TITLE_NAMES_THING.test(title) || /\bwhat (?:do|does) .{0,20}\buse\b/.test(title);
  return /\bhir(?:e|ing)\b/.test(text) || (ASKS_PERSON.test(text) && !wantsThing) ? 'person' : 'product';
}

/** Team sizes: one seat each. Everything else counted is kept in the tool. */
const SEAT_UNITS = /^(?:chairs?|employees|people|staff|users|techs?|trucks|locations|technicians|stylists)$/;
const COUNTED =
  /(?<![\d.,$])(\d{1,3}(?:,\d{3})+|\d{1,5})[- ](chairs?|employees|people|staff|users|units|trucks|techs?|technicians|stylists|doors|rooms|locations|clients|students|properties|tenants|laptops|computers|devices)\b/g;

const WEEKDAY = /\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/;

/** A phrase said back after "you've tried": a name or a gerund phrase, a few plain words, no pronoun pointing back. */
function triedPhrase(text: string): string | null {
  const m =
    /\b(?:i've|i have|we've|we have|i|we|already) (?:already |also )?tried (?:using |out )?([^.,;:!?\n()"]{3,60})/i.exec(
      text,
    );
  if (!m) return null;
  const words = m[1]!
    .split(/\s+(?:and it|but|which|to no|with no|without|for|because|since|so|as|and then|then)\b/i)[0]!
    .trim()
    .split(/\s+/);
  if (words.length > 4) return null;
  const phrase = words.join(' ');
  if (!/^(?:[A-Z]|(?:the|a|an) [a-z]|[a-z]+ing\b)/.test(phrase)) return null;
  if (
    /\b(?:it|this|that|them|everything|anything|something|nothing|my|our|me|us|i|we|you|your)\b/i.test(phrase)
  )
    return null;
  if (/\b(?:the|a|an|of|to|in|on|with|and|or)$/i.test(phrase)) return null;
  return phrase;
}

/** A capitalised name after "I use", "we're using", "currently on". */
function namedTool(text: string): string | null {
  const m =
    /\b(?:I|we) (?:currently |now |still )?(?:use|am using|are using|'m using|'re using|have been using|'ve been using)\s+([A-Z][\w.+-]{1,20}(?: [A-Z][\w.+-]{1,20})?)/.exec(
      text,
    );
  const name = m?.[1];
  if (!name || /^(?:I|It|The|This|That|A|An|My|Our|Google|Windows|Mac|Android|iPhone)$/.test(name))
    return null;
  return name;
}

export function readFacts(
  item: Pick<ScoringItem, 'title' | 'body'>,
  profile: Pick<ScoringProfile, 'competitors' | 'keywords'>,
  budgetText: string | null,
): PostFacts {
  // Words in quotes are someone else's ("see u tomorrow" in a reminder the author quotes): not their deadline.
  const raw = `${item.title}\n${item.body.slice(0, 1200)}`.replace(/"[^"\n]{0,300}"|“[^”\n]{0,300}”/g, ' ');
  const text = normalizeText(raw);
  let seats: { n: number; v: string } | null = null;
  let records: { n: number; v: string } | null = null;
  for (const m of text.matchAll(COUNTED)) {
    const n = Number(m[1]!.replace(/,/g, ''));
    if (n < 2) continue;
    const unit = /s$|^(?:staff|people)$/.test(m[2]!) ? m[2]! : `${m[2]}s`;
    const v = `${m[1]} ${unit}`;
    if (SEAT_UNITS.test(m[2]!)) {
      if (!seats || n > seats.n) seats = { n, v };
    } else if (!records || n > records.n) records = { n, v };
  }
  const when =
    /\b(tomorrow|next (?:week|month)|this (?:week|month)|by (?:monday|tuesday|wednesday|thursday|friday|the weekend|the end of the month)|in (?:\d+|two|three) (?:days|weeks))\b/.exec(
      text,
    )?.[1];
  const deadline = when ? when.replace(WEEKDAY, (d) => d[0]!.toUpperCase() + d.slice(1)) : null;
  // "$42,000/yr" is an income, not a budget for a tool.
  const budget =
    budgetText && Number(budgetText.replace(/[^0-9.]/g, '')) < 10_000
      ? budgetText.replace(/[,.;:]+$/, '').replace(/\$\s+/, '$')
      : null;
  // A competitor is the tool they use only when they say so ("we use X", "moving from X"), not when they weigh it.
  const competitor = profile.competitors.find((c) =>
    new RegExp(
      String.raw`\b(?:use|using|used|on|from|with|leaving|left|paying for|pay for|subscribed to)\s+(?:[\w-]+\s+){0,2}${escapeRegex(normalizeText(c))}\b`,
    ).test(text),
  );
  const own = normalizeText(profile.keywords.join(' '));
  const sheet =
    !/spreadsheet|excel|sheets/.test(own) &&
    /\b(?:in|on|using|use|with) (?:an? |my |our )?(?:excel|google sheets?|spreadsheets?)\b/.test(text);
  const paper = /\b(?:pen and paper|on paper|paper calendar|a notebook|paper notebook)\b/.test(text);
  const named = competitor ?? namedTool(raw);
  const current = named
    ? { name: named, the: named }
    : sheet
      ? { name: 'a spreadsheet', the: 'the spreadsheet' }
      : paper
        ? { name: 'paper', the: 'the paper system' }
        : null;
  return {
    budget,
    seats: seats?.v ?? null,
    records: records?.v ?? null,
    deadline,
    current,
    tried: triedPhrase(raw),
  };
}
