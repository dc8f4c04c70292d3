// The parts of a local reply draft: beginnings and ends of the first sentence, tips, questions back, the
// disclosure. Each takes slots the post fills (its question, its words, the profile's features); reply.ts picks
// every part apart by a hash of the post. Why parts rather than whole sentences: ADR 0037.

export type Slots = {
  /** What the author asks for, as a noun phrase: "booking software for your salon". */
  need: string;
  /** Their word for the subject: "booking", "rent". */
  topic: string;
  /** Two things worth judging options on: the profile's features, else generic ones. */
  a: string;
  b: string;
  /** Something the product does, with its article: "automatic reminders", "a two-year warranty". */
  cap: string;
  cap2: string;
  /** " for salon owners" or "". */
  who: string;
  /** What the options are called: "tools" (software), "models" (goods), "providers" (services). */
  things: string;
};
export type Line = (x: Slots) => string;
type Frame = (slot: string, other: string) => string;
export type Sold = 'software' | 'goods' | 'service';
/** Which kind of end completes a beginning: choosing, doing or deciding. */
export type End = 'choose' | 'do' | 'decide';

const upper = (x: string) => x.charAt(0).toUpperCase() + x.slice(1);
/** The verb for a feature named: "deposits are", "SMS reminders are", "ease of use is". */
const is = (x: string) => {
  // "tracking income and tips is": a gerund phrase is one thing, whatever its object.
  if (/^\w+ing\s/.test(x) && !/^\w+ings\b/.test(x)) return 'is';
  const head =
    x
      .split(/ (?:of|for|with|in|on) /)[0]!
      .trim()
      .split(' ')
      .at(-1) ?? '';
  return / and /.test(x) || (/s$/.test(head) && !/(?:ss|us|is|sms)$/i.test(head)) ? 'are' : 'is';
};

/** Ends of a first sentence about choosing something. */
export const CHOOSE: Line[] = [
  ({ a, b }) => `I'd judge the options on ${a} first and ${b} second.`,
  ({ a }) => `${a} would be my first filter.`,
  ({ a }) => `check ${a} before you read any feature list.`,
  ({ a, b }) => `look hard at ${a} and ${b} before price.`,
  ({ a }) => `I'd narrow it to two or three and test ${a} on each.`,
  ({ b }) => `most of the real difference between them is in ${b}.`,
  ({ a }) => `ask each one straight out about ${a}.`,
  ({ a }) => `anything weak on ${a} can go straight off the list.`,
  ({ b }) => `a week of real use will tell you more about ${b} than any review.`,
  ({ a }) => `the deciding factor is usually ${a}.`,
  ({ a }) => `make ${a} the deciding point, then compare price.`,
  ({ a }) => `compare ${a} side by side; the rest tends to be similar.`,
  ({ a, b }) => `you'll notice ${a} every day and ${b} every month, so weigh them that way.`,
  ({ b }) => `the good ones pull ahead on ${b}.`,
  ({ a }) => `start from ${a} and cross off whatever falls short.`,
];

/** The same for a service: no trial week, no feature list, nothing used every day. */
const PRODUCT_ONLY = /real use|feature list|every day/;
export const CHOOSE_SERVICE: Line[] = CHOOSE.filter(
  (l) =>
    !PRODUCT_ONLY.test(l({ need: '', topic: '', a: 'a', b: 'b', cap: '', cap2: '', who: '', things: '' })),
);

/** Advice only a craft's buyer needs (design, writing, video, sites): briefs, revisions, examples, the final files. */
export const CRAFT_ONLY =
  /revisions|final files|hand over the files|examples you like|one-page brief|past projects/;

