// The sentences of a local reply draft (reply.ts), whole: each is a complete sentence with at most one slot
// filled from the post in a place where any value reads ("With $600 to spend, ...", "Since you're on FreshBooks
// now, ..."). Nothing from the profile is slotted into advice: the profile's own words appear only in the one
// disclosure sentence, as a list of what the product does. Why whole sentences: ADR 0121 (it replaces ADR 0037's
// beginnings and ends, which spliced fragments into sentences that did not fit them).

/** What the options are: software, goods, or a service done by people. */
export type Sold = 'software' | 'goods' | 'service';

/** The answer to a request for a product, when the post tells nothing to build on. */
export const PICK: Record<Sold, { plain: string[]; expert: string[] }> = {
  software: {
    plain: [
      "I'd shortlist two, put a normal week of your own work through each free trial, and keep the one you stopped noticing.",
      'Write down the three things you do every week and test only those; the feature lists mostly overlap.',
      "Check how you'd get your data back out before you put it in; that's what makes switching painful later.",
      'Start on the cheapest plan and upgrade when you actually hit a limit, not because the pricing page says so.',
      'The one-star reviews are more useful than the five-star ones: look for complaints that would matter to you.',
      'Most of these do the basics fine, so pick on how quickly you can do your most common task.',
      "Try them on your phone too if you'll use it away from the desk; some are much weaker there.",
      'Ask support one real question during the trial; how fast and how well they answer tells you a lot.',
      "Don't pay yearly until you've used one for a couple of months; the discount isn't worth being stuck.",
      'Pick the simplest one that covers what you need today; moving up later is easy, moving down is not.',
      "Look at the price once you add the features you'd actually use, not the headline price.",
      'Set one up fully before comparing more; an hour of real setup shows more than ten comparison articles.',
      "Search this sub for the names you're considering; people here are honest about what broke.",
      'If two look equal, go with the one where real people answer support, because you will need them once.',
      'Make a list of deal-breakers before you look, or every demo will talk you into something.',
      "When someone recommends one, ask how long they've used it; a year in is worth more than a first week.",
      'Check which other apps it has to work with, like your calendar or accounting, and drop anything that does not connect.',
      'Run your current setup alongside the new one for two weeks, so nothing falls through the cracks.',
      'Read the cancellation terms before signing up; a month-to-month plan lets you walk away if it disappoints.',
      'Give each option the same real task, start to finish, and time it; the difference shows quickly.',
      'Ignore the feature count; the tool you will keep is the one that fits how you already work.',
      'Watch a few minutes of their help videos first; if the basics need a tutorial, daily use will too.',
      'Look at when the product was last updated; an abandoned tool is a problem waiting for you.',
      "Sign up for two at most; comparing five at once, you'll remember none of them properly.",
    ],
    expert: [
      'Check the export first: a full CSV or an API means you can leave, anything less means lock-in.',
      'Compare the total cost at your real usage, including per-seat and add-on pricing, not the entry tier.',
      'Ask whether the integrations are native or run through Zapier; the second kind breaks quietly.',
      'If more than one person uses it, check the permission model; per-user roles matter more than features.',
      'Read the status page history; uptime over the last year says more than a demo.',
      "Look for an audit log and version history; you'll want both the first time something goes missing.",
      "Test the import with your messiest real data, not a clean sample; that's where most tools choke.",
      'Check where the data is hosted and whether they sign a DPA if your clients care about that.',
      'Check the plan caps against your volume a year from now, not today.',
      'See whether the mobile app works offline; for anyone working on site that decides it.',
      'Ask how price increases are handled for existing customers; some lock your rate, some do not.',
      'Prefer a product with a public changelog; one that ships every month is still being looked after.',
      'Check SSO and two-factor support now; adding them later often means a pricier plan.',
      'Get the data retention and deletion terms in writing before you import anything.',
    ],
  },
  goods: {
    plain: [
      "Write down the two things you'll do with it most and let those decide; everything else is nice to have.",
      'Read reviews of the exact model number, not the series; one name often covers very different builds.',
      'Buy where returns are easy and use it hard in the first two weeks, while you can still send it back.',
      "Check the warranty terms: who handles repairs, and how long you'd be without it.",
      'Price the same model in two or three shops; the spread is often bigger than the difference between models.',
      'A good refurbished business model often outlasts a new budget one at the same price.',
      'Look at what usually fails first, like the battery, hinges or ports, and read reviews about those.',
      'See one in person if you can; weight, noise and build are hard to judge from a spec sheet.',
      "Skip the bundled extras; the money is better spent on the main thing you'll use every day.",
      "Ask people here who own one what they'd change; owners are blunter than reviewers.",
      'Last generation at a discount is usually the best value; the yearly changes are small.',
      'Make sure the listing shows the exact specs and condition, not just the model name.',
      "Decide your hard limit first and look only at what fits under it, or you'll creep upward.",
      'Something you can upgrade or repair later lasts longer than a sealed one with better specs.',
    ],
    expert: [
      'Compare exact part numbers and configurations; one model name ships with different screens and chips.',
      'Check whether the warranty is on-site or mail-in, and the repair turnaround they commit to.',
      'For anything used or refurbished, ask for the battery health report.',
      'Look at sustained performance and thermals in reviews, not the peak figures on the spec sheet.',
      'Check which parts are soldered and which you can replace before you buy.',
      "Ask for the seller's grading standard on refurbished units; grade A means different things at different shops.",
      'Compare benchmarks for the work you actually do, not synthetic scores.',
      'Check how long the model line gets firmware and driver updates; business lines usually get them longer.',
      'Confirm the return policy covers dead pixels and cosmetic defects explicitly.',
      'Match the ports and standards to what you already own, like USB-C charging and display outputs.',
    ],
  },
  service: {
    plain: [
      'Ask each one for two or three past projects like yours, and a price for exactly that scope.',
      'Agree on the number of revisions and what counts as one before any work starts.',
      "Make sure you own the final files, in editable form, once you've paid.",
      'A small paid test piece tells you more than any portfolio.',
      'Write a one-page brief with examples you like; quotes are only comparable when everyone answers the same brief.',
      "Get the price, the deadline and what's included in writing; most disputes start where that was vague.",
      'Ask who exactly will do the work; some shops sell senior people and hand the job to juniors.',
      'Ask for a reference from a client in your field, not just the testimonials on their site.',
      'Pay in stages tied to delivery, not everything up front.',
      'Ask what happens after delivery: small fixes, changes a month later, and what they cost.',
      'Cheap quotes usually leave something out, so ask each one what the price does not include.',
      'Look at work they did two years ago too; the newest piece in a portfolio is always the best.',
      "Ask how many projects they run at once; it tells you how quickly they'll answer you.",
      'Talk to two or three before choosing; how they ask about your business matters as much as their samples.',
    ],
    expert: [
      'Put the scope in a short statement of work: deliverables, formats, revision rounds and how you sign off.',
      'Get the rights assigned to you in the contract, and ask for source files in editable formats.',
      'Tie payments to milestones with clear acceptance criteria rather than to dates.',
      'Ask about their process from brief to handover; a provider without one improvises on your budget.',
      "Check whether any stock images or fonts used need licences you'll have to buy separately.",
      'Ask for a fixed quote per deliverable and an hourly rate for anything outside it.',
      'Name the file formats you need up front, like vector files and a style guide, not just PNGs.',
      'Ask for one named contact and an agreed response time during the project.',
      'Include a kill fee so either side can stop after the first stage without a fight.',
      'Ask for references you can call, from projects finished at least six months ago.',
    ],
  },
};

