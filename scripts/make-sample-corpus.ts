// Writes sample/corpus.jsonl: the small corpus `npm start` replays with no UPSTREAM set. Every line is made
// here from the templates below (written for this project; nothing is copied from other data; authors are
// made-up pseudonyms). Every post gets its own title. Deterministic: the same script writes the same file.
// Run: node scripts/make-sample-corpus.ts
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

let seed = 20_261_122;
function rand(): number {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
}
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
const chance = (p: number) => rand() < p;
function shuffle<T>(list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** City and the currency its shops talk in. */
const CITIES: [string, string][] = [
  ['Leeds', '£'],
  ['Manchester', '£'],
  ['Bristol', '£'],
  ['Glasgow', '£'],
  ['Cardiff', '£'],
  ['Belfast', '£'],
  ['Dublin', '€'],
  ['Cork', '€'],
  ['Austin', '$'],
  ['Tampa', '$'],
  ['Denver', '$'],
  ['Columbus', '$'],
  ['Phoenix', '$'],
  ['Charlotte', '$'],
  ['Boise', '$'],
  ['Pittsburgh', '$'],
  ['a small town in Ohio', '$'],
  ['rural Georgia', '$'],
  ['Toronto', '$'],
  ['Calgary', '$'],
  ['Halifax', '$'],
  ['Winnipeg', '$'],
  ['Brisbane', '$'],
  ['Perth', '$'],
  ['Auckland', '$'],
];
/** What a shop uses today. */
const CURRENT = [
  'Vagaro',
  'Booksy',
  'Square Appointments',
  'Fresha',
  'Calendly',
  'GlossGenius',
  'Schedulicity',
  'Acuity',
  'a paper book',
  'Google Calendar',
  'Instagram DMs',
];
/** The project's named competitors, for switching and pricing stories. */
const RIVALS = ['Vagaro', 'Booksy', 'Square Appointments', 'Calendly'];
const SHOPS_BY_SUB: Record<string, string[]> = {
  Barber: ['barbershop', 'barber shop', 'barbershop'],
  hairstylist: ['salon', 'salon suite', 'home studio', 'hair salon', 'small salon', 'studio'],
  smallbusiness: ['hair salon', 'barbershop', 'nail studio', 'lash and brow studio', 'salon', 'nail bar'],
  Entrepreneur: ['salon', 'barbershop', 'nail studio', 'beauty studio', 'hair salon'],
};
const SUBS: Record<string, string> = { B: 'Barber', H: 'hairstylist', S: 'smallbusiness', E: 'Entrepreneur' };

interface Details {
  sub: string;
  city: string;
  cur: string;
  shop: string;
  tool: string;
  rival: string;
  rival2: string;
  chairs: number;
  staff: number;
  budget: number;
  old: number;
  new: number;
  pct: number;
  n: number;
}

function details(sub: string): Details {
  const [city, cur] = pick(CITIES);
  const rivals = shuffle(RIVALS);
  const old = pick([29, 35, 40, 45, 55, 60, 75]);
  return {
    sub,
    city,
    cur,
    shop: pick(SHOPS_BY_SUB[sub]!),
    tool: pick(CURRENT),
    rival: rivals[0]!,
    rival2: rivals[1]!,
    chairs: 2 + Math.floor(rand() * 5),
    staff: 2 + Math.floor(rand() * 6),
    budget: pick([20, 25, 30, 35, 40, 45, 50, 60]),
    old,
    new: old + pick([15, 20, 25, 30, 40, 50]),
    pct: 8 + Math.floor(rand() * 22),
    n: 2 + Math.floor(rand() * 9),
  };
}

const fill = (s: string, d: Details) =>
  s.replace(/\{(\w+)\}/g, (_, key: string) => {
    const v = d[key as keyof Details];
    if (v === undefined) throw new Error(`no slot ${key}`);
    return String(v);
  });

/** Reddit typing: some posts lose capitals and apostrophes, pick up shorthand and a typo or two. */
const TYPOS: [RegExp, string][] = [
  [/\bdon't\b/g, 'dont'],
  [/\bI'm\b/g, 'im'],
  [/\bcan't\b/g, 'cant'],
  [/\bdefinitely\b/g, 'definately'],
  [/\bbecause\b/g, 'bc'],
  [/\bthough\b/g, 'tho'],
  [/\breally\b/g, 'realy'],
  [/\bseparate\b/g, 'seperate'],
  [/\bwondering\b/g, 'wonderin'],
  [/\bprobably\b/g, 'prob'],
  [/\bpeople\b/g, 'ppl'],
  [/\bthanks\b/gi, 'thx'],
  [/\byou\b/g, 'u'],
  [/\bweird\b/g, 'wierd'],
];
function casual(text: string): string {
  let out = text;
  for (const [from, to] of shuffle(TYPOS).slice(0, 1 + Math.floor(rand() * 3))) out = out.replace(from, to);
  if (chance(0.5))
    out = out.replace(/(^|[.!?]\s+)([A-Z])(?=[a-z])/g, (_, a, b: string) => a + b.toLowerCase());
  return out;
}

/** [titles (alternatives split by |), body, subreddits (B, H, S, E)]. Slots: {city} {cur} {shop} {tool} {rival} {rival2} {chairs} ... */
type Template = [string, string, string];

/** Real buyers: asking for a tool, comparing named ones, with a budget or a date. */
const BUYERS: Template[] = [
  [
    'Looking for booking software for a {chairs}-chair {shop}|Booking software recs for a small {shop} in {city}?',
    'We are a {shop} in {city} and still take every appointment by phone and Instagram. I want online booking with text reminders so clients can book themselves at 11pm instead of DMing me. What booking software do you use and would you recommend it?',
    'BHS',
  ],
  [
    '{rival} vs {rival2} for a {shop} my size?|Torn between {rival} and {rival2}, opening in {city}',
    'Opening in {city} next month with {chairs} chairs. Narrowed it down to {rival} and {rival2} for online booking. One of them takes a cut of new clients from their marketplace which feels wrong when I bring my own clients. Which would you pick and why?',
    'BSE',
  ],
  [
    '{rival} went from {cur}{old} to {cur}{new} a month. What are you all moving to?|{rival} price hike - where is everyone going?',
    'Got the email this morning. For a {chairs} chair {shop} that is a real chunk of money for what we use, which is basically online booking and reminders. Anyone switched recently and happy with it? Need to decide before the renewal on the 1st.',
    'BHS',
  ],
  [
    'Recommendations for salon software that takes deposits?|Salon software with card-on-file deposits, recommendations?',
    'Our {shop} lost roughly {pct}% of appointments to no-shows last quarter. I want clients to put a card down or pay a small deposit when they book online. Currently on {tool}, which does not do it the way we need. Small team, {staff} stylists.',
    'HSE',
  ],
  [
    'Simplest online booking for my mum who hates apps|Online booking for a 60-something salon owner who hates tech?',
    'My mum has run her {shop} in {city} for 22 years off a paper diary. She is finally open to online booking but it has to be dead simple, big buttons, no 40 settings pages. Any software you would recommend for someone like her? I will set it up for her.',
    'HSE',
  ],
  [
    'Booking link for Instagram bio - what do you use?|What booking link do you put in your Instagram bio?',
    'Solo stylist, {city}. Everyone finds me on Instagram and then I spend my evenings answering DMs about times. I want a booking link in my bio, clients pick a slot, get a reminder text. Under {cur}{budget}/month ideally. What do you use?',
    'H',
  ],
  [
    'Is {rival} worth it for a 2 chair shop?|{rival} for two barbers - worth {cur}{new} a month?',
    'Me and one other barber. {rival} wants {cur}{new} a month once you add the text reminders. We mostly need online booking and something that cuts no-shows. Is it worth it or is there cheaper booking software for tiny shops?',
    'B',
  ],
  [
    'Need appointment scheduling that handles walk-ins AND bookings|Walk-in queue and online booking in one app?',
    'Our {shop} is half walk-in, half booked. Right now the booked clients get bumped when the walk-in line is long and everyone is annoyed. Is there appointment scheduling that shows a live queue next to the booked slots? {staff} barbers, {city}.',
    'BS',
  ],
  [
    'Moving off {tool} - which booking system for booth renters?|Booking system where every booth renter gets their own page?',
    'I own the salon, {staff} stylists rent chairs and each of them wants their own calendar and their own payouts. {tool} made that messy. Looking for salon software where every renter has their own booking page but the front desk sees everyone.',
    'HS',
  ],
  [
    'Anyone using {rival} for a nail studio? considering switching|Nail tech here - is {rival} any good with different service lengths?',
    'Nail tech with {chairs} desks in {city}. Currently on {tool} and the reminder texts cost extra per message. Thinking about {rival}. Does it handle different service lengths well (gel fill vs full set)? Open to other suggestions too.',
    'SE',
  ],
  [
    'Cheapest way to stop double bookings?|Need one calendar clients book into directly - cheapest option?',
    'I double booked two clients again on Saturday because one booked by text and one by phone and I wrote one on the wrong day. Need one calendar that clients book into directly. Budget is small, maybe {cur}{budget} a month. Is there booking software that does just that?',
    'BHS',
  ],
  [
    'Taking over a {shop} in {city} - what booking software should we set up?|Just bought a {shop}, need booking software set up before January',
    'Buying the business from the owner who is retiring. She ran it on {tool} and a lot of goodwill. We want proper online booking, SMS reminders and a way to take deposits for long colour appointments. Plan is to switch in January. What would you set up from scratch today?',
    'SE',
  ],
  [
    'SMS reminders that dont cost per text?|Appointment scheduling with SMS reminders included, not per text?',
    'We send about 600 reminders a month across the {shop}. Our current system charges per SMS on top of the subscription and it adds up. Looking for appointment scheduling with reminders included in the price. Any suggestions?',
    'BHS',
  ],
  [
    'Help me pick: {rival}, {rival2} or something smaller|{chairs} chairs, about {cur}{budget}/mo to spend - which booking software?',
    '{chairs} chairs, {city}, we do about 90 appointments a week. Must have: online booking, deposits, reminders, a simple payout report for the two guys on commission. Budget is around {cur}{budget} a month. {rival} demo looked good but pricey, {rival2} felt cluttered. What else should I look at?',
    'BSE',
  ],
  [
    'Who does online booking well for mobile hairdressers?|Mobile hairdresser: booking software that blocks travel time?',
    'I drive to clients around {city}, so I need travel time between appointments blocked automatically. Tried {tool} and it kept letting people book back to back on opposite sides of town. Is there booking software that gets this right?',
    'HS',
  ],
  [
    'Salon software with a waitlist for cancellations?|Booking software that fills cancellations from a waitlist?',
    'When someone cancels on a Friday I have a list of 5 people who wanted that slot and I text them one by one. Is there salon software that offers the gap to the waitlist automatically? We are a {shop} with {staff} staff.',
    'HS',
  ],
  [
    'Barbers in the UK - what booking app are you on?|UK barbers: {rival} or {rival2} for a new shop?',
    'Opening a {shop} in {city} in the spring. Most guys I know use {rival} or {rival2} but I keep hearing about fees. Want online booking, card on file, and something clients already have on their phone. What are you on and would you pick it again?',
    'B',
  ],
  [
    'Need to replace {tool} before the busy season|{tool} crashed twice this month, need a replacement fast',
    'Had enough of {tool}. It crashed twice in November and clients could not book. Want something reliable with online booking and reminder texts, for {staff} stylists. Looking to move in the next 3-4 weeks so we are settled before December. Budget up to {cur}{budget} a month.',
    'HS',
  ],
  [
    'Appointment scheduling for a {shop} with commission stylists|Any booking software that does commission reports?',
    'Our stylists are on commission and at the end of each week I sit with a spreadsheet working out who did what. Looking for appointment scheduling that ties bookings to the stylist and spits out a commission report. {city}, {staff} stylists.',
    'HS',
  ],
  [
    'What do you use for deposits on long colour appointments?|4 hour balayage no-show. What do you use to take deposits?',
    'Had a 4 hour balayage no-show last week, that is half a day gone. I want online booking where anything over 2 hours needs a deposit. Currently on {tool}. Would love to hear what other colourists use.',
    'H',
  ],
  [
    'Calendly for a barbershop? or is that a bad idea|Can I just use Calendly for my barbershop?',
    'I use Calendly for my side job and thought about just using it for the shop. But it does not seem to do multiple barbers or services with different lengths well. Is there booking software made for barbershops that is as simple as Calendly?',
    'BS',
  ],
  [
    'Quotes for salon software with {staff} staff are all over the place|What is a fair price for salon software these days?',
    'Got pricing from three booking software companies for our {shop} in {city}: one is {cur}{old}/month, one is {cur}{new}, one wants per-staff pricing. We need online booking, reminders and deposits, nothing fancy. What is a fair price to pay for that?',
    'SE',
  ],
  [
    'Switching from {rival} - how painful was it?|Anyone left {rival}? What did you move to?',
    'Thinking of leaving {rival} after the price change. For anyone who switched: what did you move to, did your clients figure out the new online booking link, and did you lose any bookings in the move? We are a {chairs} chair {shop}.',
    'BHS',
  ],
  [
    'Best booking app for a barbershop that wants to stop phone tag|Phone rings all day while we cut - need online booking',
    'Phone rings all day while we are cutting. We miss half the calls and those clients go elsewhere. Want online booking so the phone stops being the only way in. {chairs} barbers, {city}. Open to recommendations.',
    'B',
  ],
  [
    'Lash studio looking for booking software with intake forms|Booking software that sends consent forms before lash appointments?',
    'New clients need a patch test and a consent form before their first set. Right now I email a PDF and chase it. Looking for online booking that sends the form and blocks the appointment until it is back. Small budget.',
    'SE',
  ],
  [
    "Anyone moved from a paper book to online booking recently?|Taking over dad's shop, moving from paper book to online booking",
    'Shop has run on a paper book since 1998. I am taking over from my dad and want online booking with reminders. What did you pick, and how did the older regulars take it? {city}, {chairs} chairs.',
    'BS',
  ],
  [
    'Two locations, one booking system?|Booking software for a second location - same staff, two shops',
    'Opening a second {shop} across town in {city}. Staff float between both. Need appointment scheduling that handles two locations without double booking the same stylist. Currently on {tool} and it cannot. What do multi-site owners use?',
    'SE',
  ],
  [
    'Which booking software has the best no-show protection?|Booking software that actually enforces a no-show policy?',
    'Card on file, cancellation fee, reminders, the lot. I have tried asking nicely and it does not work. Which booking software actually enforces a policy for you? Preferably one where clients do not have to download an app.',
    'BHS',
  ],
  [
    '{rival} alternatives for a kids hair salon?|Kids salon: booking software that books siblings back to back?',
    'We do kids cuts in {city}, parents book 2-3 kids in a row. {rival} makes that awkward. Looking for alternatives where a parent can book back-to-back slots for siblings in one go. Budget about {cur}{budget}/mo.',
    'SE',
  ],
  [
    'Setting up my first suite - booking and payments in one?|Leaving commission for a suite: booking app recommendations?',
    'Leaving a commission salon to rent a suite in {city} in 6 weeks. I need online booking, reminders, deposits and card payments, ideally one app so I am not juggling three. What are suite renters using?',
    'H',
  ],
  [
    'Online booking for a {shop} with mostly older clients|Phone bookings and online booking in one calendar?',
    'Half my regulars are over 65 and will always call. The other half want to book online. Looking for a system where I can add phone bookings in 2 taps and the rest book online, all in one calendar. Any recommendations?',
    'BHS',
  ],
  [
    'What are you paying for salon software in {city}?|How much do you pay for booking software? ({chairs} chairs)',
    'Trying to budget for next year. We are a {chairs} chair {shop} on {tool}. How much do you pay a month for online booking and reminders, and what do you use? Thinking of changing and want to know what is normal.',
    'HSE',
  ],
  [
    'Barbershop owners: Booksy or Square Appointments in 2026?',
    'Finally leaving the chain and opening my own place in {city} with {chairs} chairs. Every barber I ask says something different. I care about: clients booking online without an app, no fee on clients I bring myself, deposits for new clients. Which one and why? Or something else entirely?',
    'B',
  ],
  [
    'Nail salon needs booking software that understands 2 techs on one client',
    'Mani-pedi combos: two techs, one client, same time. Our current setup ({tool}) cannot book that without a workaround. Looking for online booking that handles it. {staff} techs, {city}. Budget up to {cur}{budget} a month, will pay more if it actually works.',
    'SE',
  ],
  [
    'ok what booking app do yall use for a home studio',
    'i do hair out of my garage studio, mostly braids and silk presses, 4-6 hour appointments. people book and then ghost me. i need deposits non refundable and a way to block whole days. dont need anything fancy, just cheap. pls help',
    'H',
  ],
  [
    'Replacing our receptionist with online booking - good idea?',
    'Our part time receptionist is leaving and honestly most of her job was answering the phone and moving appointments. Thinking of putting that money into proper online booking with SMS reminders instead. {staff} stylists in {city}. Which software would you trust to run the diary on its own?',
    'HSE',
  ],
  [
    'Cheaper than Vagaro for a solo stylist?',
    'Solo, one chair, {city}. Vagaro does everything but I use maybe 10% of it and the add-ons keep creeping up. I need: online booking, reminders, deposits, and that is it. What are other solo stylists paying less for?',
    'H',
  ],
  [
    'Need booking software in the next 2 weeks - shop opens on the 15th',
    'Keys on the 10th, doors open on the 15th. {chairs} chairs, {shop} in {city}. I have left booking to the last minute (I know). Looking for something I can set up in a weekend: online booking, services with different lengths, reminders. Budget about {cur}{budget}/mo. Go.',
    'BS',
  ],
  [
    'Booking app that texts the client when I am running late?',
    'I run 15-20 min behind on busy days and clients get annoyed sitting in the waiting area. Is there appointment scheduling that can text the next client "running 15 late" with one tap? Currently on {tool}, happy to switch for this.',
    'BH',
  ],
  [
    'Spanish + English booking page for our salon?',
    "Half our clients in {city} prefer Spanish. Our booking page is English only and the older clients just call instead. Is there salon software with a bilingual online booking page and reminders in the client's language?",
    'HS',
  ],
  [
    'Does Square Appointments handle deposits properly?',
    'Already use Square for card payments at the {shop}, so Square Appointments seems like the obvious move. But I read deposits are fiddly. Anyone using it for deposits with online booking? If not, what are you using instead?',
    'BHS',
  ],
  [
    'Our booking software went down on a Saturday. Time to switch. Suggestions?',
    'Four hours on a Saturday where nobody could book or see the diary. Front desk was writing on the back of receipts. We are a {shop} with {staff} staff in {city}. Want something reliable, with online booking, reminders and deposits. Not {tool} again.',
    'HSE',
  ],
  [
    'Is there booking software that does tips + booking for barbers?',
    'Want clients to book online, pay at the end and tip on the same screen, and each barber to see their own tips. {chairs} barbers in {city}. Looking at {rival} but open to other options.',
    'B',
  ],
  [
    'Calendly feels wrong for a salon, what should I use instead?',
    'I set up Calendly for my small salon as a quick fix. It works for one person, but now I have hired a second stylist and it is falling apart (no services, no deposits). What do salons use instead? Budget {cur}{budget}/month.',
    'HS',
  ],
  [
    'Best booking setup for a barbershop with a cash-only crowd?',
    'Lots of our clients pay cash and do not want to put a card in. I still want online booking and text reminders to cut no-shows, just without forcing card details. Is there booking software that lets deposits be optional per client?',
    'B',
  ],
  [
    'Moving 800 clients off Booksy - which system makes import easy?',
    'Decided to leave Booksy. 800 clients, years of notes and colour formulas. Which booking software has a decent import so I do not lose the history? Want to do it in the quiet week after New Year.',
    'HS',
  ],
];

/** The pain, without shopping: venting, stories, asking for sympathy or policy advice. */
const PAIN: Template[] = [
  [
    'Third no-show this week and its only Wednesday|Another no-show. Regular of 6 years. No text.|rant: no-shows since Monday',
    'Rant. Three no-shows since Monday, one of them a regular of 6 years. No text, nothing. I run a {shop} in {city} and that is real money. Just needed to vent to people who get it.',
    'BH',
  ],
  [
    'Double booked myself twice this month, feel like an idiot|Two clients, one chair, same time. Again.',
    'Clients text, DM, call, and I write it all in my book. Twice this month two people turned up for the same slot. Both were nice about it but I was mortified. Does anyone else have weeks like this?',
    'BH',
  ],
  [
    'How do you tell a regular they need to pay a deposit now?|Regular keeps no-showing, how do I bring up a deposit?',
    'Regular of {n} years has no-showed three times since summer. I like her but I am losing money. How do you word it without losing her?',
    'BH',
  ],
  [
    'Phone tag is eating my lunch breaks|Missed calls while cutting = missed clients',
    'Every break I call back the people I missed while cutting. Half do not pick up, then they call while I am mid fade. I know, I know. Just tired of it.',
    'B',
  ],
  [
    'The {rival} price increase email ruined my morning|{rival} now wants {cur}{new} a month from me. Not happy.',
    'Opened my laptop to a {cur}{new}/month bill from {rival}. I have been with them since I opened. Not switching right now, just annoyed that small shops always get squeezed first.',
    'BHS',
  ],
  [
    'Walk-ins vs appointments - the eternal fight in our shop|Our barbers cant agree on walk-ins',
    'Two of our barbers want appointments only, two love walk-ins. Every Saturday someone is unhappy. No real question, curious how your shops settled it.',
    'B',
  ],
  [
    'Lost a whole Saturday to a double booking mess|Worst Saturday of the year, thanks to a double booking',
    'Our front desk girl and I both booked the 10am slot for {n} different people. Spent the day apologising and shuffling. We fixed our process since but wow what a day.',
    'HS',
  ],
  [
    'No-shows are worse since summer, anyone else?|Is it just me or are no-shows up this year?',
    'Seems like more people just do not turn up since about July. {pct}% of my book last month. Wondering if it is the economy or just me.',
    'BHS',
  ],
  [
    'Client blamed my reminder text for her missing the appointment',
    'She said the reminder came "too early" so she forgot. It went out 24h before. You cannot win lol.',
    'H',
  ],
  [
    'Booth renter keeps taking bookings outside the system|Renter books on her own phone and we keep double booking her chair',
    'One of my renters books her clients on her personal phone so they never show on the shop calendar and the front desk double books her chair. We have talked twice. Frustrated.',
    'HS',
  ],
  [
    'Charged my first no-show fee today and felt terrible',
    'Policy has been on the wall for a year. First time I actually charged it ({cur}25). She paid without a word. Why do I feel like the bad guy?',
    'BH',
  ],
  [
    'Anyone else losing clients to the shop with online booking down the road?',
    'New place opened 2 streets over, you can book from your phone at midnight. A few of my regulars have drifted. I still run a phone line and a paper book in {city}. Not ready to change yet but it stings.',
    'BS',
  ],
  [
    'Six years in and I still hate the admin side|Love cutting, hate the admin',
    'Cutting hair: love it. Chasing confirmations, moving appointments around, answering "do you have anything Saturday" 40 times a week: hate it. That is all.',
    'BH',
  ],
  [
    'Texting every client the night before is a part time job|30 reminder texts a night by hand',
    'I do it by hand from my personal phone, about 30 texts a night. It works, no-shows are low, but my partner is sick of me on my phone at dinner.',
    'BH',
  ],
  [
    'Vagaro texts went up again and I am just tired',
    'Not switching, do not have the energy this month. Just annoyed that every year the reminders cost a bit more and the {shop} does not make a bit more. Anyone else feel stuck?',
    'BHS',
  ],
  [
    'Client no-showed then left me a bad review for charging the fee',
    'Policy was clear, she agreed to it when she booked online. Now a 1 star saying we are greedy. Replied politely. Still stings.',
    'BHS',
  ],
  [
    'My commission stylists vs my booth renters, the admin is killing me',
    'Half my team is on commission, half rent. Two sets of rules, two sets of bookings, one of me. Not looking for software advice, just had a long week.',
    'HS',
  ],
  [
    'Deposits scared off new clients?',
    'Started asking for a {cur}20 deposit on first visits in {city}. No-shows dropped but new bookings dropped too. Wondering if that is just the trade-off.',
    'BH',
  ],
  [
    'Saturday walk-in line out the door, appointments running 40 min late',
    'Great problem to have I guess. But the booked guys were furious and one walked out. We will figure it out. What a day.',
    'B',
  ],
];

/** Sellers and promoters: they use the same words but are not buyers. */
const SELLERS: Template[] = [
  [
    'I built a booking app for barbers - would love feedback|Barber turned developer: I built my own booking app, feedback please',
    'Cut hair for 8 years, then learned to code. I built a booking app with online booking, reminders and no-show tracking. Looking for beta testers, free for the first year. Feedback on the pricing page especially welcome.',
    'BSE',
  ],
  [
    '[Offer] I will set up your salon software for free this month|[Offer] Free migration off {rival} for salons this month',
    'I am a consultant who sets up online booking for salons and barbershops. Moving off {rival}? I will migrate your clients and services for free this month. Comment or PM me for details.',
    'SE',
  ],
  [
    'Just launched: appointment scheduling built for stylists|We just launched our booking app for hairstylists (50% off for early adopters)',
    'After a year of building we just launched. Online booking, smart reminders, deposits. Early adopters get 50% off for life with the promo code in my profile. Check it out and tell me what you think!',
    'HSE',
  ],
  [
    'Feedback on my salon booking app landing page?|Roast my landing page: no-show app for salons',
    'Solo founder here. My app helps salons cut no-shows with automatic deposits. Would love feedback on my landing page, does it explain itself in 5 seconds? Link in comments.',
    'SE',
  ],
  [
    'We made a {rival} alternative with no per-booking fees|Introducing a flat-price booking platform for barbers (early access)',
    'Our team is launching a booking platform for barbershops, flat price, no marketplace cut. Looking for 20 shops for early access. Sign up here and we will onboard you personally.',
    'BSE',
  ],
  [
    'Validating my idea: no-show insurance for salons',
    'I am validating an idea: salons pay a small fee and we cover lost revenue from no-shows. Would you pay for this? What would it need to do? Not selling anything yet, just looking for early adopters to talk to.',
    'SE',
  ],
  [
    'Looking for salon owners to beta test our booking software|Beta testers wanted: online booking for 1-5 chair shops',
    'We are a small team building online booking with SMS reminders for 1-5 chair shops. Looking for beta testers in the US, UK and Canada. Free during beta, you just need to give us feedback once a week.',
    'HSE',
  ],
  [
    'Shameless plug: my free no-show calculator for barbershops|[Offer] Free calculator: what no-shows cost your shop (I made it)',
    'Shameless plug, but useful I hope. Made a little calculator: put in your chairs, prices and no-show rate and it tells you what you lose a year. Free, no email needed. I also run a booking app but the calculator is free forever.',
    'BSE',
  ],
  [
    'I am the founder of a booking tool for nail techs, AMA',
    'Hi all, I am the founder of a small booking app for nail techs. Happy to answer anything about online booking, deposits, reminder timing, or running a tiny SaaS. Ask away.',
    'SE',
  ],
  [
    'How I grew my salon booking SaaS to 300 shops',
    "Two years ago I built a simple booking tool for my sister's salon. Today 300 shops use it. Lessons learned: salon owners hate contracts, love SMS reminders, and will tell you exactly what is broken. Happy to share more, check out my profile.",
    'E',
  ],
  [
    'Thoughts on my app? Booksy style booking but for tattoo and piercing studios',
    'We built a booking platform for tattoo studios: deposits, consult forms, artist calendars. Looking for feedback from anyone who runs a studio or a salon, happy to give free access.',
    'SE',
  ],
  [
    '[Offer] Done-for-you Instagram booking setup for barbers',
    'I offer a done-for-you setup: Instagram bio link, online booking page, automated reminders. Rates start at {cur}99 one-off. PM me for examples of shops I have done in {city}.',
    'B',
  ],
  [
    'Our booking app now sends WhatsApp reminders - free trial|New: WhatsApp reminders in our salon booking app',
    'Quick update for salon owners: we added WhatsApp reminders, which get read far more than SMS in our tests. 30 day free trial, no card needed. Link in my profile.',
    'HSE',
  ],
  [
    'Looking for a technical co-founder for salon scheduling startup',
    'Ex-salon manager, 12 years. I have 15 salons ready to pay for a booking system that fixes commission reporting. Looking for a technical co-founder, equity split negotiable.',
    'E',
  ],
  [
    'I made a Chrome extension that turns Instagram DMs into bookings',
    'Built this for my girlfriend who does lashes: it reads booking requests in your DMs and drops them into a calendar. Looking for 10 beta testers, free, just want honest feedback on whether it is useful.',
    'SE',
  ],
  [
    '[Offer] Booking website + SMS reminders for barbers, {cur}25/mo',
    'We offer a simple booking website for barbershops with SMS reminders included. No contracts, set up in a day. PM me for a demo or sign up at the link in my profile.',
    'B',
  ],
  [
    'Feedback on our pricing? Salon scheduling app, per-chair vs flat',
    'We are a small startup making appointment scheduling for salons. Trying to decide between {cur}9 per chair or a flat {cur}39. Salon owners: which would you rather see? Honest feedback on our pricing page appreciated.',
    'E',
  ],
  [
    'We just launched AI reminder calls for salons - early access open',
    'Our tool calls clients the day before in a natural voice and moves the booking if they cannot make it. Just launched, early access is free for 30 days. Check it out, link in comments.',
    'SE',
  ],
];

/** How-to, advice and general discussion: on topic, but nobody is shopping. */
const HOWTO: Template[] = [
  [
    'My cancellation policy after 10 years, for anyone writing one',
    'Sharing what worked at my {shop}: 24 hour notice, second no-show means you prepay, third means we part ways. Put it on the wall, on the booking page and in the confirmation text. Clients respected it more than I expected.',
    'BH',
  ],
  [
    'How do you split walk-ins and appointments on a Saturday?|Walk-in chair until 2pm - how do other shops do it?',
    'We keep one chair for walk-ins until 2pm, then appointments only. Works ok. Curious how other shops split it, especially with {chairs}+ barbers.',
    'B',
  ],
  [
    'Guide: moving your client list when you change booking software',
    'Did this twice now. Export the client list as CSV first, clean up phone numbers into one format, check for duplicates, and tell clients a week ahead with the new link. Took me an afternoon the second time.',
    'HS',
  ],
  [
    'Booth rent vs commission in {city} - what is normal now?',
    'Discussion: we are thinking about moving from commission to booth rent. What are you paying or charging per week in {city}? And who pays for the booking system in your shop, the owner or the renters?',
    'HS',
  ],
  [
    'Pricing balayage by time instead of by service|Switched to hourly pricing for colour, a year later',
    'I switched to hourly pricing with a consultation first. Took regulars a few months to adjust but my Saturdays are way less chaotic and I stopped undercharging for long sessions.',
    'H',
  ],
  [
    'What do you put in your reminder text? Sharing mine|Reminder text wording that cut our no-shows',
    '"Hi Sam, see you tomorrow at 2:30 at the shop. Need to move it? Reply R and we will find a new time." Short, friendly, gives them an easy out instead of a no-show. What does yours say?',
    'BH',
  ],
  [
    'How long before an appointment do you send reminders?|24h or 48h reminders? our numbers',
    'Testing 48h vs 24h vs morning-of. So far 24h plus a 2 hour nudge gets the fewest no-shows for us. Anyone else tracked it?',
    'BHS',
  ],
  [
    'Deposits: percentage or flat fee?|Flat deposit or percentage for long appointments?',
    'For those who take deposits on online booking: do you charge a percentage of the service or a flat {cur}20? Flat seems simpler to explain but feels wrong on a {cur}200 colour.',
    'HS',
  ],
  [
    'PSA: check your booking page on a phone|PSA: my booking page was broken on iPhone for two weeks',
    'Realised my online booking page was broken on iPhones for about two weeks. Nobody told me, they just did not book. Test it yourself every so often.',
    'BHS',
  ],
  [
    'How to handle a client who is always 20 minutes late|Client is late every single time. Charge, shorten or book her last?',
    'Not a no-show, just late every single time, and it pushes my whole afternoon. Do you shorten the service, charge, or book her last?',
    'BH',
  ],
  [
    'What I learned running a {shop} for a year',
    'Lessons learned: raise prices sooner than you think, get clients off DMs and onto one booking channel, keep one afternoon a week for admin, and do not hire your friends. Happy to answer questions.',
    'SE',
  ],
  [
    'How do you keep your Google Business profile updated?|Is posting on Google Business worth an hour a week?',
    'Does anyone bother posting updates on Google? I have had a few new clients say they found us on Maps. Wondering if it is worth an hour a week.',
    'S',
  ],
  [
    'Should barbers take tips on card?|Tips on the card reader - tacky or smart?',
    'Discussion for shop owners: we started offering tips on the card reader and tips went up a lot. Some of the older guys think it is tacky. Thoughts?',
    'B',
  ],
  [
    'How do you price a {chairs}-chair shop for sale?',
    'Thinking about selling in a few years. Is it revenue multiple, equipment plus client list, something else? Would love to hear from anyone who bought or sold a {shop}.',
    'BSE',
  ],
  [
    'Tips for getting clients to actually use online booking|How we got regulars to stop calling and book online',
    'We added online booking last year and half our clients still call. What helped: putting the link in every receipt, a QR code at the mirror, and politely saying "easiest is to book online" on the phone. Took about 3 months.',
    'BHS',
  ],
  [
    'How do you deal with late cancellations from friends and family?|Family cancelling last minute and expecting a free pass',
    'Family members cancel last minute and expect me not to mind. Policy applies to everyone in theory. How do you handle it without a family row?',
    'BH',
  ],
  [
    'Hiring your first barber: what I wish I knew|Things I wish I knew before hiring my first barber',
    'Trial shifts are everything. Watch how they talk to clients, not just the cut. Agree on commission, tools and how bookings are split before day one.',
    'B',
  ],
  [
    'Does anyone else block a buffer between appointments?|10 minute buffers changed my whole day',
    'I added 10 minutes between every appointment and suddenly I am not running late all day. Lose maybe one slot a day but my stress is way down. Curious if others do this.',
    'BH',
  ],
  [
    'How do you track which marketing actually brings clients in?|"How did you hear about us" is my whole marketing dashboard',
    'I ask every new client "how did you hear about us" and write it down. Instagram wins, then Google, then walk-past. Anyone do anything smarter than that?',
    'SE',
  ],
  [
    'What is a fair no-show fee?|No-show fee: how much is too much?',
    'Discussion: 50% of the service, 100%, flat fee? We are a {shop} in {city} and thinking about {cur}15 for cuts and half for colour. Too harsh?',
    'BHS',
  ],
];

/** Off topic for this project, in the same subreddits. */
const OFFTOPIC: Template[] = [
  [
    'Best clippers under {cur}150?|My Wahl died after 6 years, what cordless clippers now?',
    'My Wahl finally died after six years. Looking at cordless ones for fades. Opinions?',
    'B',
  ],
  [
    'Foil shaver recommendations for bald fades|Going through shaver foils every month, normal?',
    'Going through foils way too fast. Which shaver are you using that lasts?',
    'B',
  ],
  [
    'Wrist pain after long days - what helped you?|Barbers with wrist pain, what actually helped?',
    'Eight years behind the chair and my right wrist is killing me by 4pm. Stretches? Brace? Different grip?',
    'BH',
  ],
  [
    'Razor bumps on a regular, any product that helps?|Client gets razor bumps after every line up',
    'Client gets bad bumps after every line up. I have tried a cold towel and witch hazel. What do you use?',
    'B',
  ],
  [
    'First day at a new shop tomorrow, nervous|Starting at an independent shop tomorrow, any advice?',
    'Moving from a chain to an independent shop in {city}. Any advice for settling in with the other barbers?',
    'B',
  ],
  [
    'Taper vs fade - how do you explain the difference to clients?|Clients saying fade when they mean taper',
    'Half my clients say fade when they mean taper. How do you clear it up without sounding condescending?',
    'B',
  ],
  [
    'Best way to clean and oil blades between clients|How often do you oil your blades?',
    'New barber here, the older guy at my shop says I oil too much. How often do you actually oil?',
    'B',
  ],
  [
    'Color formula for stubborn grays at the temples|Resistant grays still see-through with 6N/20vol',
    'Client with resistant grays. Using a 6N with 20 volume and still getting see-through coverage. Pre-soften?',
    'H',
  ],
  [
    'Toner turned out too ashy, how to fix?|Warm beige blonde came out grey, help',
    'Client wanted a warm beige blonde and it went grey-ish. Rinse it, or tone again with something gold?',
    'H',
  ],
  [
    'Stylists with eczema on their hands - what gloves?|Cracked hands every winter from shampooing',
    'My hands crack every winter from shampooing all day. What gloves do you use that do not make you sweat?',
    'H',
  ],
  [
    'Is a cosmetology license worth it at 34?|Starting hair school in my 30s?',
    'Thinking of a career change from retail. Is it realistic to start hair school in my 30s in {city}?',
    'H',
  ],
  [
    'How do you deal with a client who shows photos of a totally different hair type?|Inspo photo vs the hair she actually has',
    'Client wants the look from a photo, but her hair is fine and straight and the photo is thick and curly. How do you manage expectations?',
    'H',
  ],
  [
    'Curly cuts: dry or wet?|Anyone switch from wet to dry cutting for curls?',
    'Getting more curly clients and I was taught wet. Anyone switched to cutting dry and never looked back?',
    'H',
  ],
  [
    'Best salon chair brand that does not fall apart?|Hydraulic styling chairs keep dying, which brand lasts?',
    'Two of our hydraulic chairs died in a year. What brand are you using that lasts?',
    'HS',
  ],
  [
    'Bleach burn on a client - what now?|Client irritated after bleach touch-up, what do I do',
    'Mild irritation at the hairline after a bleach touch-up, client is upset. How do you handle it with her and what do I do next time?',
    'H',
  ],
  [
    'LLC or sole proprietor for a weekend side business?|Do I need an LLC for a weekend side hustle?',
    'Starting a small candle business on weekends in {city}. Is an LLC worth it at the start or can I wait until I have revenue?',
    'SE',
  ],
  [
    'How did you find your first 10 customers?|Friends bought, now silence. How to get real customers?',
    'Launched a meal-prep service last month. Friends and family bought, now it is quiet. What actually worked for you?',
    'SE',
  ],
  [
    'Hiring my first employee - payroll tools for two people?|First hire! What do you use for payroll?',
    'Finally hiring for my print shop. What payroll tools are you using for one or two employees?',
    'S',
  ],
  [
    'How much do you set aside for quarterly taxes?|Quarterly estimated taxes: how much are you saving?',
    'First year running my own thing. Accountant says 25-30%. What do you actually put aside?',
    'SE',
  ],
  [
    'Landlord wants a 5 year lease on my {shop}, is that normal?',
    'Current lease ends in March. Landlord in {city} wants 5 years with a 4% yearly increase. Is that standard for a small retail unit?',
    'BS',
  ],
  [
    'Business insurance jumped {pct}% this year',
    'Same coverage, no claims, and the renewal came in {pct}% higher. Is everyone seeing this or should I shop around?',
    'S',
  ],
  [
    'How do you handle a bad Google review that is fake?|Fake 1-star review from someone who never came in',
    'Someone left a 1-star review and we have no record of them ever coming in. Flagged it, nothing happened. What worked for you?',
    'SE',
  ],
  [
    'Accountant for a tiny business - worth it?',
    'Revenue under {cur}80k. Doing my own books in a spreadsheet. At what point did you hire an accountant?',
    'SE',
  ],
  [
    'Is it worth opening a second location in this economy?',
    'Coffee shop doing well in {city}, a unit came up two streets over. Part of me says go, part of me says wait a year.',
    'SE',
  ],
  [
    'Quit my job to go full time on my Etsy shop. Month 3 update|Three months full time on Etsy: update',
    'Revenue is up, sleep is down. Biggest surprise is how much time goes on customer emails. Not asking anything, just sharing.',
    'E',
  ],
  [
    'What book actually changed how you run your business?|Practical business books, not hustle porn?',
    'Looking for something practical, not a hustle book. What changed how you actually work day to day?',
    'E',
  ],
  [
    'Cofounder wants to take a salary already, thoughts?|Too early to pay ourselves?',
    'We make about {cur}4k a month in revenue. My cofounder wants to start paying us both. Is that crazy this early?',
    'E',
  ],
  [
    'How do you stay motivated when sales are flat?|Four months of flat sales, how do you keep going?',
    'Month four of flat sales on my candle brand. Anyone been through this and come out the other side?',
    'E',
  ],
  [
    'Dropshipping in 2026, is it dead?|Is anyone actually making money dropshipping?',
    'Every video says it is dead, then the next one says it made someone rich. Anyone here actually doing it profitably?',
    'E',
  ],
  [
    'Best way to learn basic bookkeeping?|Where did you learn bookkeeping basics?',
    'I run a small cleaning company in {city} and want to understand my own numbers. Course, book, YouTube?',
    'SE',
  ],
  [
    'My employee keeps showing up late, how to address it?|Great employee, always late. How do I raise it?',
    'Good worker, great with customers, late three times a week. I have mentioned it casually. How do I have the real talk?',
    'S',
  ],
  [
    'Website builder for a bakery?|Simple website for a small bakery?',
    'Small bakery in {city}, just need a page with hours, menu and photos. Squarespace, Wix, or something else?',
    'S',
  ],
  [
    'Card reader fees are eating my margin|Lowest fee card reader for small tickets?',
    'Food truck, lots of small transactions. The per-tap fee is killing me on {cur}4 coffees. What reader has the lowest fees for tiny tickets?',
    'S',
  ],
  [
    'Got my first wholesale order!|Small win: first wholesale order for my hot sauce',
    'After a year of farmers markets a local shop ordered 200 jars of my hot sauce. Small win but I am pumped.',
    'SE',
  ],
  [
    'How do you price custom furniture?|Pricing handmade tables - materials plus hours too low?',
    'I build tables in my garage. Materials plus hours feels too low compared to what I see online. How do you price?',
    'SE',
  ],
  [
    'Is a podcast worth it for a local business?|Podcast for a plumbing business, worth it?',
    'My friend says I should start a podcast about the plumbing trade. Sounds like a time sink. Anyone done it?',
    'E',
  ],
  [
    'Renting equipment vs buying for a new landscaping business|Rent or buy mowers for my first season?',
    'Starting in spring. Mowers and trimmers are pricey. Rent for the first season or buy used?',
    'S',
  ],
  [
    'Shampoo bowl back pain fix?|Clients complaining about their neck at the shampoo bowl',
    'Clients keep complaining about their necks at the bowl. Is it the bowl, the chair or the way I recline them?',
    'H',
  ],
  [
    'Beard oil brands your clients actually buy?|Which retail products actually sell at the front desk?',
    'Want to stock a couple of retail products at the front. Which beard oils sell, not just look nice on the shelf?',
    'B',
  ],
  [
    'Flat top on a 70 year old regular - tips?|Tips for a proper flat top?',
    'Old school client wants a flat top like the 60s. I have done maybe two ever. Any tips on getting it level?',
    'B',
  ],
  [
    'Our street is getting dug up for 3 months, how to survive?',
    'Council is replacing the pipes outside our café in {city}. Footfall is already down. Anyone been through roadworks like this?',
    'S',
  ],
  [
    'Partner wants out of the business, how do we value her half?|Business partner leaving, how to value her share?',
    'Five years in, she wants to move abroad. Neither of us knows how to put a number on her share.',
    'SE',
  ],
  [
    'Balayage on dark hair without going orange|Caramel balayage on level 3 without brass?',
    'Client is a level 3 and wants caramel. What lightener and toner combo are you using to avoid brass?',
    'H',
  ],
  [
    'Do you wear shoes with arch support behind the chair?|Best shoes for 10 hour days behind the chair?',
    'Ten hour days on a hard floor. My feet are done. Which shoes do you swear by?',
    'BH',
  ],
];

/**
 * Comments under posts: buyers chiming in, sellers pitching, and plain replies. Each line is written once for one
 * voice and one concern (price, deposits, renters, walk-ins, imports ...); the draw below uses every line of a
 * pool before any line a second time, so the corpus does not repeat a comment with only its numbers changed.
 */
/** Buyers replying to someone else's request: the same need with their own twist. Only under buyer posts. */
const COMMENT_BUYER_FOLLOWUP = [
  'Commenting to come back to this. We are a {chairs} chair {shop} and I have to pick booking software before our lease renewal, so the answers here are gold.',
  'Same situation but with a twist: half my clients only speak Spanish. Anyone know online booking where the reminder texts can go out in two languages?',
  'OP did you get anywhere with this? I trialled two last month and hated both. Still need online booking my older clients can actually use.',
  'following bc I need the exact same thing for my nail bar, except it also has to handle 2 techs on one client. if anyone has a name pls share',
  'Not OP but we are in {city} and ready to switch this month. Biggest thing for me is importing about 1,200 clients from {rival} without retyping them. Which booking software did that well for you?',
  'Adding to this: is there salon software where booth renters pay for their own seat and I only pay for the front desk login? My renters keep asking.',
  'Would love an update on what you chose. Our card processor already takes close to 3% and I want online booking where the deposit is not another cut on top of that.',
  'Same question from a barbershop with 3 locations. Barbers move between shops during the week and our calendar cannot cope. What appointment scheduling do multi-shop owners run?',
  'ugh same. {cur}{budget} a month is my ceiling, is there anything decent for online booking in that range or am I dreaming',
  'Please post what you decide! About to leave {rival} myself and my one must-have is reminders that are not billed per text.',
  'Tagging onto this since it is the same problem: walk-ins should join a queue from a tablet at the door while booked clients keep their slot. Any booking software do both?',
  'Bumping. {staff} barbers in {city}, we lose maybe 5 appointments a week to no-shows and I want a card on file at booking. Who does that without a huge monthly fee?',
  'Also looking. Specifically: each stylist sees only their own calendar on their phone, I see everyone. Is that standard in salon software or a premium add-on?',
  'Following. Second location opens in spring and I do not want two separate systems. Who does online booking across two shops properly?',
  'Interested too. Our problem is new clients booking a 30 min slot for what turns out to be a 2 hour colour. Need online booking that forces a consult first, any recommendations?',
  'How did people move their regulars over when they switched? I am scared the switch costs me more bookings than the no-shows do.',
  'Did anyone answer by DM? I would like to know too. Need appointment scheduling for a mobile lash business, travel time between clients is the deal breaker.',
];
/** Buyers who say what they need in their own words, under any thread on the topic. */
const COMMENT_BUYER = [
  'Slightly off topic but this reminded me: we need online booking that asks new clients for a deposit and lets regulars book free. Does anything do that out of the box?',
  'This is why I need booking software. Coffee went over the paper diary on Saturday and I lost a whole week of appointments. Budget about {cur}{budget}/mo, what would you recommend?',
  'genuinely asking, i need the cheapest salon software that does sms reminders for one chair. {rival} is way overkill for me. recs?',
  'Reading this in the back room after another no-show. Ok, convinced. I need online booking with a card on file. What are you all using in {city}?',
  'Looking for booking software that pays renters directly. We have {staff} booth renters and each one wants their own payouts. Any rental salon owners have a recommendation?',
  'Question for the deposit people: which online booking keeps the deposit automatically when someone no-shows, so I am not fighting a chargeback?',
  'Comparing booking software this week and card fees keep coming up. What does yours take per transaction? Need to pick one before our renewal.',
  "Has anyone moved off {rival} in the last few months? I'm on {cur}{old}/mo and they want {cur}{new} from March. I need online booking and reminders, that's literally it.",
  "we're a walk-in shop and need appointment scheduling for the evening slots only. any recommendations for something that lets you open just certain hours?",
  'My reminder texts go out from my personal phone at 10pm. I know. Looking for online booking that sends them for me, {chairs} chairs, happy to pay.',
  'Can anyone recommend salon software with a waitlist that actually works? Friday cancellations kill us and I spend the morning texting people one at a time.',
  'We need appointment scheduling where the front desk sees all {staff} stylists but each stylist only sees their own book. Ours shows everyone everything. Which one does that?',
  'Moving my {shop} to online booking in January and still need to pick one. Must haves: import from a spreadsheet, deposits on anything over 90 minutes, texts not emails. Which would you go with?',
  'Weighing {rival} against {rival2} after reading this. If you have used both, which one cut your no-shows more, the fee or the reminders?',
  'Our receptionist left and the phone just rings out now. I need online booking this week, budget {cur}{budget}/mo. Which one can I set up over a weekend?',
  'Half my clients are Polish, half English. Is there salon software that sends reminders in the language the client picked?',
  'For those on {rival2}: were the card fees worth it? I am about to sign up, our no-shows are at {pct}% and I need deposits of some kind.',
  'Which online booking would you recommend for a 60 year old owner who has never used a computer at work? Asking for my aunt, I will be the one setting it up.',
  'Lash tech here. I want one booking software instead of three apps (a calendar, a form tool and a payment link). Budget {cur}{budget}. Recs?',
  'Not to hijack, but does anyone know booking software that handles group bookings? Bridal parties of six are a nightmare to sort by text.',
  'Kids salon owner. Looking for online booking where a parent books three kids back to back in one go. Everything I tried makes them do it three times. Any recommendations?',
  'The walk-in vs appointment fight is exactly why I want a new system. Anyone using online booking that shows a live wait time on the website?',
  'Related: I want the no-show fee charged automatically and {rival} will not do it on my plan. What are you using that can?',
  'ok this thread did it. which booking software should I sign up for? budget is {cur}{budget}/mo and I want it running before Saturday',
  'Need online booking where my own regulars never cost me a marketplace cut. {rival} takes one and it adds up. What are you on?',
  'Does anyone have online booking that puts a 10 minute beard trim and a 3 hour braid on one calendar without weird gaps? Ours rounds everything to 30 min.',
  'Honestly I would pay {cur}{budget} a month tomorrow for booking software that just texts people and takes a deposit. Every demo I sit through has 40 features I will never touch.',
  'Husband and wife barbershop, 2 chairs. We need appointment scheduling our clients can use without downloading anything. Any that work in the browser only?',
  'We are in Dublin and half the booking software I look at only takes deposits in dollars. Anyone in Ireland using one that does euro properly?',
  'Need salon software with proper staff rotas. Our stylists work split shifts and the calendar has to know who is in before anyone can book them.',
];
/** Sellers pitching in the comments: the same words as buyers, from the other side. */
const COMMENT_SELLER = [
  'Hey! I run a small booking software company built for salons like yours. Happy to set you up free for 60 days, PM me if interested.',
  'We solved exactly this at our startup: online booking with automatic deposits. Check out our site, link in my bio, first month is on us.',
  'Disclaimer: I work for a scheduling company. Our app does waitlists and reminders for {cur}25/mo flat. Happy to answer questions by PM.',
  'I do setups for salons leaving {rival}: clients, services, staff, moved in 48 hours. Rates start at {cur}120, send me a message.',
  'Founder here. We built our salon software after my wife got sick of no-shows at her studio. Try it free for 30 days, no card, link on my profile.',
  'I made a free pack of no-show policies and reminder texts, link on my profile. It also has a discount code for our booking app.',
  'our team just launched a barber booking app with a walk-in queue built in. looking for 10 shops to try it free, dm me',
  'I am a virtual receptionist for salons: I answer your phone, run your online booking and confirm every appointment. Packages from {cur}200/month, PM for details.',
  'You should try our platform: deposits, reminders and booth renter payouts in one. Use my code for 3 months free.',
  'Full disclosure, I am the developer, but our appointment scheduling app was made for exactly this. Message me for a discount code.',
  'Shameless plug, I consult for salons on no-shows and pricing and cut a {city} shop’s no-shows in half last month. Free audit through the link in my bio.',
  "We're an agency that builds custom booking websites for barbershops. Portfolio and pricing on our site, DM me for a quote.",
  'Product manager at a booking company here. We are looking for beta testers, early users get free SMS reminders for a year. Shoot me a PM.',
  'Our tool plugs into Instagram and turns DMs into online booking automatically. Launching next week, join the waitlist through my profile.',
  'I sell a no-show add-on that works with {rival} and {rival2}. Free 14 day trial, drop me a message.',
  'Try it free for a month! We are a two person team making salon software, {cur}15/mo after that, no contract, and we do the migration for you.',
  'I can build you a booking page with deposits for a one-off {cur}300, no monthly fees ever. Examples on my profile.',
  'We make appointment scheduling for multi-location salons. Happy to show you a demo, sign up here through the link in my bio.',
  'Hi from the team behind a booking app for barbers 👋 we just launched card-on-file deposits, happy to walk you through it if you DM us.',
  'Our online booking does exactly what OP wants and reminders are included, no per-text fees. Check us out, link in profile.',
  'Sorry for the self-promo! I wrote a guide on cutting no-shows with deposits, and our app does it automatically. Link in bio.',
  'If anyone needs help moving their client list off {rival}, I do it for a flat {cur}80. PM me for details.',
  'We are offering free setup and half a year of our salon software to shops in {city} this winter. Comment and I will reach out.',
  'Look up our app, we do walk-in queues plus online booking for barbershops. Promo code in my profile for the first 50 shops.',
];
/** Replies under a seller's post: questions, doubts, the odd interested owner. */
const COMMENT_ON_PITCH = [
  'How is this different from {rival}? Genuine question, the landing page reads the same.',
  'What happens after the free year? Small shops get burned by that every time.',
  "If it does deposits I might actually try it, we're leaving {rival} next month. What does it cost for {chairs} chairs?",
  'Is self promo allowed here now? Asking for real.',
  'Third booking app launch in this sub this week. Not hating, just noticing.',
  'Do clients have to download an app, or can they book in a browser? That is the first thing my regulars ask.',
  'Where is my client data stored and can I export it if you shut down? Lost a year of notes when the last one closed.',
  'Looks nice. Does it run on an old iPad at the front desk?',
  'per chair pricing always ends up dearer once you hire. flat please',
  'What does each text message cost? That is where they all get you.',
  'Honest feedback: the landing page says AI three times and deposits zero times. Salon owners care about the second one.',
  'Is it available in the UK? A lot of these only take US cards.',
  'Tried to sign up and it wanted my card before showing me anything. Hard pass.',
  "We're shopping for salon software right now. Does it handle booth renters with their own payouts? If yes I would sign up this week.",
  'Cool idea, but people not turning up is a people problem. No app fixes that fully.',
  'Do card fees come out of the deposit or on top of it?',
  'Can it import from {rival}? Nobody is retyping 900 clients.',
  'Good luck with it. Building for salons is harder than it looks, we are a picky bunch.',
  'Signed up. The calendar on mobile is cramped, fyi.',
  'Any plans for WhatsApp reminders? Half my clients never read an SMS.',
  "What's support like on a Saturday morning? That's when things break.",
  'Seems like {rival2} but newer. What made you build it?',
  'Needs walk-in support before I would even look. Half our day is walk-ins.',
  'Tried the beta, honestly not bad. Reminders went out on time, which is more than my old system managed.',
];
/** On-topic replies that are not leads: advice, experience, sympathy, policy. */
const COMMENT_ONTOPIC = [
  'Card on file fixed about 80% of it for us. The rest are regulars who genuinely forget.',
  'Text the day before and again 2 hours before. Boring, works.',
  'It gets better once regulars learn you actually enforce the policy. Took us about three months.',
  'We switched last year. First month was rough, lots of people still called, then it settled. Worth it.',
  '{rival} was fine for us until the last price bump. Still on it, still grumbling.',
  'Put the policy on the booking page AND in the confirmation text. Nobody reads the sign by the till.',
  'Raise your prices. The chronic no-shows are nearly always the ones hunting for the cheapest cut.',
  'A {cur}10 deposit took us from about {pct}% no-shows to almost none. Nobody complained as much as I feared.',
  'Half up front for anything longer than 2 hours. Not one complaint in a year.',
  'Export your client list before you sign up anywhere new. Learned that the hard way.',
  'walk ins til noon, appointments after. 5 years like this, works fine',
  'We use {tool}. It is ok. Not great, not awful.',
  'A front desk person fixes most of this, but not every shop can carry the wage.',
  'Ask your regulars before you change anything. Mine had opinions I did not expect.',
  'the "sorry I forgot" after three reminders is always my favourite',
  'Tried deposits for a month, lost two regulars, kept it anyway. No regrets.',
  'Make cancelling a one-tap reply. People cancel when it is easy and ghost when it means a phone call.',
  'Booth renters should pay for their own system imo. That is how we run it, and nobody fights over whose client is whose.',
  'Most of ours were people who genuinely forgot. Reminders fixed the majority, deposits the rest.',
  'New clients get the policy in writing at their first visit. Not one argument since.',
  '{pct}% is high. We sit around 5% with reminders alone, no deposits.',
  'Block the walk-in chair in your system too, or someone will book it online at midnight.',
  'Saving this, great thread.',
  'Deposits for new clients only. Regulars get trust until they lose it.',
  'Our rule: two no-shows and you prepay or you do not book.',
  'Whatever you pick, make rescheduling easy. A reschedule beats a no-show every time.',
  'We tried three systems in {n} years. The simplest one is the one that stuck.',
  'Put the booking link on your Google listing. Half our online bookings come from Maps.',
  'Card fees add up faster than the subscription. Look at the per-transaction rate, not just the monthly price.',
  'We moved 1,400 clients over a weekend with a CSV. Clean up the phone numbers first, the duplicates are the worst part.',
  'With more than one location, give each stylist one calendar, not each shop. Took us a year to work that out.',
  'Our reminders go out in Spanish or English depending on the client. Cut the confused phone calls right down.',
  'If renters take bookings on their own phones, put it in the rental agreement that the shop calendar is the only calendar.',
  'I stopped taking bookings over Instagram DMs completely. Lost maybe two people, got my evenings back.',
  'Honestly the paper book is not the problem, not confirming is. We ran fine on paper for years with a call the day before.',
  'Charge the fee once and tell them nicely. Most pay it and never no-show again.',
  '15 years in: you cannot fix a client who does not respect your time. You can only stop booking them.',
  'Walk-ins keep our Tuesdays alive. Would never go appointment only.',
  'Our barbers each have their own calendar and set their own hours. Far fewer arguments about who covers Saturday.',
  'Buffer time between colour appointments saved my sanity more than any app did.',
  'A QR code on the mirror got more regulars booking online than anything I said to them.',
  'we had {pct}% no-shows over the summer too. dropped again in october, i think its seasonal',
  'Print tomorrow’s list every night. The one day the internet dies you will thank me.',
  'Ask about contract length before you sign. Some of them lock you in for 12 months.',
  'Put the price in the reminder text. People who read "{cur}45 tomorrow at 2" remember it differently.',
  'If you take deposits, let people move the appointment once without losing it. Feels fair and they come back.',
  'Renter here, I pay for my own booking app. Would not want the owner seeing my client list tbh.',
  'Same thing happened to us. It stopped once we started texting a confirmation the evening before.',
  'We hired a receptionist for Saturdays only. Best money we spend.',
  'Watch the marketplace fee on new clients. Fine when they really are new, annoying when your own regulars come through it.',
  'Our no-show rate dropped the month we stopped letting people book more than 6 weeks out.',
  'Solo stylist, I just call anyone who has not confirmed by 6pm. Ten minutes a day.',
  'Give any change a full quarter before you judge it. One bad week tells you nothing.',
  'Our older clients took to online booking fastest, weirdly. It was the 20-somethings who kept DMing.',
  'Regulars rebook every 4 weeks before they leave the chair. Hardly any gaps since.',
  'Work out what empty chairs cost you a month before you look at what software costs. Usually makes the choice obvious.',
  'Do not let staff book outside the system, not even for friends. That is how double bookings start.',
  'Had the same fight in our shop. Settled it with one walk-in barber a day, on rotation.',
  'Family pays the fee too. Said it once, nobody tested me again.',
  'the price hike emails are the worst. got one too, just eating it for now',
  'Email reminders are pointless in my experience. Texts or nothing.',
  'Pre-book the next appointment at checkout. Fewer gaps and fewer phone calls at the same time.',
  'Our front desk rings anyone unconfirmed at 5pm. Old fashioned, works.',
  'The late ones bother me more than the no-shows. At least a no-show gives me a lunch break lol',
  'Check if reminders are included or billed per text. That is where most of the monthly cost hides.',
  'Write the cancellation window in hours, not "the day before". "The day before" gets argued about.',
  'I book new colour clients for a 15 minute consult first. Weeds out the ones who were never going to show.',
  'Thank you for posting this. Needed to hear I am not the only one.',
  'Our Saturday walk-in line got shorter once people could see the wait time online. They came back later instead of standing there.',
  'Cash clients still get reminders, we just do not ask regulars who always pay cash for a card.',
  'We have been on {rival} for three years. It does the job, the price is the only thing I moan about.',
  '{rival} does deposits now, it is buried in the settings. Took me a year to find it.',
  'We left {rival} for {rival2} in the spring. Honestly about the same, slightly cheaper.',
  'My sister runs her nail bar on {rival} and swears by the reminders.',
  '{rival2} is fine when you are solo. Once you have staff the reports get messy.',
  'Did the {rival} free trial for a month. Client app was nice, the marketplace fees were not.',
  'Everyone round here is on {rival}, so clients already have it on their phones. That counts for something.',
  'Compared {rival} and {rival2} last year: one charges for texts, the other for extra staff. Pick your poison.',
  '{rival} support answered me on a Sunday once. No idea if that is still true.',
  'We use {rival} for the calendar and a separate card reader. Not elegant, works.',
];
const COMMENT_OFFTOPIC = [
  'Congrats, that is a big step!',
  'Ask around locally, an accountant who knows your trade is worth it.',
  'We went through the same thing. Give it 6 months before deciding.',
  'Following, same question.',
  'This is the way.',
  'Talk to a lawyer before you sign anything, seriously.',
  'Honestly depends on your area. What do others near you charge?',
  'I had the same problem, switching brands fixed it.',
  'Great question, commenting to see the answers.',
  'Do not overthink it, just start and adjust.',
  'Bookmarking, my cousin has the same thing going on.',
  'Depends on the client tbh',
  'Get three quotes, always.',
  'We did it the other way round and regretted it. Go slow.',
  'Check the local small business centre, ours had free workshops on this.',
  'Not an expert but this worked for us: write everything down and review monthly.',
  'Love this, good luck!',
  'Ha, been there. It passes.',
  'Whatever you do, get it in writing.',
  'My accountant paid for herself in the first year.',
  'Try it for a month and see, nothing to lose.',
  'Curious what people say here, we are about to face this too.',
  'We had the exact same thing in {city}. It sorted itself out after a few months.',
  'Write down what it costs you per month, the answer usually gets obvious.',
  'Had this last year. Honestly the cheapest fix was just asking the people involved.',
  'Ask in your local business Facebook group too, people there know the area.',
  'Not what you asked, but make sure your insurance covers it.',
  'Saving this thread, great answers in here.',
  'It took us {n} months to figure out. Be patient with yourself.',
  'Second this, same experience.',
];
/** Openers that make two posts from one template read differently. */
const OPENERS = [
  'Long time lurker, first post. ',
  'Throwaway because my clients follow my main. ',
  'Bit of a random one. ',
  'Sorry if this gets asked a lot. ',
  '{n} years in the trade here. ',
  'Quick one: ',
  'Searched the sub but the threads are old. ',
  'Not sure this is the right sub but here goes. ',
];
const SIGN_OFFS = [
  '',
  '',
  '',
  ' Thanks in advance!',
  ' TIA',
  ' Cheers.',
  ' Any help appreciated.',
  ' thanks guys',
  '\n\nEdit: thanks for all the replies, reading them now',
  '\n\nEdit: {city} if that matters',
];
const BUDGET_LINES = [
  ' Budget is around {cur}{budget} a month.',
  ' Would like to keep it under {cur}{budget}/mo.',
  ' Hoping to decide in the next couple of weeks.',
  ' We want it live before the holidays.',
  ' Happy to pay for something good, just not {cur}{new} a month.',
  '',
  '',
];

/** Pseudonyms for the made-up authors. */
const HANDLE_A = ['fade', 'shear', 'clipper', 'chair', 'blonde', 'foil', 'razor', 'salon', 'shop', 'comb'];
const HANDLE_B = ['_master', 'life', '_and_co', 'works', 'daily', '_nerd', 'guy', 'girl', 'tired', 'owner'];
const author = () =>
  chance(0.5)
    ? `${pick(HANDLE_A)}${pick(HANDLE_B)}${Math.floor(rand() * 100)}`
    : `throwaway_${Math.floor(rand() * 100_000).toString(36)}`;

interface Line {
  id: string;
  subreddit: string;
  author: string;
  createdUtc: number;
  permalink: string;
  title: string;
  body: string;
  parentId?: string;
}

const start = Date.UTC(2026, 9, 1) / 1000;
const lines: Line[] = [];
let n = 0;
const newId = () => `s${(100_000 + n++).toString(36)}`;
const titles = new Set<string>();
const bodies = new Set<string>();
const usedAlternatives = new Set<string>();

type Kind = 'buyer' | 'pain' | 'seller' | 'howto' | 'off';
const mix: [Kind, Template[], number][] = [
  ['buyer', BUYERS, BUYERS.length],
  ['pain', PAIN, PAIN.length],
  ['seller', SELLERS, SELLERS.length],
  ['howto', HOWTO, 28],
  ['off', OFFTOPIC, 66],
];
const posts: (Line & { kind: Kind; d: Details })[] = [];
for (const [kind, templates, count] of mix) {
  let made = 0;
  // Each template is used at most a few times, and only while its filled-in title is new.
  for (let round = 0; round < 6 && made < count; round++) {
    for (const [title, body, subs] of shuffle(templates)) {
      if (made >= count) break;
      const subreddit = SUBS[pick([...subs])]!;
      const d = details(subreddit);
      const alternatives = title.split('|');
      const fresh = alternatives.filter((a) => !usedAlternatives.has(a));
      // A template comes back only under a title of its own, from another author with another opener.
      if (round > 0 && fresh.length === 0) continue;
      const alternative = pick(fresh.length > 0 ? fresh : alternatives);
      let t = fill(alternative, d);
      if (titles.has(t.toLowerCase())) continue;
      let b = (round > 0 || chance(0.25) ? fill(pick(OPENERS.filter(Boolean)), d) : '') + fill(body, d);
      if (kind === 'buyer') b += fill(pick(BUDGET_LINES), d);
      if (kind !== 'seller') b += fill(pick(SIGN_OFFS), d);
      if (chance(0.3)) {
        b = casual(b);
        if (chance(0.5)) t = t.toLowerCase();
      }
      if (bodies.has(b)) continue;
      titles.add(t.toLowerCase());
      usedAlternatives.add(alternative);
      bodies.add(b);
      const id = newId();
      posts.push({
        kind,
        d,
        id,
        subreddit,
        author: author(),
        createdUtc: Math.floor(start + rand() * 30 * 86_400),
        permalink: `/r/${subreddit}/comments/${id}/`,
        title: t,
        body: b.trim(),
      });
      made++;
    }
  }
}

/** How often one comment line may appear in the corpus: only if its pool runs out does a line come back. */
const MAX_USES = 2;
const uses = new Map<string, number>();
/** A line of the pool used least so far (ties broken at random), or null once every line is used up. */
function draw(pool: readonly string[]): string | null {
  const fewest = Math.min(...pool.map((t) => uses.get(t) ?? 0));
  if (fewest >= MAX_USES) return null;
  const line = pick(pool.filter((t) => (uses.get(t) ?? 0) === fewest));
  uses.set(line, fewest + 1);
  return line;
}
const buyersUnderRequests = [...COMMENT_BUYER_FOLLOWUP, ...COMMENT_BUYER];
const usedComments = new Set<string>();
for (const post of posts) {
  const { kind, d, ...line } = post;
  lines.push(line);
  const replies = Math.floor(rand() * (kind === 'off' ? 1.9 : 3.2));
  for (let i = 0; i < replies; i++) {
    const r = rand();
    const pool =
      kind === 'off'
        ? COMMENT_OFFTOPIC
        : kind === 'seller'
          ? r < 0.75
            ? COMMENT_ON_PITCH
            : COMMENT_SELLER
          : r < 0.36
            ? kind === 'buyer'
              ? buyersUnderRequests
              : COMMENT_BUYER
            : r < 0.44
              ? COMMENT_SELLER
              : COMMENT_ONTOPIC;
    const template = draw(pool);
    if (template === null) continue;
    let text = fill(template, details(post.subreddit));
    if (usedComments.has(text)) continue;
    usedComments.add(text);
    if (chance(0.25)) text = casual(text);
    const id = newId();
    lines.push({
      id,
      subreddit: post.subreddit,
      author: author(),
      createdUtc: post.createdUtc + Math.floor(60 + rand() * 86_400),
      permalink: `/r/${post.subreddit}/comments/${post.id}/_/${id}/`,
      title: post.title,
      body: text,
      parentId: `t3_${post.id}`,
    });
  }
}
lines.sort((a, b) => a.createdUtc - b.createdUtc);
const out = join(import.meta.dirname, '../sample/corpus.jsonl');
writeFileSync(out, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
const kinds = mix.map(([k]) => `${k} ${posts.filter((p) => p.kind === k).length}`).join(', ');
const comments = lines.length - posts.length;
const mostUses = Math.max(...uses.values());
process.stdout.write(
  `wrote ${lines.length} lines (${posts.length} posts: ${kinds}; ${comments} comments, no line used more than ${mostUses}x) to ${out}\n`,
);