/** Ends of a first sentence about doing something, by what the profile sells. */
export const DO: Record<Sold, Line[]> = {
  software: [
    ({ cap, cap2 }) => `start with ${cap} and add ${cap2} once that works.`,
    ({ cap }) => `set up ${cap} first; most of the rest follows from it.`,
    ({ cap }) => `get ${cap} in place before anything fancier.`,
    ({ cap }) => `write down the steps you repeat each week, then hand the dullest one to ${cap}.`,
    ({ cap }) => `begin with a simple written routine, then bring in ${cap}.`,
    ({ cap }) => `the part that does most of the work is ${cap}.`,
    ({ cap }) => `fix the process on paper first, then look at ${cap}.`,
    ({ cap }) => `do it the same way every time and let ${cap} carry the repetitive part.`,
    ({ cap }) => `aim for a routine you can keep, with ${cap} where it saves real time.`,
    ({ cap, cap2 }) => `I'd sort out ${cap} this week and leave ${cap2} for later.`,
  ],
  goods: [
    () => `write down what you'll use it for most and let that pick the model.`,
    ({ a }) => `decide the must-haves first; ${a} ${is(a)} usually one of them.`,
    ({ a }) => `fix the budget, then compare ${a} within it.`,
    ({ a }) => `narrow it to two models and compare ${a} side by side.`,
    () => `I'd settle the must-haves before looking at prices.`,
    ({ a }) => `check ${a} before anything else.`,
    ({ a, b }) => `sort out ${a} first and ${b} second; the rest is taste.`,
  ],
  service: [
    () => 'write a one-page brief first; it saves rounds of revisions.',
    () => 'agree on scope and price before any work starts.',
    () => 'collect three examples you like, then talk to providers.',
    ({ a, b }) => `settle what you need, such as ${a} and ${b}, before asking for quotes.`,
    ({ a }) => `start small and check ${a} before committing to more.`,
    ({ a }) => `ask up front how ${a} ${is(a)} handled, and get it in writing.`,
  ],
};

/** Ends of a first sentence about deciding yes or no. */
export const DECIDE: Line[] = [
  ({ a }) => `I'd say it comes down to ${a}.`,
  ({ a }) => `it mostly depends on ${a} and on how much time you have.`,
  ({ a }) => `the honest answer is that it depends, and the deciding part is usually ${a}.`,
  ({ a, b }) => `I'd look at ${a} and ${b} before deciding.`,
  ({ a }) => `I'd decide on ${a}, not on what the loudest people here say.`,
  ({ a }) => `nobody here can say for sure without your numbers, but ${a} ${is(a)} where I'd start.`,
  ({ b }) => `the part people regret skipping is ${b}, so weigh that first.`,
  ({ a, b }) => `if ${a} and ${b} both check out, I'd go ahead.`,
];

/** First-sentence beginnings that echo the author's own question; each is completed by an end above. */
export const FRAMES: Record<
  'recommend' | 'how' | 'advice' | 'whether' | 'versus' | 'alternative' | 'stuck',
  { frames: Frame[]; ends: End }
