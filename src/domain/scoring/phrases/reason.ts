// The words of a lead's reason (reason.ts): goods asked for by name, currencies, kinds of low-value posts and
// what the meaning stage's moves say.

/** What a reason says of a large move of the meaning stage (score.ts MOVE_TOLD). */
export const MOVED_UP = "ranked higher: read as a whole, it sounds like a buyer's request";
export const MOVED_DOWN =
  "ranked lower: read as a whole, it sounds less like a buyer's request than its keywords suggest";

export const MOVED_UP_UNASKED =
  "ranked higher: asks in no usual words, but read as a whole it sounds like a buyer's request";

/** Things bought one at a time: a reason asks for "a laptop", not "help with laptop" (help is for a task). */
export const GOODS =
  /^(?:laptop|ultrabook|macbook|notebook|netbook|chromebook|desktop|pc|computer|camera|router|modem|access point|printer|scanner|monitor|keyboard|mouse|headset|headphone|phone|smartphone|tablet|server|nas|hard drive|ssd|gpu|graphics card|video card|chair|desk|backpack|bag|boot|shoe|wallet|knife|watch|mattress|bike)s?$/;

/** A place read from a currency ("€40", "500 rupees") is told as the currency, not as a place ("posted from €"). */
export const CURRENCY_OF: Record<string, string> = {
  '€': 'euros',
  eur: 'euros',
  euro: 'euros',
  euros: 'euros',
  '£': 'pounds',
  gbp: 'pounds',
  '₹': 'rupees',
  inr: 'rupees',
  rupee: 'rupees',
  rupees: 'rupees',
  cad: 'Canadian dollars',
  aud: 'Australian dollars',
};

/** What kind of post a low-value phrase of the title marks, in words a person reads at a glance. */
export const LOW_KINDS: [RegExp, string][] = [
  [/stor|experience|lessons?|confession|how i |i just|just (?:bought|got|received|picked)/, 'a story'],
  [/review/, 'a review'],
  [/ama|ask me anything/, 'an AMA'],
  [/thank/, 'a thank-you'],
  [/\btil\b|psa|news|article|infographic|you can now/, 'news or an article'],
  [/tutorial|guide/, 'a guide'],
  [/rant|funny|meme/, 'a rant or a joke'],
  [/charge|quote|bill|lucrative|profitable|money/, "a provider's question about their own business"],
  [
    /job|work|intern|employ|position|interview|resume|cover letter|career|degree|major|salary|homework|assignment|class|course|professor|teacher|instructor/,
    'a question about jobs or school',
  ],
  [
    /configure|set ?up|install|fix|enable|disable|convert|calculate|format|write|code|script|troubleshoot/,
    'a how-to question',
  ],
];