/** Help for a post that asks how to go about something: no product, no shopping advice. */
export const GUIDE: string[] = [
  'List the two or three options you have and what each costs you; the choice is easier on paper.',
  "Ask someone who's done it recently in your situation; general advice online is often out of date.",
  'Check whether there is an official guide or template for this; it saves a lot of guessing.',
  'Try the free, manual way first; if it holds up for a few weeks, you may not need anything else.',
  'Start with the boring basics before anything clever; they cover most of it.',
  'Get everything in writing from the start; it makes every later step easier.',
  'Do it by hand the first couple of times, so you know what matters before you automate anything.',
  "Make a simple checklist the first time and reuse it; you'll refine it as you go.",
  'Read the rules that apply to you first; a lot of forum advice is for a different place or situation.',
  'Take the first one slowly and keep notes; the second goes twice as fast.',
  "Decide what you'd be happy with in a year, then work back to the first step.",
  'Pick one approach and give it a month before judging it; switching every week teaches you nothing.',
  'Older threads here on the same question are worth a read; the replies from people a year in are the useful ones.',
  'Put a rough number on each choice, in hours and in money; gut feeling is bad at comparing them.',
  "Talk to one person who'd tell you not to do it; their reasons are the risks to plan for.",
  'Keep the first version small enough to finish this month; you can build on it once it works.',
  'Separate what has to be decided now from what can wait; most of it can wait.',
  'Ask the people it affects what they need before you set anything up.',
  'Look for a local group or meetup on this; people nearby know the rules and the prices where you are.',
  "Budget for the part nobody mentions, like upkeep or your own time; that's where plans slip.",
  'Write your plan in five lines and post it back here; people will spot the gaps quickly.',
  'Copy what works for someone a step ahead of you, then adjust it once you see your own numbers.',
  "Set a date to review how it's going; without one, small problems pile up unnoticed.",
  "If a professional's hour costs less than a day of your guessing, book the hour.",
  'Keep every receipt, message and agreement in one folder from day one; you will need them later.',
  'Test the idea cheaply first, with one customer, one unit or one month, before you commit to it.',
];

