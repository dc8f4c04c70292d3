// Fit of a request (issue 33, ADR 0123): what the post asks for and who asks, compared with what the profile sells
// and to whom. A keyword plus a request is not yet a request for this product: "booking app recommendations?" asks
// for a booking app whatever "app" finds, and "our hair salon" is not a photographer.
import { contentStems, STOPWORDS } from './text.ts';

/** What a post's request is for and who makes it, where either is plainly not the profile's. */
export interface RequestFit {
  /** The object of a request ("booking app") when none of its words is the profile's. */
  otherObject: string | null;
  /** The author's own trade ("our hair salon", "i'm a wedding planner") when it is none of the profile's buyers'. */
  otherTrade: string | null;
}

/** What the comparison needs from a profile, compiled once (profile.ts). */
export interface FitVocabulary {
  /** Stems of every word the profile uses for its product and buyers (name, solution, pain, users, keywords). */
  roots: string[];
  /** The target users are businesses, freelancers or people in general: any trade may buy (no trade judged). */
  openAudience: boolean;
  /**
   * Stems of the one-word keywords the profile's own sentences (pain, solution, target users) never use: the broad
   * words a founder adds to find posts ("computer", "internet", "spreadsheet").
   */
  broad: Set<string>;
  /** Stems of the words of what is sold and to whom (name, solution, target users): the job the product does. */
  sold: string[];
}

/** Target users that name no trade: "small businesses", "freelancers", "households", "busy professionals". */
const OPEN_AUDIENCE =
  /(?<![a-z])(?:business(?:es)?|compan(?:y|ies)|firms?|start-?ups?|entrepreneurs?|founders?|freelancers?|self-employed|sole proprietors?|smbs?|professionals?|people|anyone|teams?|organi[sz]ations?|offices?|households?|individuals?|consumers?|shoppers?|users?)(?![a-z])/;

export function fitVocabulary(fields: {
  name: string;
  pain: string | null;
  solution: string | null;
  targetUsers: string | null;
  keywords: readonly string[];
  competitors: readonly string[];
}): FitVocabulary {
  const text = [fields.name, fields.pain, fields.solution, fields.targetUsers, ...fields.keywords].join('. ');
  const described = contentStems([fields.pain, fields.solution, fields.targetUsers].join('. '));
  const broad = new Set(
    fields.keywords
      .filter((k) => !/[\s-]/.test(k.trim()))
      .flatMap((k) => contentStems(k))
      .filter((k) => !described.some((d) => sameRoot(k, d))),
  );
  return {
    broad,
    sold: contentStems([fields.name, fields.solution, fields.targetUsers].join('. ')),
    roots: [...new Set([...contentStems(text), ...fields.competitors.flatMap((c) => contentStems(c))])],
    openAudience: OPEN_AUDIENCE.test((fields.targetUsers ?? '').toLowerCase()),
  };
}

/** Two stems name the same thing: equal, or sharing their first five letters ("photograph", "photographi"). */
function sameRoot(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length < 5 || b.length < 5) return false;
  return a.slice(0, 5) === b.slice(0, 5);
}

const isProfileWord = (word: string, v: FitVocabulary) =>
  contentStems(word).some((s) => v.roots.some((r) => sameRoot(s, r)));

/**
 * Words that qualify a product or a trade without naming its kind: "a good free booking app" is a booking app,
 * "my small family bakery" a bakery.
 */
const FILLER = new Set(
  `good best great better simple easy free cheap cheapest affordable decent reliable new old small little tiny big
  online web mobile desktop cloud based android ios iphone ipad mac windows linux open source all one in single
  business businesses management manager personal professional family own local independent solo busy full part
  time home first another other different same current recommended suggested specific basic proper right whole
  such similar certain main whatever which what any some this that these those my our your their his her
  service services type kind sort favorite favourite awesome universal inexpensive nice solid powerful lightweight
  robust alternative excellent perfect ideal useful handy effective efficient fast quick modern complete full-featured
  all-in-one integrated custom standalone premium paid low-cost budget top popular elegant smart`
    .split(/\s+/)
    .filter(Boolean),
);

