// Writes sample/corpus.jsonl: the small corpus `npm start` replays with no UPSTREAM set. Every line is made
// here from the templates below (written for this project; nothing is copied from other data). Deterministic:
// the same script writes the same file. Run: node scripts/make-sample-corpus.ts
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

let seed = 20_261_122;
function rand(): number {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
}
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
/** One post's details: the same shop, city and tool in its title and its body. */
const details = () => ({ city: pick(CITIES), tool: pick(TOOLS), shop: pick(SHOPS) });
const fill = (s: string, d = details()) =>
  s
    .replace(/\{city\}/g, () => d.city)
    .replace(/\{chairs\}/g, () => String(2 + Math.floor(rand() * 5)))
    .replace(/\{dollars\}/g, () => `$${pick([39, 49, 65, 79, 99, 120, 150])}`)
    .replace(/\{tool\}/g, () => d.tool)
    .replace(/\{shop\}/g, () => d.shop)
    .replace(/\{pct\}/g, () => String(10 + Math.floor(rand() * 20)));

const CITIES = [
  'Leeds',
  'Austin',
  'Toronto',
  'Bristol',
  'Denver',
  'Glasgow',
  'Tampa',
  'Calgary',
  'Columbus',
  'Cardiff',
];
const TOOLS = [
  'Vagaro',
  'Booksy',
  'Square Appointments',
  'Fresha',
  'Calendly',
  'GlossGenius',
  'Schedulicity',
];
const SHOPS = [
  'barbershop',
  'hair salon',
  'nail studio',
  'two-chair salon',
  'home studio',
  'lash and brow studio',
];

/** Buyers: asking for a tool, comparing, or in pain with the one they have. */
const BUYERS: [string, string][] = [
  [
    'Looking for booking software for a {chairs}-chair {shop}',
    'We are a small {shop} in {city} and still take every appointment by phone and Instagram DM. I want online booking with text reminders so clients can book themselves. Budget is around $40 a month. What booking software do you use and would you recommend it?',
  ],
  [
    'No-shows are killing my Saturdays',
    'Third Saturday in a row with two no-shows before noon. I run a {shop} in {city} with {chairs} chairs. Is there online booking that takes a deposit up front? I think I need proper appointment scheduling instead of my paper book.',
  ],
  [
    '{tool} raised prices again - alternatives?',
    'Just got the email that {tool} is going up to {dollars}/month plus card fees. For a {chairs}-chair {shop} that is a lot. Anyone switched to cheaper salon software with online booking and reminders? Mostly need no-shows to stop.',
  ],
  [
    'Booksy vs Vagaro for a small barbershop?',
    'Opening my own barbershop in {city} next month, {chairs} chairs. Trying to choose between Booksy and Vagaro for online booking. The marketplace fees on one of them look high. Is there booking software without the per-booking cut?',
  ],
  [
    'What appointment scheduling app do you use for your salon?',
    'Solo stylist renting a suite in {city}. I need appointment scheduling that clients can use from Instagram, with reminders, and ideally a deposit so no-shows cost them, not me. Recommendations welcome, under $50/month.',
  ],
  [
    'Need salon software that handles deposits',
    'Our {shop} lost about {pct}% of bookings to no-shows last quarter. We want salon software with online booking and card-on-file deposits. {tool} felt too heavy for us. What are small shops using?',
  ],
  [
    'Switching off paper appointment book - where to start?',
    'My mum has run her {shop} for 20 years with a paper book. I want to move her to online booking before I go back to uni. Needs to be simple. Which booking software is easy for someone who hates apps? No-shows are her biggest complaint.',
  ],
  [
    'Clients keep double booking through DMs',
    'I take bookings through Instagram DMs and texts and keep double booking myself. Is there simple appointment scheduling with a booking link I can put in my bio? Small {shop}, {city}. Happy to pay for decent booking software.',
  ],
  [
    'Is {tool} worth it for a 2 chair shop?',
    '{tool} wants {dollars} a month. Me and one other barber. We mostly want online booking and SMS reminders to cut no-shows. Is there salon software that is cheaper for tiny shops, or is that just the price now?',
  ],
  [
    'Reminder texts actually reduce no-shows?',
    'Anyone measured it? We get {pct}% no-shows. Thinking of moving to booking software that texts a reminder the day before and lets people reschedule online. Which online booking tools do this well for salons?',
  ],
];

/** Sellers and promoters: they mention the same words but are not buyers. */
const SELLERS: [string, string][] = [
  [
    'I built a booking app for barbers - feedback?',
    'After 3 years as a barber I built my own booking software. Online booking, reminders, no-shows tracking. Looking for beta testers, DM me for a free year. Would love feedback on pricing.',
  ],
  [
    '[Offer] Free setup of your salon software',
    'I am a consultant who sets up salon software and online booking for shops. I will migrate you off {tool} for free this month. Comment below and I will reach out.',
  ],
  [
    'Launched: appointment scheduling for stylists',
    'We just launched our appointment scheduling platform for stylists. Cuts no-shows by 40% with smart reminders. Check out our launch discount, link in profile.',
  ],
];