/** Help for a post about something that went wrong: no product, no shopping advice. */
export const DO: { plain: string[]; expert: string[] } = {
  plain: [
    "I'd start by writing down exactly where it goes wrong and when; the fix is usually obvious once it's on paper.",
    'Fix the smallest piece of it first and see whether the rest still hurts.',
    'Change one thing at a time, so you can tell what actually helped.',
    'Set aside an hour this week for the worst part; these things snowball otherwise.',
    'Keep a simple note of each time it happens for a couple of weeks; the pattern usually shows.',
    "Decide what 'fixed' looks like first, so you know when to stop.",
    "If it's costing you hours every week, it's worth an afternoon to set up a proper routine.",
    'Do the same steps the same way every time for a month; consistency fixes more than tools do.',
    'Get the facts in writing before you act; it makes every next step easier.',
    'Look at what changed just before this started; that is usually the cause.',
    "Split it into the part you control and the part you don't, and start with the first.",
    'Undo the last thing that changed before it started, if you can, and see whether it stops.',
    "Search for the exact wording of what you're seeing; someone has usually hit it before.",
    "Write to whoever is on the other side of it, politely and in writing; it's the record you'll want later.",
    'Sort out the urgent part today and the underlying cause next week; doing both at once rarely works.',
    'Ask here again with the exact details, such as numbers, dates and what you see; people can help far more then.',
    "Don't pay to fix it before you know the cause; a cheap check first saves the expensive guess.",
    'Restart from a clean copy or a fresh setup, if you can, to see whether the problem comes with you.',
    'Check the basics that break quietly, such as settings, permissions or a recent update, before anything else.',
    'Ask the other side what they see; half of these problems look different from there.',
    "Note what you've already ruled out; it keeps you from testing the same thing twice.",
  ],
  expert: [
    'Reproduce it first: note the exact steps and what you expected, then change one variable at a time.',
    'Measure before you fix: count or time the problem for a week, so you can tell whether a change helped.',
    'Look for the root cause, not the symptom; keep asking why until the answer is something you can change.',
    'Document the current process step by step; the gaps show as soon as it is written down.',
    'Check the records around the first time it happened; the cause is usually right there.',
    'Separate the one-off cleanup from the recurring fix; they need very different amounts of effort.',
    'Write a checklist for the routine part and review it after a month.',
    'Keep a copy of everything before you change anything, so you can roll back.',
    'Read the official documentation or rules for your case before relying on forum answers.',
    'Estimate what it costs you per month in hours or money; that tells you how much fixing it is worth.',
  ],
};

