import nlp from 'compromise';
import { GENERIC_PRODUCT_TEXT, namesOnlyAProduct } from './generic.ts';
import { compileGeography, type PlaceMatcher } from './geography.ts';
import { compilePhraseIndex, type PhraseIndex } from './phrase-index.ts';
import { PRODUCT_NOUN } from './phrases/asking.ts';
import { type FitVocabulary, fitVocabulary } from './request-fit.ts';
import { compileRole } from './role.ts';
import { OTHER_NEEDS, SIGNAL_SOURCES } from './signals.ts';
import {
  contentStems,
  escapeRegex,
  normalizeText,
  phrasePatterns,
  STOPWORDS,
  stemWord,
  words,
} from './text.ts';
import type { ScoringProfile } from './types.ts';

/** What scoring needs from a profile, computed once per profile (matchers, term weights, geography, budget). */
export interface CompiledProfile {
  name: string;
  url: string | null;
  /**
   * This profile's own phrases (groups: PROFILE_GROUP ids); the language signals are in SIGNAL_INDEX, the same
   * for every profile, so a post scored for several projects is read for them once (read.ts).
   */
  index: PhraseIndex;
  /** The language signals and this profile's phrases in one index: one pass for a post read the first time. */
  fullIndex: PhraseIndex;
  /** SIGNAL groups this profile does not read (OTHER_NEEDS it sells itself: a law firm's legal questions). */
  ignoredSignals: ReadonlySet<number>;
  /** Concept stem -> weight (keywords and solution weigh most, then pain, then target users). */
  concepts: Map<string, number>;
  /**
   * Concept stems a reason may name as the post's topic: one-word keywords, the last word of keyword phrases, and
   * the nouns of the solution and pain ("monitor", "panel") other than the buyers the target users name; not their
   * verbs or adverbs ("tell", "far", "keep"). ADR 0107.
   */
  topicStems: Set<string>;
  targetStems: Set<string>;
  /** Target-user stems that name no one alone: "hair" and "nail" in "hair salons and nail studios". */
  targetModifiers: Set<string>;
  /** The competitors as the profile spells them, keyed by their normalized text ("square appointments"). */
  competitorNames: Map<string, string>;
  /** Stems of the keywords and of the competitors' names: the learned model reads them as placeholders. */
  keywordStems: Set<string>;
  competitorStems: Set<string>;
  geography: { allowed: PlaceMatcher; foreign: PlaceMatcher } | null;
  /** Per month when the profile says so (SaaS prices), else per purchase (one laptop). */
  budget: { min: number | null; max: number | null; monthly: boolean } | null;
  /** Short noun phrase for reply drafts, e.g. "online booking page". */
  solution: string | null;
  painText: string | null;
  /** Devices the profile itself sells ("refurbished laptops", "mesh Wi-Fi kit"): a request for one is for it. */
  devicesSold: Set<string>;
  /** The target users are students: "majoring in" describes a buyer, not a career question. */
  forStudents: boolean;
  /** The target users are businesses or their owners: an author's own business makes them one. */
  sellsToBusinesses: boolean;
  /** The profile sells a service (`sellsService`): a request for a person to do the job asks for it. */
  service: boolean;
  /** The profile's words for its product and buyers, to compare a request's object and author with (request-fit.ts). */
  fit: FitVocabulary;
}

/** The verb and article of a request before the keyword it names ("need", "looking for a"): PROFILE_GROUP.asked. */
export const ASKED_LEAD =
  '(?:need|needing|looking for|searching for|shopping for|in the market for|want|wanting) (?:an? |some |good |decent |proper |better |new |cheap |simple |reliable )?';