/** How-to and advice posts: on topic, nobody buying. */
const HOWTO: [string, string][] = [
  [
    'How I set my cancellation policy',
    'Sharing what worked for my {shop}: 24 hour notice, after two no-shows you pay up front. Put it on the wall and on your booking page. Clients respected it more than I expected.',
  ],
  [
    'Tips for pricing balayage in a small town',
    'I charge by time not by service now. Consultation first, then a quote. Took a while for regulars to adjust but my Saturdays are less chaotic.',
  ],
  [
    'How do you handle walk-ins on a busy day?',
    'We keep one chair for walk-ins until 2pm. After that it is appointments only. Curious how other barbershops split it.',
  ],
  [
    'Guide: moving your client list between systems',
    'If you are changing booking software, export your client list as CSV first, check phone numbers are in one format, and tell clients a week ahead. Took me an afternoon.',
  ],
];

/** Off topic for this project. */
const OFFTOPIC: [string, string][] = [
  [
    'Best clippers under $150?',
    'My Wahl finally died after six years. Looking at cordless options under $150. What do you use for fades?',
  ],
  [
    'LLC or sole proprietor for a side business?',
    'Starting a small candle business on weekends in {city}. Is an LLC worth it at the start or can I wait until I have revenue?',
  ],
  [
    'How do you find your first 10 customers?',
    'Launched a meal-prep service last month. Friends and family bought, now it is silent. What worked for you to get the first real customers?',
  ],
  [
    'Color formula for covering stubborn grays',
    'Client with resistant grays at the temples. I have been using a 6N with 20 volume, still getting translucent coverage. Pre-soften?',
  ],
  [
    'Hiring my first employee - payroll software?',
    'Finally hiring for my print shop. What payroll tools are you using for one or two employees in the US?',
  ],
  [
    'Quarterly taxes as a freelancer',
    'First year freelancing. How much do you set aside for quarterly estimated taxes? My accountant said 25-30%.',
  ],
];

/** Comments under posts: some buyers chiming in, some sellers, some plain replies. */
const COMMENT_BUYER = [
  'Same problem here. Following - we also need online booking that takes deposits, no-shows cost us every week.',
  'Commenting to find out too. {tool} is too expensive for my {shop}, is there booking software around $30?',
  'We are in the same spot in {city}. Paper book, constant no-shows. Which appointment scheduling tool did you end up with?',
];
const COMMENT_SELLER = [
  'Shameless plug: my company makes booking software for salons, DM me for a discount.',
  'I can set up online booking for you this week, message me.',
];
const COMMENT_PLAIN = [
  'We charge a card on file now and it fixed most of it honestly.',
  'Text them the day before. Old school but it works.',
  'Been there. It gets better once regulars learn your policy.',
  'Congrats on the shop!',
  'Honestly just raise prices, the ones who no-show are usually the bargain hunters.',
];

const SUBS_BY_KIND: Record<string, string[]> = {
  buyer: ['smallbusiness', 'Entrepreneur', 'hairstylist', 'Barber'],
  seller: ['smallbusiness', 'Entrepreneur', 'Barber'],
  howto: ['hairstylist', 'Barber', 'smallbusiness'],
  off: ['smallbusiness', 'Entrepreneur', 'hairstylist', 'Barber'],
};

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
const author = () => `sample_${Math.floor(rand() * 100_000).toString(36)}`;

const mix: [string, [string, string][], number][] = [
  ['buyer', BUYERS, 70],
  ['seller', SELLERS, 30],
  ['howto', HOWTO, 45],
  ['off', OFFTOPIC, 95],
];
const posts: Line[] = [];
for (const [kind, templates, count] of mix) {
  for (let i = 0; i < count; i++) {
    const [title, body] = pick(templates);
    const d = details();
    const id = newId();
    const subreddit = pick(SUBS_BY_KIND[kind]!);
    posts.push({
      id,
      subreddit,
      author: author(),
      createdUtc: Math.floor(start + rand() * 30 * 86_400),
      permalink: `/r/${subreddit}/comments/${id}/`,
      title: fill(title, d),
      body: fill(body, d),
    });
  }
}
for (const post of posts) {
  lines.push(post);
  const replies = Math.floor(rand() * 2.2);
  for (let i = 0; i < replies; i++) {
    const r = rand();
    const text = r < 0.25 ? pick(COMMENT_BUYER) : r < 0.4 ? pick(COMMENT_SELLER) : pick(COMMENT_PLAIN);
    const id = newId();
    lines.push({
      id,
      subreddit: post.subreddit,
      author: author(),
      createdUtc: post.createdUtc + Math.floor(60 + rand() * 86_400),
      permalink: `/r/${post.subreddit}/comments/${post.id}/_/${id}/`,
      title: post.title,
      body: fill(text),
      parentId: `t3_${post.id}`,
    });
  }
}
lines.sort((a, b) => a.createdUtc - b.createdUtc);
const out = join(import.meta.dirname, '../sample/corpus.jsonl');
writeFileSync(out, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
process.stdout.write(`wrote ${lines.length} lines (${posts.length} posts) to ${out}\n`);