/** The answer to "is it worth it / should I", without a product. */
export const DECIDE: string[] = [
  'It depends mostly on your numbers: if it saves more time or money than it costs within a few months, yes.',
  "I'd say yes if it fixes something that bothers you every week, and no if it's a nice-to-have.",
  'Try it small first, for a month or on one case; that answers it better than opinions here.',
  'Worth it for some people, not for others; the deciding part is how much of your time it takes now.',
  'If you are unsure, write down the best and the worst case; if you can live with the worst, go ahead.',
  'Most people who regret it skipped the basics first, so check those before deciding.',
  'Ask two people who made the same call a year ago; hindsight answers this better than theory.',
  'Give yourself a date to decide and a way back out; the decision matters less when you can undo it.',
];

/** Beginnings that say a how-to question back ("To get your clients to pay on time, "), before a DO sentence. */
export const HOW: ((slot: string) => string)[] = [
  (s) => `To ${s}, `,
  (s) => `If you want to ${s}, `,
  (s) => `On how to ${s}: `,
  (s) => `When you need to ${s}, `,
];

/** What the author told us, said back with advice for it, by what they asked for. The value fills `v`. */
export const BUDGET: Record<Sold, ((v: string) => string)[]> = {
  software: [
    (v) =>
      `With ${v} to spend, stay on monthly billing until you're sure; a yearly discount isn't worth being locked in.`,
    (v) => `On ${v}, skip the all-in-one plans and pay only for the part you'll use every day.`,
    (v) => `${v} rules out the enterprise tools, which is fine; they would be overkill anyway.`,
    (v) => `You can stay under ${v} by starting on the lowest tier; plenty of people never need more.`,
    (v) => `At ${v}, check what the price becomes after the introductory discount ends.`,
    (v) => `${v} is enough for the simple ones, so don't let anyone upsell you a suite.`,
  ],
  goods: [
    (v) => `At ${v}, a good refurbished or last-generation model usually beats a new entry-level one.`,
    (v) => `With ${v}, put the money into the parts you'll use every day and skip the extras.`,
    (v) => `${v} is realistic; keep a little of it back for the accessories you'll need anyway.`,
    (v) => `For ${v}, watch the seasonal sales; the same model can drop a lot.`,
    (v) => `At ${v}, avoid the cheapest new models; they cut corners on whatever wears out first.`,
    (v) => `Stay firm on ${v}; the step up usually buys things you won't notice.`,
  ],
  service: [
    (v) =>
      `${v} is workable if the scope is tight, so list exactly what you need and ask what each quote covers.`,
    (v) => `With ${v}, ask each quote to list what's included, so you compare like with like.`,
    (v) => `At ${v}, expect a freelancer rather than an agency, which is fine for a clear, small job.`,
    (v) => `On ${v}, pay in two parts, half at the start and half on delivery.`,
    (v) => `For ${v}, agree on a fixed price rather than hourly, so it can't creep.`,
    (v) => `Say ${v} up front; good providers will tell you what they can do for it.`,
  ],
};

/** A team's size ("5 trucks", "7 staff"): per-seat pricing and shared use. */
export const SEATS: Record<Sold, ((v: string) => string)[]> = {
  software: [
    (v) => `With ${v}, check whether pricing is per user; per-seat plans add up quickly.`,
    (v) =>
      `With ${v} sharing it, make sure several people can work in it at once without overwriting each other.`,
    (v) => `For ${v}, the lower tiers are usually enough; just check the user limits.`,
    (v) =>
      `With ${v}, pick something everyone will actually open; a simpler tool everyone uses beats a better one nobody does.`,
    (v) => `${v} is small enough that setup should take an afternoon, not a project.`,
  ],
  goods: [
    (v) => `With ${v}, ask for a price for the lot and make sure they are all the same model.`,
    (v) => `For ${v}, buying one model for everyone makes support and spare parts much easier.`,
    (v) => `At ${v}, ask about a volume discount and a warranty that covers every unit.`,
  ],
  service: [
    (v) => `With ${v}, ask how the price changes with the size of the job.`,
    (v) => `For ${v}, ask for a reference from a client about your size.`,
    (v) => `At ${v}, ask who covers for your contact when they are away.`,
  ],
};