> = {
  recommend: {
    ends: 'choose',
    frames: [
      (s) => `For ${s}, `,
      (s) => `Picking ${s}? `,
      (s) => `Need ${s}? `,
      (s) => `When choosing ${s}, `,
      (s) => `Before buying ${s}, `,
      (s) => `Shopping for ${s} is easier than it looks: `,
      (s) => `On ${s}: `,
      (s) => `You'll get plenty of names for ${s} here, so `,
      (s) => `For ${s}, in my experience, `,
      (s) => `The short list for ${s} gets clear fast: `,
      (s) => `I've helped a few people pick ${s}, and my advice is simple: `,
    ],
  },
  alternative: {
    ends: 'choose',
    frames: [
      (s) => `If ${s} isn't working for you, `,
      (s) => `Plenty of people leave ${s}, and `,
      (s) => `For an alternative to ${s}, `,
      (s) => `Moving off ${s} is common; `,
    ],
  },
  versus: {
    ends: 'choose',
    frames: [
      (s, o) => `Between ${s} and ${o}, `,
      (s, o) => `On ${s} versus ${o}: `,
      (s, o) => `${upper(s)} or ${o} is mostly a question of fit; `,
      (s, o) => `Comparing ${s} with ${o}, `,
    ],
  },
  how: {
    ends: 'do',
    frames: [
      (s) => `To ${s}, `,
      (s) => `If you want to ${s}, `,
      (s) => `The way I'd ${s}: `,
      (s) => `On how to ${s}: `,
      (s) => `Here's what works when you need to ${s}: `,
      (s) => `People ask how to ${s} a lot, and my answer is short: `,
      (s) => `The simplest way to ${s}, in my experience: `,
      (s) => `To ${s} without much fuss, `,
    ],
  },
  advice: {
    ends: 'do',
    frames: [
      (s) => `On ${s}, `,
      (s) => `My two cents on ${s}: `,
      (s) => `About ${s}: `,
      (s) => `When it comes to ${s}, `,
      (s) => `For ${s}, what has worked for people I know: `,
    ],
  },
  whether: {
    ends: 'decide',
    frames: [
      (s) => `On whether ${s}: `,
      (s) => `As for whether ${s}, `,
      (s) => `You asked whether ${s}; `,
      (s) => `To your question of whether ${s}: `,
      (s) => `Whether ${s} is a fair question; `,
    ],
  },
  stuck: {
    ends: 'do',
    frames: [
      () => 'In your spot, ',
      () => `What I'd do in your position: `,
      () => 'If it were me, ',
      () => 'First step from where you are: ',
    ],
  },
};

/** Beginnings of a first sentence when the post asks nothing a reply can echo, by what the author is doing. */
export const LEADS: Record<'seek' | 'compare' | 'buy' | 'pain', { leads: Line[]; ends: End }> = {
  seek: {
    ends: 'choose',
    leads: [
      ({ need }) => `For ${need}, `,
      ({ need }) => `${upper(need)}, short answer: `,
      ({ need }) => `To choose ${need}, `,
      ({ topic, who }) => `From the ${topic} setups I've seen${who}, `,
      ({ topic }) => `Most ${topic} options look alike on paper, so `,
      ({ need }) => `Picking ${need} is mostly one decision: `,
      ({ topic, things }) => `Everyone here will name favourite ${topic} ${things}; `,
      ({ need }) => `Honestly, for ${need}, `,
      ({ topic, things }) => `Lots of ${topic} ${things} would do the job, so `,
      ({ topic }) => `On the ${topic} question, `,
      () => 'From your description, ',
      () => 'Reading this, ',
      ({ topic, who, things }) => `Speaking as someone who has compared ${topic} ${things}${who}, `,
      ({ topic, things }) => `My rule for ${topic} ${things}: `,
      ({ topic }) => `Weighing ${topic} options, `,
      ({ need }) => `There's no single best answer for ${need}, but `,
      ({ topic }) => `I'd keep the ${topic} choice simple: `,
      ({ need }) => `Re ${need}: `,
      ({ need }) => `${upper(need)}: `,
      ({ topic }) => `${upper(topic)}-wise, `,
      ({ need }) => `About ${need}, `,
      ({ need }) => `On ${need}, `,
      ({ topic, things }) => `Among ${topic} ${things}, `,
      ({ topic, things }) => `With ${topic} ${things}, `,
      ({ need }) => `Picking ${need}? `,
      ({ need }) => `Comparing ${need}? `,
      ({ topic }) => `Across ${topic} options, `,
    ],
  },
  compare: {
    ends: 'choose',
    leads: [
      ({ need }) => `If ${need} no longer fits, `,
      ({ need }) => `People leave ${need} over price more than anything, but `,
      ({ need }) => `Before you move off ${need}, `,
      ({ need }) => `Lots of people outgrow ${need}; `,
      ({ need }) => `Comparing alternatives to ${need}, `,
      ({ need }) => `Switching from ${need} is easier than it looks, and `,
      ({ need }) => `Re ${need}: `,
      ({ need }) => `Versus ${need}, `,
      ({ need }) => `If you leave ${need}, `,
    ],
  },
  buy: {
    ends: 'choose',
    leads: [
      ({ topic }) => `With ${/^[aeiou]/i.test(topic) ? 'an' : 'a'} ${topic} budget already set, `,
      () => 'Since you are ready to buy, ',
      ({ need }) => `For ${need} in your range, `,
      ({ need }) => `Before you pay for ${need}, `,
      ({ topic }) => `You can get solid ${topic} help in that range; `,
      ({ need }) => `Buying ${need} now is reasonable, and `,
      () => 'At that budget, ',
      ({ need }) => `For ${need}, `,
      ({ need }) => `Re ${need}: `,
      ({ topic }) => `On the ${topic} purchase, `,
    ],
  },
  pain: {
    ends: 'do',
    leads: [
      ({ topic }) => `${upper(topic)} trouble like this? `,
      ({ topic, who }) => `A lot of people${who} have been where you are with ${topic}; `,
      ({ topic }) => `This kind of ${topic} headache gets easier in steps: `,
      ({ topic }) => `Plenty of people hit this ${topic} problem, and my advice is plain: `,
      ({ topic }) => `Been there with ${topic}; `,
      ({ topic }) => `Honestly, most ${topic} pain like yours has a boring fix: `,
      ({ topic, who }) => `Sorting out ${topic}${who} is mostly routine, so `,
      ({ topic }) => `Nothing fixes ${topic} problems overnight, but `,
      ({ topic }) => `I've seen this ${topic} mess a lot; `,
      ({ topic }) => `On the ${topic} side, `,
      ({ topic }) => `For ${topic} trouble, `,
      ({ topic }) => `Re the ${topic} problem: `,
      ({ topic }) => `${upper(topic)} problems like this: `,
      ({ topic, who }) => `For ${topic} headaches${who}, `,
    ],
  },
};