/** Group ids of a profile's own phrases in its index, after the SIGNAL groups (a new SIGNAL group moves them). */
const FIRST = SIGNAL_SOURCES.length;
export const PROFILE_GROUP = {
  keyword: FIRST,
  competitor: FIRST + 1,
  concept: FIRST + 2,
  category: FIRST + 3,
  /** Who the author is (role.ts): IT jargon, the target users' role nouns, other role nouns. */
  jargon: FIRST + 4,
  targetRole: FIRST + 5,
  otherRole: FIRST + 6,
  /** The author's own business ("my small bakery"), read for profiles that sell to business owners. */
  ownBusiness: FIRST + 7,
  /** Doing it oneself ("how do I …", "… plugin?"), read in the titles of posts for profiles that sell a service. */
  diy: FIRST + 8,
  /** A request for what a keyword names ("need appointment scheduling", "looking for online booking"): read as a request. */
  asked: FIRST + 9,
} as const;

/**
 * A profile that sells work done by people (a studio, an agency, consultants) rather than a product: its buyer
 * wants someone to do the job, and a person asking how to do it themselves, or for a tool to do it with, is not.
 */
/** The head of a noun phrase that names a service: "a managed IT service", "logo design", "a small studio". */
const SERVICE_HEAD =
  /^(?:services?|company|companies|firm|agency|agencies|studio|team|design|bookkeeping|consulting|coaching|cleaning|repair|copywriting|photography|tutoring|installation|preparation|experts|editing|translation|localisation|localization)$/;
/** Solutions that say who does the work: "done-for-you SEO", "we design and build …", "bookkeepers who …". */
const DONE_BY =
  /^(?:done[- ]for[- ]you|we (?:design|build|write|create|manage|handle|fix|make|run|do|clean|file))(?![a-z])|^(?:an? )?(?:dedicated |remote |professional |local |licensed |certified |freelance )?(?:[a-z-]+ )?(?:bookkeepers?|accountants?|cpas?|technicians?|writers?|designers?|developers?|inspectors?|specialists?|consultants?|coaches|tutors?|cleaners?) (?:who|will|keeps?|does|do|handles?|connects?|checks?|files?)(?![a-z])|[:;,] (?:an? |the )?(?:dedicated |remote |professional |local |licensed |certified )?(?:[a-z-]+ )?(?:bookkeeper|accountant|cpa|technician|writer|inspector|specialist|expert)s? (?:who|will|keeps|does|handles|connects|checks|files)(?![a-z])/;
/** A craft the buyer could do themselves: design, development, writing, repair, a studio or an agency. */
const CRAFT_SERVICE =
  /(?<![a-z])(?:studios?|agency|agencies|consultan(?:t|ts|cy|cies)|freelancers?|done[- ]for[- ]you|we (?:design|build|write|create|manage|handle|fix|make|run|do)|(?:design|development|repair|cleaning|bookkeeping|accounting|marketing|seo|writing|editing|translation|photography|consulting) services?)(?![a-z])/;
/**
 * Whether the profile sells a service, read from its solution: the head (last word) of its first noun phrase is
 * one ("A managed IT service for …", "A small studio that …", "Logo design for small businesses"), or it says who
 * does the work ("Done-for-you SEO", "We design and build …", "… : a dedicated bookkeeper keeps the books").
 * "Studio management software", "A password manager that syncs" and "A business VPN and remote access service"
 * (software described at length) are products.
 */