/** A count of things kept ("1,200 clients", "40 units"): limits, import, search. */
export const RECORDS: ((v: string) => string)[] = [
  (v) => `With ${v}, check the record limits on each plan; some cheap plans cap them.`,
  (v) => `At ${v}, ask how the import works before you commit, so you don't type them in by hand.`,
  (v) => `For ${v}, try searching and filtering with all of them loaded, not with the sample data.`,
  (v) => `${v} is where a spreadsheet starts to hurt, so you're right to look.`,
];

/** The tool they use now (`v`: "FreshBooks", "a spreadsheet"; `the`: "FreshBooks", "the spreadsheet"). */
export const CURRENT: ((v: string, the: string) => string)[] = [
  (v) => `Since you're on ${v} now, list what it doesn't do for you and test only that in the others.`,
  (v) => `If ${v} mostly works, fixing the one thing that bothers you may be cheaper than switching.`,
  (v) =>
    `Coming from ${v}, check that your history can be imported; retyping it is what makes people give up.`,
  (v) => `Plenty of people start on ${v} and outgrow it; the sign is working around it every week.`,
  (_, the) => `Before leaving ${the}, export everything from it, even what you think you won't need.`,
  (_, the) => `Keep ${the} for a month after you switch, in case something didn't come across.`,
];

/** What they already tried ("Wave", "searching Google"), for a request and for a problem. */
export const TRIED: { ask: ((v: string) => string)[]; fix: ((v: string) => string)[] } = {
  ask: [
    (v) =>
      `Since you've already tried ${v}, pin down what exactly fell short there; that is your real requirement.`,
    (v) => `You mentioned ${v}; whatever made you drop it is the first thing to test in anything else.`,
    (v) => `Having tried ${v}, you know which gaps matter; ask each option about exactly those.`,
  ],
  fix: [
    (v) => `Since you've already tried ${v}, the next step is finding out why it didn't hold.`,
    (v) => `You mentioned ${v}; if it half worked, I'd adjust it before starting over.`,
    (v) => `Good that you tried ${v} first; it rules out the simple causes.`,
  ],
};

/** A deadline they gave ("next week", "by Friday"). */
export const DEADLINE: Record<Sold, ((v: string) => string)[]> = {
  software: [
    (v) => `Since you need it ${v}, pick something you can set up in a day and revisit later.`,
    (v) => `Needing it ${v} rules out anything with a sales call or a long onboarding.`,
    (v) => `If it has to work ${v}, go with what you can learn in an evening and improve later.`,
  ],
  goods: [
    (v) => `Since you need it ${v}, buy from a shop with stock on hand rather than waiting on a better deal.`,
    (v) =>
      `Needing it ${v}, check delivery times before price; a cheaper one that arrives late doesn't help.`,
  ],
  service: [
    (v) => `Since you need it ${v}, ask each one first whether they can actually start now.`,
    (v) => `Needing it ${v}, keep the scope small enough to finish on time and do the rest after.`,
  ],
};

/**
 * A question back, as a person asks one: for a choice, for help with a problem or a plan, or for either. Each is
 * left out when the post already answered it.
 */
