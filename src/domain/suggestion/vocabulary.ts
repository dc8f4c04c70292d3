// The words a suggestion must not take from a page: its chrome, its sales talk, and the nouns that name no field.

/** Navigation, calls to action and legal links: what every product page says and no buyer writes. */
export const CHROME_PHRASE =
  /^(?:home|menu|pricing|prices?|plans?(?: (?:and|&) pricing)?|see (?:pricing|plans|more|all\b.*)|log ?in|login|sign ?in|sign ?up|signup|register|client login|my account|account|get started(?: free| for free| now)?|start (?:your )?(?:\d+-day )?(?:free )?trial|free trial|try (?:it )?(?:for )?free|try it now|book a (?:free )?(?:demo|call)|(?:request|watch) a (?:\d+-minute )?demo|demo|contact(?: us| sales)?|about(?: us)?|careers|jobs|blog|news|press|resources|docs|documentation|help(?: center| centre)?|support|status|security|changelog|privacy(?: policy)?|terms(?: of (?:service|use))?|legal|cookies?(?: policy| settings)?|accept(?: all)?(?: cookies)?|features|product|solutions|integrations|customers|partners|faq|read more|learn more|download|subscribe|newsletter|follow us.*|twitter|x|linkedin|facebook|instagram|youtube|github|©.*|copyright.*|all rights reserved\.?)$/i;

/** Words of page chrome: a keyword holding one is chrome, not a need ("pricing plans", "free trial"). */
export const CHROME_WORDS = new Set(
  `pricing price prices plan plans login log logged signin signup sign register trial demo demos faq faqs
careers blog newsletter subscribe cookie cookies privacy terms copyright rights reserved checkout cart
testimonial testimonials changelog webinar webinars documentation docs homepage website's click tap button`.split(
    /\s+/,
  ),
);

/** Sales adjectives and adverbs: a page's voice, not how a buyer names the need ("powerful", "seamless"). */
export const MARKETING_WORDS = new Set(
  `seamless seamlessly powerful simple simply easy easily effortless effortlessly intuitive beautiful beautifully
modern smart smarter best better ultimate leading world-class all-in-one one-click instant instantly fast faster
quick quickly friendly polite honest happy loved trusted secure robust flexible innovative revolutionary
next-generation cutting-edge premium unlimited free new amazing awesome delightful hassle-free stress-free
worry-free automatic automatically automated effortless painless perfect complete total entire whole real
ready proven award-winning official exclusive essential incredible gentle firmer firm cheaper affordable
straightforward clean lightweight handy quiet sweet wonderful great good nice`.split(/\s+/),
);

/**
 * Nouns too plain to be a keyword on their own: time, places, page words, and what every business has. A phrase
 * may hold one ("late payments" holds no such word, "payment link" holds "link"), but not consist of them.
 */
export const PLAIN_NOUNS = new Set(
  `time times minute minutes hour hours day days week weeks month months year years second seconds moment way ways
place places thing things everything anything something nothing everyone anyone lot lots one ones kind type
types part parts side end start step steps click clicks tap taps phone phones device devices screen screens
page pages site sites website websites link links app apps tool tools software platform platforms system systems
solution solutions service services product products feature features option options setting settings job jobs
work team teams people person company companies business businesses customer customers client clients user
users owner owners member members staff employee employees world country countries location locations
budget money cost costs fee fees price prices value data information info report reports question questions
answer answers problem problems issue issues need needs help support check checks account accounts email emails
list lists number numbers amount amounts percent level levels check-in sequence sequences dashboard dashboards
voice job day-to-day check address relationship penny pennies afternoon afternoons weekend weekends night nights
morning mornings today tomorrow payday deadline deadlines works uses helps gets makes`.split(/\s+/),
);

/**
 * Heads of the noun phrases that name people and organisations a product serves ("small agencies", "independent
 * landlords"): read as target users, never proposed as keywords.
 */
export const AUDIENCE_HEAD =
  /^(?:freelancers?|consultants?|designers?|developers?|devs|writers?|copywriters?|agency|agencies|teams?|owners?|landlords?|managers?|founders?|businesses|business|companies|company|startups?|restaurants?|caf[eé]s?|bars?|coffee shops?|salons?|barbershops?|shops?|stores?|sellers?|merchants?|brands?|retailers?|clinics?|studios?|practices?|tutors?|coaches|coach|therapists?|contractors?|plumbers?|electricians?|sysadmins?|administrators?|admins?|engineers?|marketers?|creators?|hackers?|makers?|students?|researchers?|scientists?|teachers?|schools?|nonprofits?|non-profits?|charities|organi[sz]ations?|professionals?|practitioners?|accountants?|bookkeepers?|lawyers?|attorneys?|firms?|realtors?|investors?|hosts?|homeowners?|entrepreneurs?|solopreneurs?|artists?|photographers?|musicians?|podcasters?|youtubers?|gamers?|operators?|recruiters?|employers?|workers?|trainers?|offices?|homes?|gyms?|dentists?|doctors?|vets?|veterinarians?|labs?|hotels?|venues?|groups?|individuals?|families|parents?|people|users?|customers?|clients?|shopify stores?|e-?commerce brands?|online sellers?|indie hackers?|small businesses|smbs?|enterprises?|organisations?|property managers?|hiring managers?|it teams?|ops teams?|devops teams?|staff|employees|personnel|households?)$/i;

/** Words a pain is said with on product pages: what the buyer loses, hates or does by hand. */
export const PAIN_CUE =
  /(?<![a-z])(?:tired of|sick of|fed up|stop (?:chasing|wasting|losing|worrying|guessing)|no more|never again|chas(?:e|es|ing)|late (?:payments?|rent|fees?)|unpaid|overdue|waste[sd]?|wasting|los(?:e|es|ing)|lost|miss(?:ed|es|ing)?|forget|forgot|forgotten|headaches?|hassle|struggl\w*|frustrat\w*|by hand|manual(?:ly)?|spreadsheets?|shoebox|awkward|angry|quietly|nobody noticed|find out|too (?:much|many|long|expensive)|expensive|costly|overpay\w*|downtime|outages?|goes? down|down for|no-shows?|double[- ]book\w*|phone tag|last-minute|never (?:quite|match)|don'?t know|doesn'?t|shouldn'?t|untangle|pile up|killing|hurt\w*|pain(?:ful)?|risk\w*|penalt\w*|errors?|mistakes?|fragile|hours (?:every|a|per|each) (?:week|month|day)|still (?:building|using|doing|chasing|sending)|cannot|can'?t (?:afford|find|get|keep)|suffer\w*|juggl\w*|dropp\w*|dead zones?|nobody|wait (?:for|on)|without (?:an?|the|any) \w+ budget|overpa\w*|stuck|slow|broken|unreliable|confus\w*|messy|chaos|scattered)(?![a-z])/i;

/** Words that say what a product is, for the sentence that names the solution. */
export const PRODUCT_CUE =
  /(?<![a-z])(?:software|app|application|tool|platform|service|services|system|solution|plugin|api|dashboard|portal|marketplace|agency|studio|helps?|lets?|sends?|gives?|makes?|turns?|keeps?|connects?|delivers?|offers?|provides?|automates?|tracks?|collects?|checks?|monitors?|builds?|manages?|done[- ]for[- ]you)(?![a-z])/i;