export function sellsService(solution: string | null): boolean {
  const text = normalizeText(solution ?? '').trim();
  if (DONE_BY.test(text)) return true;
  // The first noun phrase, and the same with crafts joined by "and" kept together.
  const joined =
    text.split(
      /\s*[,:;.(]|\s+(?:for|that|which|who|with|to|in|on|from|by|of|where|built|made|designed|you)\s/,
    )[0] ?? '';
  const words = (joined.split(/\s+(?:and|&)\s/)[0] ?? '').split(/\s+/);
  if (words.length <= 5 && SERVICE_HEAD.test(words[words.length - 1] ?? '')) return true;
  // "A podcast and video editing service", "A translation and localisation agency": two crafts joined by "and".
  const all = joined.split(/\s+/);
  const head = all[all.length - 1] ?? '';
  const before = all[all.length - 2] ?? '';
  // "… remote access service" is software: the word before "service" must be a craft ("editing", "repair").
  const craft = !/^services?$/.test(head) || /ing$/.test(before) || SERVICE_HEAD.test(before);
  return all.length <= 8 && / (?:and|&) /.test(joined) && SERVICE_HEAD.test(head) && craft;
}

/** After "how do I", "best way to", "is there a way to": hiring it out, not doing it ("… go about hiring a designer"). */
const HIRES_IT_OUT =
  '(?! (?:go about )?(?:find|hir|commission|outsourc|contract|choos|pick|select|get(?:ting)? (?:a|an|someone|somebody|it|my|our|this)|know (?:if|whether|which)|set a budget|budget|pay|pric|negotiat|work with|brief|approach))';
/** A title that asks how to do the job, or for a tool to do it with ("how do I …", "plugin for …?"). */
const DIY = [
  `(?:how (?:do|can|should|would|could) (?:i|we|you|one)|how to)(?: go about)?${HIRES_IT_OUT}`,
  `(?:is there|are there|any) (?:an? )?(?:[a-z]+ )?ways? to${HIRES_IT_OUT}`,
  'cod(?:ed|ing)',
  `(?:best|easiest|quickest|simplest|right|proper|correct) way to${HIRES_IT_OUT}`,
  'checklists?',
  'workflows?',
  'tutorials?',
  '(?:software|tools?|apps?|programs?|plugins?|extensions?|add-?ins?|add-?ons?|themes?|templates?|widgets?|scripts?|hosts?|hosting)(?=\\s*(?:[?:,.!\\n]|$|(?:for|to|that|with|recommendations?|suggestions?|(?:do|would) you(?: guys)? use|(?:i|we) (?:will|would|can|could|should))(?![a-z])))',
  // Asking what others use for the job is asking for a tool: "What do you use to track your rankings?"
  'what (?:do|would|should) (?:you|i|we)(?: guys| all)? use (?:to|for)(?![a-z])',
];
/** A title that asks for a person to do the job ("need a developer to move my site to new hosting"). */
export const ASKS_FOR_PERSON =
  /(?<![a-z])(?:developers?|designers?|someone|somebody|agenc(?:y|ies)|freelancers?|experts?|consultants?|studios?|pros?|professionals?|contractors?)(?![a-z])/;

/** Target users that are businesses or their owners ("owners of small businesses", "founders", "shops"). */
const SELLS_TO_BUSINESSES =
  /(?<![a-z])(?:business(?:es)?|compan(?:y|ies)|shops?|stores?|start-?ups?|founders?|firms?|entrepreneurs?|restaurants?|owners?)(?![a-z])/;
/** Target users who are students ("students and small offices", "college buyers"). */
const SELLS_TO_STUDENTS = /(?<![a-z])(?:students?|college|university|grad school)(?![a-z])/;
/** The author speaks of their own business: "my business", "our small bakery", "my new company". */
const OWN_BUSINESS = [
  "(?:my|our) (?:own |small |new |little |family(?:'s)? |tiny |parents' |dad's |mom's )?(?:(?!favou?rite |local |nearest |usual |regular |go-to |old |current |day |practice |test )[a-z-]+ )?(?:business|company|shop|store|restaurant|brewery|bakery|cafe|salon|startup|start-up|firm|practice|agency|studio|clinic|boutique)(?! (?:site|website|project|room|session|test|exam|account|class)s?(?![a-z]))",
];

/** Stems of the nouns every product request uses. */
const GENERIC_PRODUCT = new Set(contentStems(GENERIC_PRODUCT_TEXT));
export const GENERIC_WEIGHT = 0.3;

/** Words of the target users followed by another word of the same phrase: "hair" in "small hair salons". */
function modifierStems(targetUsers: string | null): Set<string> {
  const out = new Set<string>();
  for (const phrase of normalizeText(targetUsers ?? '').split(
    /[,;:()/]|\b(?:and|or|of|with|for|who|that)\b/,
  )) {
    const content = words(phrase).filter((w) => w.length >= 3 && !STOPWORDS.has(w));
    for (const w of content.slice(0, -1)) out.add(stemWord(w));
  }
  return out;
}

const CACHE = new WeakMap<ScoringProfile, CompiledProfile>();
/** Profiles rebuilt per item (a fresh object from each database row) still compile once: keyed by content. */
const BY_CONTENT = new Map<string, CompiledProfile>();
const BY_CONTENT_LIMIT = 1000;

/** The profile's content as one string: every field that changes how its items are scored. */
export function profileContentKey(profile: ScoringProfile): string {
  const { name, url, pain, solution, targetUsers, geography, budgetFit, keywords, competitors } = profile;
  return JSON.stringify([
    name,
    url,
    pain,
    solution,
    targetUsers,
    geography,
    budgetFit,
    keywords,
    competitors,
  ]);
}

/** The compiled form of a profile, cached per profile object and per profile content. */
export function compileProfile(profile: ScoringProfile): CompiledProfile {
  let compiled = CACHE.get(profile);
  if (compiled) return compiled;
  const key = profileContentKey(profile);
  compiled = BY_CONTENT.get(key);
  if (!compiled) {
    compiled = buildProfile(profile);
    if (BY_CONTENT.size >= BY_CONTENT_LIMIT) BY_CONTENT.delete(BY_CONTENT.keys().next().value!);
    BY_CONTENT.set(key, compiled);
  }
  CACHE.set(profile, compiled);
  return compiled;
}

const NOT_A_TOPIC = ['Adjective', 'Adverb', 'Value', 'Pronoun', 'Determiner', 'Preposition', 'Conjunction'];
/**
 * Stems of the words a part-of-speech tagger (compromise, MIT) reads as nouns or gerunds in the profile's own
 * sentences: "People buying a monitor cannot tell which panel …" gives monitor and panel, not tell.
 */
function nounStems(text: string): string[] {
  const out: string[] = [];
  for (const t of nlp(text.replace(/[a-z0-9']+(?:-[a-z0-9']+)+/gi, ''))
    .terms()
    .json() as { text: string; terms: { tags: string[] }[] }[]) {
    const tags = t.terms[0]?.tags ?? [];
    if (!(tags.includes('Noun') || tags.includes('Gerund'))) continue;
    // "so far", "one or more", "even": the tagger's nouns that are also read as other parts of speech.
    if (NOT_A_TOPIC.some((x) => tags.includes(x))) continue;
    out.push(...contentStems(t.text));
  }
  return out;
}