/** A practical sentence, in two halves: something to try on their own case (by what is sold), and why. */
export const TRIES: Record<'software' | 'goods' | 'service', Line[]> = {
  software: [
    () => 'Run a week of real work through a free trial',
    () => 'Ask for a demo with your own data, not the sample account',
    () => 'Read the cancellation terms and check the data export',
    () => 'Try each one on your busiest day',
    () => 'Start on the smallest plan',
    () => 'Test each option against the three tasks you repeat most',
    () => 'Skim the one-star reviews',
    ({ a }) => `Give each option an afternoon on ${a}`,
    () => 'Keep your current setup running in parallel for a couple of weeks',
    () => 'Have a short call with support before you commit',
    ({ cap }) => `Check whether the cheapest plan includes ${cap}`,
    () => 'Ask someone here who switched recently what surprised them',
    () => 'Move one real week of your data in before deciding',
    () => 'Check which integrations you actually need',
    () => 'Look at how the mobile app handles the daily tasks',
    () => 'Time how long the first setup takes you',
  ],
  goods: [
    () => 'Check the return window and the warranty terms',
    () => 'Look up reviews of the exact model, not the whole series',
    () => 'Price-check the same model in two or three places',
    () => 'See one in person if you can',
    () => 'Ask people here who own one what they would change',
    () => 'Use it hard in the first week, while you can still return it',
    () => 'Skim the one-star reviews',
    ({ a }) => `Compare ${a} on the two or three models you like best`,
    () => 'Write down the three things you will do with it most and check the specs against them',
    () => 'Check what support covers in the first year',
    () => 'Ask what happens if it fails in month thirteen',
    () => 'Check the exact part numbers against the listing',
    () => 'Read the fine print on what the warranty excludes',
  ],
  service: [
    () => 'Ask for two or three past projects like yours',
    () => 'Agree on the number of revisions up front',
    () => 'Get the price and the deadline in writing',
    () => 'Ask who exactly will do the work',
    () => 'Make sure you own the final files',
    () => 'Start with a small paid piece before the big one',
    () => 'Ask for references from clients in your field',
    ({ a }) => `Ask each provider how they handle ${a}`,
    () => 'Look at work they did two years ago, not just the latest',
    () => 'Ask what the fixed price does not include',
    () => 'Check how they hand over the files at the end',
    () => 'Ask how many other projects they run at once',
  ],
};
export const WHYS: string[] = [
  '; that is where the differences show.',
  '; it is cheaper than a bad choice later.',
  ', because the marketing pages all sound the same.',
  '; an hour of that beats a week of forum threads.',
  '; you learn more that way than from any comparison table.',
  ', and the choice usually makes itself.',
  '; most regrets I hear about start with skipping this.',
  '.',
  ', then decide.',
  '; it is worth the hour.',
  '; it takes less time than it sounds.',
  ', and trust what you see over what you read.',
];