export const ASKS: {
  text: string;
  for?: 'ask' | 'help';
  unless?: 'current' | 'tried' | 'budget' | 'deadline';
}[] = [
  { text: 'What are you using today?', unless: 'current' },
  { text: 'What have you tried so far?', for: 'ask', unless: 'tried' },
  { text: "What's your timeline?", unless: 'deadline' },
  { text: 'Which part takes you the most time right now?' },
  { text: 'Roughly what budget are you working with?', for: 'ask', unless: 'budget' },
  { text: "Happy to say more if you share what you've ruled out.", for: 'ask' },
  { text: 'Any hard limits, like a platform you are tied to?', for: 'ask' },
  { text: 'Who else has a say in the choice?', for: 'ask' },
  { text: 'How many people will use it day to day?', for: 'ask' },
  { text: "What's the one thing it absolutely has to do?", for: 'ask' },
  { text: "Is there anything you've already ruled out, and why?", for: 'ask' },
  { text: 'Is this the main problem, or one of several?', for: 'help' },
  { text: 'What would make you call it solved?', for: 'help' },
  { text: 'Did anything you tried come close?', for: 'help', unless: 'tried' },
  { text: 'When did it start, roughly?', for: 'help' },
  { text: "What's the part you're least sure about?", for: 'help' },
  { text: 'Where are you based? The rules and prices differ a lot by place.', for: 'help' },
  { text: 'How much time can you give it each week?', for: 'help' },
  { text: 'Have you asked anyone who went through the same thing?', for: 'help' },
  { text: 'What does a good outcome look like for you?', for: 'help' },
  { text: 'How are you handling it at the moment?', for: 'help', unless: 'current' },
  { text: 'Is there a deadline you are working against?', for: 'help', unless: 'deadline' },
  { text: 'What would you do if money were no object?', for: 'help' },
  { text: 'Which part feels most urgent to you?', for: 'help' },
];

/**
 * The one product mention: who I am to it and, when the profile says, what it does (`does`: "offers automatic
 * reminders and deposits"), ended another way each time. Only for a post that asks for something the product is.
 */
export const DISCLOSE: ((p: string, does: string | null) => string)[] = [
  (p, d) => `Disclosure: I work on ${p}${d ? `, which ${d}` : ''}, so weigh my view accordingly.`,
  (p, d) => `I work on ${p}${d ? `, which ${d}` : ''}; I'm biased, but it's one to put on the list.`,
  (p, d) => `Full disclosure: I work on ${p}${d ? `, which ${d}` : ''}, in case that is the part you need.`,
  (p, d) =>
    `Disclosure: I work on ${p}${d ? `; it ${d}` : ''}, and I'm happy to answer questions about it here.`,
  (p, d) =>
    `I should say I work on ${p}${d ? `, which ${d}` : ''}; compare it on the same terms as the rest.`,
  (p, d) =>
    `Disclosure: I'm on the team behind ${p}${d ? `, which ${d}` : ''}, so read my advice with that in mind.`,
  (p, d) =>
    `For what it's worth, I work on ${p}${d ? `, which ${d}` : ''}; if you try it, tell me what's missing.`,
  (p, d) => `Bias warning: I work on ${p}${d ? `, which ${d}` : ''}, so check the others too.`,
  (p, d) =>
    `Disclosure: I help build ${p}${d ? `, which ${d}` : ''}; the advice above holds whichever you pick.`,
  (p, d) =>
    `I work on ${p}${d ? `, which ${d}` : ''}, so I'm not neutral; try it only if it matches the list above.`,
];

/** The friendly tone's first sentence: for a request or a question, and for a problem. */
export const WARM: { ask: string[]; fix: string[] } = {
  ask: [
    'Good question, and a common one.',
    "Happy to share what I've seen.",
    'Nice, this is a fun one to figure out.',
    "Glad you're asking before jumping in.",
    'Hope I can help a bit here.',
    "I've been through this one myself.",
  ],
  fix: [
    "Sorry you're dealing with this.",
    "That sounds stressful, but it's fixable.",
    'Been there, and it does get better.',
    "Oof, that's a frustrating one.",
    "You're definitely not alone in this.",
    'Hang in there; this is more common than it feels.',
  ],
};
/** The friendly tone's last words, when there is room. */
export const CHEER: string[] = [
  'Good luck!',
  'Hope that helps!',
  'Rooting for you.',
  'Fingers crossed it goes smoothly.',
  'Let us know how it goes!',
];