function buildProfile(profile: ScoringProfile): CompiledProfile {
  const p = { ...profile, keywords: profile.keywords.filter((k) => !namesOnlyAProduct(k)) };
  const concepts = new Map<string, number>();
  const add = (stems: string[], weight: number) => {
    for (const s of stems) concepts.set(s, Math.max(concepts.get(s) ?? 0, weight));
  };
  add(contentStems(p.targetUsers), 0.6);
  add(contentStems(p.pain), 0.8);
  add(contentStems(p.solution), 1);
  add(
    p.keywords.flatMap((k) => contentStems(k)),
    1,
  );
  // "software", "tool", "platform": every product request names one, so it says little about the field, unless
  // the profile's keywords name it.
  const keywordStems = new Set(p.keywords.flatMap((k) => contentStems(k)));
  for (const s of concepts.keys())
    if (GENERIC_PRODUCT.has(s) && !keywordStems.has(s)) concepts.set(s, GENERIC_WEIGHT);
  // The people, not what they buy: "students buying laptops" targets students.
  const productStems = new Set([...contentStems(p.solution), ...p.keywords.flatMap((k) => contentStems(k))]);
  const targetStems = new Set(contentStems(p.targetUsers).filter((s) => !productStems.has(s)));
  const prefixes = [...concepts.keys()]
    .filter((s) => s.length >= 3)
    .map((s) => (s.endsWith('i') ? `(?:${s}|${s.slice(0, -1)}y)` : s));
  const kw = phrasePatterns(p.keywords);
  // The profile's own groups; the language-signal groups before them stay empty in `index`.
  const groups: string[][] = SIGNAL_SOURCES.map(() => []);
  // A law firm's leads ask legal questions.
  const sells = normalizeText(`${p.name} ${p.solution ?? ''} ${p.keywords.join(' ')}`);
  const ignoredSignals = new Set(OTHER_NEEDS.filter((n) => n.profile.test(sells)).map((n) => n.group));
  groups[PROFILE_GROUP.keyword] = kw;
  groups[PROFILE_GROUP.competitor] = phrasePatterns(p.competitors);
  groups[PROFILE_GROUP.concept] = prefixes.map((x) => `${x}[a-z]*`);
  // "scheduling software" and, for a keyword that already names a kind of product ("booking software"), the keyword.
  const productNoun = new RegExp(`(?:^|\\s)${PRODUCT_NOUN}$`);
  groups[PROFILE_GROUP.category] = [
    ...kw.map((k) => `${k}\\s+(?:[a-z-]+\\s+)?${PRODUCT_NOUN}`),
    ...phrasePatterns(p.keywords.filter((k) => productNoun.test(normalizeText(k).trim()))),
    ...phrasePatterns(keywordsNamingSolution(p)),
    ...softwareKinds(p.keywords),
  ];
  const role = compileRole(p);
  groups[PROFILE_GROUP.jargon] = role.jargon;
  groups[PROFILE_GROUP.targetRole] = role.targets;
  groups[PROFILE_GROUP.otherRole] = role.others;
  // Doing it oneself is the alternative to a craft service (design, development, writing), not to tax
  // preparation or managed IT, whose do-it-yourselfers have the pain (docs/scoring-history.md).
  groups[PROFILE_GROUP.diy] = CRAFT_SERVICE.test(normalizeText(`${p.name} ${p.solution ?? ''}`)) ? DIY : [];
  const buyers = normalizeText(p.targetUsers ?? '');
  const toBusinesses = SELLS_TO_BUSINESSES.test(buyers);
  groups[PROFILE_GROUP.ownBusiness] = toBusinesses ? OWN_BUSINESS : [];
  groups[PROFILE_GROUP.asked] = phrasePatterns(p.keywords.filter((k) => k.trim().includes(' '))).map(
    (k) => `${ASKED_LEAD}${k}`,
  );
  // A one-word keyword is a topic as the user typed it; a phrase by its last word ("salon software" by
  // "software", "dual monitor" by "monitor"); the solution and pain by their nouns, except the buyers they name
  // ("salons" is who buys, not what the post is about) and parts of hyphenated words ("shows" of "no-shows").
  const oneWord = p.keywords.filter((k) => !/[\s-]/.test(k.trim()));
  const heads = p.keywords
    .filter((k) => /\s/.test(k.trim()))
    .flatMap((k) => contentStems(k.trim().split(/\s+/).pop() ?? ''));
  const buyerStems = new Set(contentStems(p.targetUsers));
  const topicStems = new Set([
    ...oneWord.flatMap((k) => contentStems(k)),
    ...heads,
    ...nounStems(`${p.solution ?? ''}. ${p.pain ?? ''}`).filter((x) => !buyerStems.has(x)),
  ]);
  return {
    name: p.name,
    url: p.url,
    index: compilePhraseIndex(groups),
    fullIndex: compilePhraseIndex([...SIGNAL_SOURCES, ...groups.slice(SIGNAL_SOURCES.length)]),
    ignoredSignals,
    concepts,
    topicStems,
    targetStems,
    targetModifiers: modifierStems(p.targetUsers),
    competitorNames: new Map(p.competitors.map((c) => [normalizeText(c).trim(), c])),
    keywordStems: new Set(p.keywords.flatMap((k) => contentStems(k))),
    competitorStems: new Set(p.competitors.flatMap((c) => contentStems(c))),
    geography: compileGeography(p.geography),
    budget: parseBudget(p.budgetFit),
    solution: p.solution,
    painText: p.pain,
    devicesSold: devicesNamed(
      `${p.solution ?? ''} ${p.keywords.join(' ')} ${p.name}`.replace(ACCESSORY, ' '),
    ),
    forStudents: SELLS_TO_STUDENTS.test(buyers),
    sellsToBusinesses: toBusinesses,
    service: sellsService(p.solution),
    fit: fitVocabulary(p),
  };
}