/** Words shaped as adjectives ("inexpensive", "powerful", "affordable", "famous"): they qualify, not name. */
const ADJECTIVE = /^[a-z-]{3,}(?:ful|ous|able|ible|ive|less|ed)$/;

/** The nouns of a product a request names ("booking app", "POS system"). */
const PRODUCT = '(?:software|apps?|tools?|systems?|platforms?|programs?|solutions?)';
/** In a title, any "<words> <product noun>": the title says what the post is about. */
const TITLE_OBJECT = new RegExp(`((?:[a-z][a-z0-9'-]* ){1,3})(${PRODUCT})(?![a-z])`, 'g');
/** In the body, only after a request's verb: "I need an online booking app", "looking for POS software". */
const BODY_OBJECT = new RegExp(
  `(?:looking for|need|needing|want|recommend|suggest|searching for|in the market for|shopping for|switch to|move to) ((?:[a-z][a-z0-9'-]* ){1,3})(${PRODUCT})(?![a-z])`,
  'g',
);
/** Words a qualifier stops at, walking back from the product noun: "looking for a booking app" is a booking app. */
const STOP_VERBS = new Set(
  `looking need needing wanted recommend recommended suggest suggested searching shopping try trying tried
  switch switching move moving is are was were be has have had do does did anyone any anybody there`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * The qualifying words right before a product noun, walking back until a stop word or a request's verb, filler
 * left out: "booking" of "need a good booking app", nothing of "looking for an app".
 */
function qualifier(before: string): string[] {
  const out: string[] = [];
  for (const w of before.trim().split(/\s+/).reverse()) {
    if (STOPWORDS.has(w) || STOP_VERBS.has(w)) break;
    if (w.length >= 3 && !FILLER.has(w) && !ADJECTIVE.test(w) && !/^\d/.test(w)) out.unshift(w);
  }
  return out;
}

/**
 * The object of the post's request when it is another kind of product: every product the title names, and every one
 * the body's requests name, qualified by words none of which is the profile's. One object in the profile's terms
 * ("invoicing software") and the post asks for the product, whatever else it names.
 */
export function otherObject(title: string, head: string, v: FitVocabulary): string | null {
  let other: string | null = null;
  for (const m of [...title.matchAll(TITLE_OBJECT), ...head.matchAll(BODY_OBJECT)]) {
    const words = qualifier(m[1]!);
    if (words.length === 0) continue;
    if (words.some((w) => isProfileWord(w, v))) return null;
    other ??= `${words.join(' ')} ${m[2]}`;
  }
  return other;
}

/** Places of business that name the trade themselves ("my salon"); the generic ones need a word before them. */
const TRADE_PLACES =
  'salon|bakery|restaurant|cafe|clinic|barbershop|brewery|boutique|florist|pharmacy|winery|daycare';
const GENERIC_PLACES = 'shop|store|business|company|firm|practice|agency|studio';
/** "my small hair salon", "our cake shop", "I own a plumbing business", "we run a dental clinic". */
const OWN_PLACE = new RegExp(
  `(?:^|[^a-z])(?:(?:my|our)|(?:i|we) (?:own|run|have|operate|opened|started|manage) (?:an?|my|our)) (?!(?:favou?rite|usual|regular|go-to|local|nearest|old|former|previous|day|test|dream) )((?:[a-z][a-z'-]* ){0,3})(${TRADE_PLACES}|${GENERIC_PLACES})s?(?![a-z])`,
  'g',
);
/** "I'm a wedding photographer", "I work as an electrician" ("as a career" says nothing of the author). */
const SELF_ROLE =
  /(?:^|[^a-z])(?:i'?m|i am|we are|we're|i work as) an? ((?:[a-z][a-z'-]* ){0,2}[a-z]+(?:er|or|ist|ian))(?![a-z])/g;
/** Agent nouns that say nothing of a trade: "I'm a beginner", "as a customer", "I'm a freelancer". */
const NO_TRADE = new Set(
  `beginner newbie owner user member customer client fan lover consumer buyer seller reader subscriber viewer
  starter learner novice amateur manager freelancer contractor entrepreneur founder partner employer worker
  professional student parent mother father brother sister daughter neighbor neighbour roommate partner renter
  homeowner traveller traveler gamer programmer developer designer writer creator teacher tutor consultant
  advisor adviser supervisor director operator administrator admin sysadmin engineer technician vendor provider
  minor major lurker poster commenter moderator volunteer veteran believer supporter follower career`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * The author's own trade in their words, when the profile's buyers are of named trades and this is none of them:
 * "our hair salon" for photographers' invoicing. Agent nouns every field has ("beginner", "owner", "developer") and
 * places with no trade named ("my small business") say nothing.
 */
export function otherTrade(text: string, v: FitVocabulary): string | null {
  if (v.openAudience) return null;
  let other: string | null = null;
  for (const m of text.matchAll(OWN_PLACE)) {
    const place = m[2]!;
    const words = qualifier(m[1]!);
    if (new RegExp(`^(?:${TRADE_PLACES})$`).test(place)) words.push(place);
    if (words.length === 0) continue;
    if (words.some((w) => isProfileWord(w, v))) return null;
    other ??= `${words.join(' ')}${words.includes(place) ? '' : ` ${place}`}`;
  }
  for (const m of text.matchAll(SELF_ROLE)) {
    const words = qualifier(m[1]!);
    const noun = words[words.length - 1];
    if (!noun || NO_TRADE.has(noun.replace(/s$/, ''))) continue;
    if (words.some((w) => isProfileWord(w, v))) return null;
    other ??= words.join(' ');
  }
  return other;
}

/** What a post names that ties it to the profile (Signals' fields of the same names). */
interface PostTies {
  keywordsTitle: string[];
  keywordsBody: string[];
  topicConcepts: string[];
  competitors: string[];
  targetUsers: string[];
}

/**
 * The post's only ties to the profile are broad keywords: every keyword and topic word it names is one, and it names
 * no competitor and none of the target users. "A keyword in passing" in another form: found, not fitting.
 */
export function onlyBroadWords(s: PostTies, v: FitVocabulary): boolean {
  const named = [...s.keywordsTitle, ...s.keywordsBody, ...s.topicConcepts];
  if (named.length === 0 || s.competitors.length || s.targetUsers.length) return false;
  return named.every((w) => contentStems(w).every((x) => v.broad.has(x)));
}

/**
 * A how-to question about another product: the post names a competitor, asks for help in so many words, and names
 * no word of what the product does or for whom (its name, solution and target users: "spreadsheet" of the pain's
 * "counted by hand in a spreadsheet" is how the buyers work today, not the job), nor asks for a product in the
 * profile's terms or for an alternative. "Help with an excel sheet?" for an inventory tool that lists Excel as a
 * competitor: a user of the other product asking how to use it.
 */
export function asksAboutAnotherProduct(
  s: PostTies & {
    leavesCompetitor: boolean;
    asksFor: string | null;
    asksHelp: boolean;
    compare: { phrases: string[] };
  },
  v: FitVocabulary,
): boolean {
  if (!s.asksHelp || !s.competitors.length || s.leavesCompetitor || s.asksFor || s.targetUsers.length)
    return false;
  if (s.compare.phrases.some((p) => p.startsWith('alternative'))) return false;
  const named = [...s.keywordsTitle, ...s.keywordsBody, ...s.topicConcepts];
  return !named.some((w) => contentStems(w).some((x) => v.sold.some((d) => sameRoot(x, d))));
}
