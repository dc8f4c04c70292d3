// What the scorer reads from an item (Signals) and how it weighs it (Weighed): the shapes read.ts makes, weigh.ts
// scores and reason.ts tells, and the learned model's features read (features.ts, model.ts).
import type { authorRole } from './role.ts';
import type { Stage } from './types.ts';

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
  /** The post's only ties to the profile are its broad keywords (request-fit.ts, ADR 0123). */
  broadOnly: boolean;
  /** A how-to question about a competitor's product naming nothing of the product's job (request-fit.ts, ADR 0123). */
  aboutAnotherProduct: boolean;
  /** The request's object is another kind of product ("booking app" for photographers' invoicing): request-fit.ts. */
  otherObject: string | null;
  /** The author's own trade is none of the profile's buyers' ("our hair salon" for photographers): request-fit.ts. */
  otherTrade: string | null;
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