/** The nouns one piece of software goes by: a "booking app" is what "booking software" sells. */
const SOFTWARE_NOUN = 'software|tools?|apps?|applications?|programs?|systems?|platforms?|solutions?';
const ENDS_IN_SOFTWARE_NOUN = new RegExp(`^(.*[a-z]{3,})\\s+(?:${SOFTWARE_NOUN})$`);

/**
 * A keyword naming a kind of software ("booking software", "salon software") names it by any of software's nouns:
 * "Best booking app for a barbershop?" asks for the category as much as "booking software" does.
 */
function softwareKinds(keywords: string[]): string[] {
  return keywords.flatMap((k) => {
    const head = ENDS_IN_SOFTWARE_NOUN.exec(normalizeText(k).trim())?.[1];
    return head ? [`${escapeRegex(head)}\\s+(?:${SOFTWARE_NOUN})`] : [];
  });
}

/**
 * The keywords the solution names itself by: "A simple CRM with a visual pipeline" is a CRM, so a request for a
 * CRM is a request for the product ("property management" in "Property management software" is a kind of
 * software, already a category with its noun).
 */
function keywordsNamingSolution(p: ScoringProfile): string[] {
  const solution = normalizeText(p.solution ?? '');
  return p.keywords.filter((k) => {
    const kw = escapeRegex(normalizeText(k).trim());
    return new RegExp(
      `^(?:a|an)\\s+(?:[a-z-]+\\s+){0,2}${kw}(?:\\s+(?:with|that|which|for|to|built|made|designed|you)(?![a-z])|\\s*[,.:;]|\\s*$)`,
    ).test(solution);
  });
}