/** An optional closing question, as a person asks one back. */
export const ASKS: Line[] = [
  () => `What are you using today?`,
  ({ topic }) => `Which part of the ${topic} side hurts most right now?`,
  () => `What have you tried so far?`,
  () => `What's your timeline?`,
  () => `Happy to say more if you share what you've ruled out.`,
  () => `Curious what you end up choosing.`,
  () => `Is this the main problem, or one of several?`,
  () => `What would make you call it solved?`,
  () => `What matters most to you here?`,
  () => `Any hard limits, like a platform you're tied to?`,
  ({ topic }) => `How long has the ${topic} side been a problem?`,
  ({ topic }) => `What does your ${topic} setup look like today?`,
  () => `Did anything you tried come close?`,
  () => `Who else has a say in the choice?`,
  () => `If you post what you settle on, I'd like to know how it goes.`,
  ({ a }) => `How much ${is(a) === 'are' ? 'do' : 'does'} ${a} matter to you?`,
];

/** The product mention, in three parts: who I am to it, what it does, a hedge. */
export const DISCLOSE: ((product: string) => string)[] = [
  (p) => `Disclosure: I work on ${p}`,
  (p) => `Full disclosure, I'm part of ${p}`,
  (p) => `I'm on the team behind ${p}`,
  (p) => `I should say I work on ${p}`,
  (p) => `For what it's worth, I work on ${p}`,
  (p) => `Bias warning: I'm one of the people who make ${p}`,
  (p) => `Worth saying that I work with ${p}`,
  (p) => `I'm involved with ${p}`,
];
export const HEDGES: ((x: { b: string }) => string)[] = [
  () => '; it may not be the right fit for you, but it is one to compare.',
  () => ', so weigh my view accordingly.',
  () => `, and I'm happy to answer questions here.`,
  ({ b }) => `; try it only if you care about ${b}.`,
  () => ', so take this with a pinch of salt.',
  () => '; the advice above holds whatever you pick.',
  () => `; if you try it, I'd like to hear what's missing.`,
  () => '; compare it with the others on the same terms.',
];

/**
 * The product mention when the post asks for something else: what the product does instead (`does`: "helps with
 * tracking income per appointment", "offers SMS reminders", or null), what was asked (`thing`: "booking software",
 * or null), and no claim that it fits.
 */
export const OTHER_USE: ((does: string | null, thing: string | null) => string)[] = [
  (does, thing) =>
    does
      ? `, which ${does}${thing ? ` rather than ${thing}` : ''}, so it won't solve this one.`
      : `; it is built for something else${thing ? ` than ${thing}` : ''}, so this isn't a pitch.`,
  (does) => (does ? `; it ${does}, a different job from yours.` : '; it does a different job from yours.'),
  (does, thing) =>
    `${does ? `, which ${does}` : ''}; not ${thing ?? 'what you asked for'}, but happy to help anyway.`,
];