/**
 * Things people shop for by the item, by kind (not phones or tablets: apps run on them, so asking for an app
 * "for my phone" is asking for the app). A post whose title shops for one of them asks for that thing,
 * not for a service or software, unless the profile sells that kind of thing itself.
 */
const DEVICES: [kind: string, pattern: RegExp][] = [
  [
    'laptop',
    /(?<![a-z])(?:laptops?|ultrabooks?|macbooks?|chromebooks?|netbooks?|notebook (?:pc|computer)s?)(?![a-z])/,
  ],
  [
    'desktop computer',
    /(?<![a-z])(?<!remote )(?:desktop (?:pc|computer)s?|gaming (?:pc|rig)s?|pc builds?|build(?:ing)? a pc)(?![a-z])/,
  ],
  ['camera', /(?<![a-z])(?:cameras?|dslrs?|camcorders?)(?![a-z])/],
  [
    'router',
    /(?<![a-z])(?:routers?|modems?|access points?|wi-?fi (?:kit|system|extender)s?|range extenders?)(?![a-z])/,
  ],
  ['printer', /(?<![a-z])(?:printers?|scanners?)(?![a-z])/],
  ['car', /(?<![a-z])(?:cars?|trucks?)(?![a-z])/],
  // Buying real estate is an investment, not a purchase of the landlord's tools: read only with the buying verb.
  [
    'property',
    /(?<![a-z])(?:buy(?:ing)?|purchas(?:e|ing)|afford) (?:a |an |the |my |our |this |that |another |first )?(?:[0-9]+[- ]unit |[a-z-]+ ){0,2}(?:houses?|homes?(?! (?:network|wi-?fi|office|server|lab|router|security|theat(?:er|re)|studio|business|page|computer|printer))|condos?|duplex(?:es)?|triplex(?:es)?|fourplex(?:es)?|propert(?:y|ies)|rentals?|buildings?|apartments?|land)(?![a-z])/,
  ],
];

/**
 * A device named as what an accessory is for ("a padded laptop sleeve", "laptop bags", "printer ink"): the profile
 * sells the accessory, not the device.
 */
const ACCESSORY =
  /(?<![a-z])(?:laptops?|notebooks?|cameras?|printers?|routers?|cars?)\s+(?:bags?|sleeves?|cases?|stands?|covers?|chargers?|skins?|mounts?|docks?|docking stations?|holders?|backpacks?|straps?|lens(?:es)?|ink|toner|paper|seats?|insurance|repairs?)(?![a-z])/gi;

/** Each device pattern with the g flag, for reading every mention in a title. */
const GLOBAL = new Map(DEVICES.map(([, re]) => [re, new RegExp(re.source, 'g')]));

function devicesNamed(text: string): Set<string> {
  const t = normalizeText(text);
  return new Set(DEVICES.filter(([, re]) => re.test(t)).map(([kind]) => kind));
}

/** The kind of device a title shops for that the profile does not sell ("laptop"), else null. */
export function deviceAskedFor(fullTitle: string, p: CompiledProfile): string | null {
  // "Best laptop bag for school?" shops for the bag.
  const title = fullTitle.replace(ACCESSORY, ' ');
  // "After leaving my laptop on overnight, …": a device the author has is not one they shop for, unless the
  // title replaces it ("my laptop died, which new one?").
  for (const [kind, re] of DEVICES) {
    if (p.devicesSold.has(kind)) continue;
    // Someone buying a property asks about it; buying one and asking for software to run it asks for the product.
    if (kind === 'property' && ASKS_FOR_SOFTWARE.test(title)) continue;
    if (!re.test(title)) continue;
    for (const m of title.matchAll(GLOBAL.get(re)!)) {
      const end = m.index + m[0].length;
      const shopped =
        REPLACED.test(title) ||
        SHOPPED_BEFORE.test(title.slice(Math.max(0, m.index - 30), m.index)) ||
        SHOPPED_AFTER.test(title.slice(end, end + 30));
      if (shopped || !OWNED.test(title.slice(Math.max(0, m.index - 30), m.index))) return kind;
    }
  }
  return null;
}
/** "my laptop", "our 2019 MacBook": a device the author has. */
const OWNED = /(?:^|[^a-z])(?:my|our|his|her|their) (?:[a-z0-9-]+ ){0,2}$/;
/** A shopping word right before the device ("which laptop", "a new laptop", "replace my laptop"). */
const SHOPPED_BEFORE =
  /(?<![a-z])(?:new|replac\w*|upgrad\w*|buy\w*|purchas\w*|get(?:ting)? an?|recommend\w*|suggest\w*|which|what|best|budget|cheap\w*)(?: (?:my|our|a|an|the))?(?: [a-z0-9-]+){0,2} $/;
/** The title replaces the device it has ("my laptop died, which new one?"). */
const REPLACED = /(?<![a-z])(?:new one|replacement|replace it|another one|a new)(?![a-z])/;
/** A shopping word right after it ("laptop recommendations", "laptop under $600", "laptop for college?"). */
const SHOPPED_AFTER =
  /^s? (?:recommendations?|suggestions?|advice|help|under|for under|around|budget|deals?|to buy|\$)/;
const ASKS_FOR_SOFTWARE =
  /(?<![a-z])(?:software|apps?|tools?|systems?|platforms?|spreadsheets?|programs?)(?![a-z])/;

/** "$300-900 per laptop" -> 300..900; "under $50 per month" -> ..50; "free tier, paid from $30" -> 30.. */
export function parseBudget(budgetFit: string | null): CompiledProfile['budget'] {
  if (!budgetFit) return null;
  const t = normalizeText(budgetFit).replace(/,/g, '');
  const nums = [...t.matchAll(/\$?\s?(\d+(?:\.\d+)?)(k?)/g)].map((m) => Number(m[1]) * (m[2] ? 1000 : 1));
  if (nums.length === 0) return null;
  const monthly = /month|\/mo\b|monthly/.test(t);
  if (/under|below|less than|up to|max/.test(t)) return { min: null, max: Math.max(...nums), monthly };
  if (/from|over|above|at least|starting/.test(t) && nums.length === 1)
    return { min: nums[0]!, max: null, monthly };
  return { min: Math.min(...nums), max: nums.length > 1 ? Math.max(...nums) : null, monthly };
}
