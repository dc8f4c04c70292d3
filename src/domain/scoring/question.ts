import { decodeEntities } from './text.ts';
import type { ScoringItem } from './types.ts';

/**
 * What the author asks, in their words, so a reply can answer it first:
 * - recommend: "Can anyone recommend an online booking system for a service based business?" -> the thing wanted
 * - how: "How do I keep track of each tenant's history?" -> "keep track of each tenant's history"
 * - advice: "Any tips on negotiating for repairs?" -> "negotiating for repairs"
 * - whether: "Is my landlord being reasonable?" -> "your landlord is being reasonable"
 * - versus: "Duplex vs single family?" -> both sides; alternative: "Alternatives to Hootsuite?" -> the tool
 * - stuck: "What can I do?", "Where do I start?" (no slot)
 */
export type Question =
  | { form: 'recommend' | 'how' | 'advice' | 'whether' | 'alternative'; slot: string }
  | { form: 'versus'; slot: string; other: string }
  | { form: 'stuck'; slot: null };

/** A title or sentence without tags, entities, shouting prefixes and trailing subreddit names. */
function clean(text: string): string {
  return decodeEntities(text)
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\[[^\]]*\]|\([^)]*\)|\*+|#+/g, ' ')
    .replace(/^\s*(?:help|question|q|update|advice|psa|serious)\s*[:!-]+\s*/i, '')
    .replace(/\s+:\s*[a-z0-9_]+\s*$/i, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The author's words as the replier says them back: "my" -> "your", "I'm" -> "you're". */
export function yours(text: string): string {
  return text
    .replace(/\bI'm\b|\bI am\b/gi, "you're")
    .replace(/\bI've\b/gi, "you've")
    .replace(/\bI'd\b/gi, "you'd")
    .replace(/\bI'll\b/gi, "you'll")
    .replace(/\bI was\b/gi, 'you were')
    .replace(/\b(?:I|we)\b/gi, 'you')
    .replace(/\b(?:my|our)\b/gi, 'your')
    .replace(/\b(?:mine|ours)\b/gi, 'yours')
    .replace(/\b(?:myself|ourselves)\b/gi, 'yourself')
    .replace(/\b(?:me|us)\b/g, 'you');
}

/** A slot reads in a sentence: a few plain words, not a clause that points elsewhere ("what it was"). */
function usable(slot: string | undefined, maxWords = 9): slot is string {
  if (!slot) return false;
  const n = slot.split(' ').length;
  return (
    n >= 1 &&
    n <= maxWords &&
    /^[\w$'/&.,+ -]+$/.test(slot) &&
    !/^(?:it|this|that|what|which|who|if|how|why|when|where|there|one|some|any|anything|something)\b/i.test(
      slot,
    ) &&
    !/\b(?:you|your|yours)\b.*\b(?:you|your)\b.*\b(?:you|your)\b/i.test(slot)
  );
}

const trim = (x: string | undefined) =>
  (x ?? '')
    .replace(
      /\s*(?:\bin (?:your|my) opinion\b.*|\bplease\b|\bthanks?\b.*|\bthank you\b.*|\bor something\b.*|\betc\b.*)$/i,
      '',
    )
    .replace(/[\s,.;:!?-]+$/, '')
    .trim();

const lowerFirst = (s: string) => (/^[A-Z][a-z]/.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s);

/** "laptop for college" -> "a laptop for college"; plurals, mass nouns and phrases with a determiner stay. */
export function withArticle(np: string): string {
  if (/^(?:a|an|the|your|some|any|someone|somebody|anyone|anybody|something|anything|\d|\$)\b/i.test(np))
    return np;
  const head =
    np
      .split(/,| (?:for|with|that|to|in|under|on|from|which|who|and|or|you|i|we|they|it)(?= |$)/)[0]!
      .split(' ')
      .pop() ?? '';
  if (
    !/(?:applica|solu|op|sta|subscrip|exten)tion$/i.test(head) &&
    /(?:s|ing|ware|ment|tion|ance|ence|data|help|prep|advice|info|wifi|wi-fi|internet|storage|backup|insurance|equipment|access|stuff|support|sync|setup|billing|typography|colou?rs?)$/i.test(
      head,
    )
  )
    return np;
  return `${/^[aeiou]/i.test(np) ? 'an' : 'a'} ${np}`;
}

/** "do it", "software to do this": the words point back into the post and say nothing alone. */
const ENDS_IN_POINTER = /\b(?:it|this|that|them|these|those)$/i;

/** Words for something one buys or uses: "Is there booking software ...?" asks for one, "Is there a reason ...?" not. */
const PRODUCT_NOUN =
  /\b(?:software|tools?|apps?|applications?|programs?|services?|plugins?|sites?|websites?|platforms?|systems?|solutions?|products?|devices?|calculators?|templates?|books?|courses?|providers?|companies|company)\b/i;

/** Slots that name nothing in particular: "advice", "alternatives", "best practices". */
const VAGUE =
  /^(?:help|advice|to|some help|tips|suggestions|ideas?|plan|move|practices?|ways?|time|options?|place|approach|alternatives?)$|^(?:an? |some )?(?:help|advice|to|tips|suggestions|ideas|words|feedback|opinions?|thoughts|input|motivation|encouragement|support|reassurance|reason|break)(?=\s|$)/i;

const PREDICATE =
  /^(?:\w+ing|worth|normal|legal|illegal|ok|okay|fine|reasonable|right|wrong|enough|necessary|possible|common|safe|better|worse|likely|allowed|required|responsible|liable|supposed|able|too|still|really|actually|a|an|the)\b/i;

/** The verb said back with the swapped subject: "am I" -> "you are", "was I" -> "you were". */
function agree(aux: string, who: string): string {
  const plural = /^(?:you|they)$/.test(who);
  if (aux === 'am' || aux === 'are' || aux === 'is') return plural ? 'are' : 'is';
  if (aux === 'was') return plural ? 'were' : 'was';
  return aux;
}

/** Reads one sentence (its final "?" removed; `asked` says it had one). */
type Reader = (s: string, asked: boolean) => Question | null;

/** Tried in order on each sentence; the first that reads it wins (alternatives before "looking for", ...). */
const READERS: Reader[] = [
  (s) => {
    const m = /^(?:any |good |best |cheaper |free )?alternatives? (?:to|for) (.+)$/i.exec(s);
    const n = /^(?:moving|switching|migrating) (?:away )?from (.+?)(?: to .+)?$/i.exec(s);
    const o = /^(?:any |good |best )?(.+?) alternatives?$/i.exec(s);
    const p =
      /^(?:has )?(?:anyone|anybody) (?:left|switched from|moved (?:away )?from|dropped|ditched) (.+)$/i.exec(
        s,
      );
    const slot = trim(m?.[1] ?? n?.[1] ?? o?.[1] ?? p?.[1]);
    return usable(slot, 4) ? { form: 'alternative', slot } : null;
  },
  (s) => {
    const m = /^(.{2,40}?) (?:vs\.?|versus) (.{2,40})$/i.exec(s);
    const [a, b] = [trim(m?.[1]).replace(/^(?:should i (?:buy|get|use|go with) )/i, ''), trim(m?.[2])];
    return usable(a, 5) && usable(b, 5) ? { form: 'versus', slot: a, other: b } : null;
  },
  (s) =>
    /(?:^|, )(?:so |and |but )?(?:what (?:can|should|would|do) (?:i|we) do|where do (?:i|we) (?:start|begin)|what do (?:i|we) need to know|what (?:are )?(?:my|our) options|what action can be taken)\b/i.test(
      s,
    )
      ? { form: 'stuck', slot: null }
      : null,
  (s) => {
    const m = /\b(?:tips|advice|suggestions|ideas|thoughts) (?:on|for|about|with|regarding) (.+)$/i.exec(s);
    const slot = trim(yours(m?.[1] ?? ''));
    return usable(slot, 8) && !VAGUE.test(slot) ? { form: 'advice', slot: lowerFirst(slot) } : null;
  },
  (s) => {
    // "Is there booking software that does tips?" asks for a product; "Is there any way to ..." asks how.
    const m =
      /^(?:is|are) there (?:a |an |any |some )?(?:good |decent |cheap |free |simple |easy )?(.+)$/i.exec(s);
    if (!m) return null;
    const way = /^ways? (?:to|for (?:me|us) to|(?:i|we) can) (.+)$/i.exec(m[1]!);
    const slot = trim(yours(way?.[1] ?? m[1]!));
    if (!usable(slot, 10) || ENDS_IN_POINTER.test(slot) || VAGUE.test(slot)) return null;
    if (way) return { form: 'how', slot };
    return PRODUCT_NOUN.test(slot) ? { form: 'recommend', slot: lowerFirst(withArticle(slot)) } : null;
  },
  (s) => {
    // "Which booking software has the best no-show protection?" -> "booking software with the best ...".
    const m =
      /^(?:which|what) ([\w/ -]{2,40}?) (?:(has|have)|(is|are)|(?:should|would|can|do|does) (?:i|we|you) (?:buy|get|use|choose|pick)) ?(.*)$/i.exec(
        s,
      );
    // "What exactly is deep learning" asks what something is; only "which X has/is" and "what X should I buy" ask for one.
    if (!m || /^(?:is|are|do|does|would|should|can|kind|sort|type)$/i.test(m[1]!)) return null;
    if (/^what/i.test(s) && (m[2] || m[3])) return null;
    const thing = trim(m[1]);
    const rest = trim(yours(m[4] ?? ''));
    const slot = m[2]
      ? `${thing} with ${rest}`
      : m[3]
        ? `${thing} that ${m[3].toLowerCase()} ${rest}`
        : thing;
    // "has"/"is" need what follows; "should I buy" needs nothing after it.
    return usable(slot, 9) && !(m[2] || m[3]) === !rest
      ? { form: 'recommend', slot: lowerFirst(withArticle(slot)) }
      : null;
  },
  (s) => {
    const m =
      /^(?:what(?:'s| is) )?(?:the )?(?:best|easiest|simplest|cheapest|right) way (?:to|for (?:me|us) to|(?:i|we) can) (.+)$/i.exec(
        s,
      );
    const slot = trim(yours(m?.[1] ?? ''));
    return usable(slot, 10) ? { form: 'how', slot } : null;
  },
  (s) => {
    const m =
      /^(?:so |and |but )?how (?:(?:do|can|should|would|could|might|does) (?:i|we|you(?: [a-z ]{0,25}?(?:guys|folks|people))?|one)|to) (?:best |even |actually )?(.+)$/i.exec(
        s,
      );
    const slot = trim(yours(m?.[1] ?? ''));
    return usable(slot, 10) && !/^(?:know|tell|you)\b/i.test(slot) && !ENDS_IN_POINTER.test(slot)
      ? { form: 'how', slot }
      : null;
  },
  (s) => {
    const m =
      /^(?:(?:can|could|would) (?:anyone|anybody|someone|you|you guys) (?:please )?(?:recommend|suggest)(?: me)?|recommend(?: me)?|(?:any )?(?:recommendations?|suggestions?|ideas|advice|tips) (?:for|on)(?: getting)?|(?:i'?m |i am |we're |we are |currently |still )?(?:looking for|searching for|shopping for|in need of|need|want)|(?:does )?(?:anyone|anybody) (?:know of|use|recommend|have (?:a |any )?recommendations? for)|what(?:'s| is| are) (?:a |an |the |some |your )?(?:good|best|decent|favou?rite|recommended|cheapest|easiest|simplest)|(?:the )?best|good|cheap) (?:some |any )?(?:good |new |decent |cheap |simple |reliable )?(.+)$/i.exec(
        s,
      );
    // "a touchscreen laptop, capable of running most modern games" -> "a touchscreen laptop"; but not "light" from
    // "light, 15 inch, 1080p" or "software for creating professional-looking" from a list of adjectives.
    const [slot = '', after] = trim(yours(m?.[1] ?? ''))
      .replace(/ (?:to use|out there|you (?:use|recommend|like))$/i, '')
      .split(', ');
    if (after !== undefined && (!/ /.test(slot) || /(?:ing|ed|ful|able|ive)$/i.test(slot))) return null;
    return usable(slot, 8) && !VAGUE.test(slot) && !ENDS_IN_POINTER.test(slot)
      ? { form: 'recommend', slot: lowerFirst(withArticle(slot)) }
      : null;
  },
  (s) => {
    const m =
      /^what (?:do|would|should) (?:you|people|y'?all|you guys) (?:use|recommend|suggest) (?:for|to) (.+)$/i.exec(
        s,
      );
    const slot = trim(yours(m?.[1] ?? ''));
    return usable(slot, 7) && !ENDS_IN_POINTER.test(slot)
      ? { form: 'recommend', slot: `tools for ${lowerFirst(slot)}` }
      : null;
  },
  (s) => {
    const m = /^(should|can|could|will|would|is|are|am|was) (.+)$/i.exec(s);
    if (!m) return null;
    const aux = m[1]!.toLowerCase();
    const words = m[2]!.split(' ');
    // "Is my Land Lord being reasonable": a noun subject is one or two words and ends where a predicate starts.
    const size = /^(?:i|we|it|this|that|there|they|he|she)$/i.test(words[0]!)
      ? 1
      : /^(?:my|our|the|a|an)$/i.test(words[0]!)
        ? [2, 3].find((n) => PREDICATE.test(words.slice(n).join(' ')))
        : undefined;
    if (!size) return null;
    const subj = words.slice(0, size).join(' ');
    if (/^th/i.test(subj) && !PREDICATE.test(words.slice(1).join(' '))) return null;
    const rest = trim(
      yours(
        words
          .slice(size)
          .join(' ')
          .replace(/,? (?:or|and|but) .*$/i, ''),
      ),
    );
    const who = yours(subj.toLowerCase());
    if (!usable(rest, 11)) return null;
    // "Should I invest" -> "whether to invest"; "Is my landlord ..." -> "whether your landlord is ...".
    if (aux === 'should' && who === 'you') return { form: 'whether', slot: `to ${rest}` };
    return { form: 'whether', slot: `${who} ${agree(aux, who)} ${rest}` };
  },
  (s, asked) => {
    // A bare title question naming a kind of product: "Invoicing tools?", "Tools for analysing traffic?".
    const m =
      /^(?:[\w-]+ ){0,3}(?:software|tools?|apps?|applications?|systems?|platforms?|services?|plugins?)(?: for .+)?$/i.exec(
        s,
      );
    const slot = trim(m?.[0]);
    return asked && usable(slot, 9) && !ENDS_IN_POINTER.test(slot)
      ? { form: 'recommend', slot: lowerFirst(withArticle(slot)) }
      : null;
  },
];

/** "Looking for Scheduling Software" -> "Looking for scheduling software"; "ESXi" and "AWS" stay. */
function plainCase(sentence: string): string {
  const ws = sentence.split(' ');
  if (ws.length < 4 || ws.filter((w) => /^[A-Z][a-z]/.test(w)).length < ws.length * 0.6) return sentence;
  return ws.map((w, i) => (i > 0 && /^[A-Z][a-z]+$/.test(w) ? w.toLowerCase() : w)).join(' ');
}

/**
 * "Replacing our receptionist with online booking - good idea?" -> "replacing your receptionist with online booking
 * is a good idea" (read on the whole title: its " - " would split it).
 */
function ideaQuestion(title: string): Question | null {
  const m =
    /^(.{8,90}?)\s*(?:[-–:,]|\.\.\.)\s*(?:is (?:it|this|that) )?(?:an? )?(good|bad|smart|wise|dumb|terrible) (idea|move|plan)\??$/i.exec(
      title.trim(),
    );
  const slot = trim(yours(m?.[1] ?? ''));
  return usable(slot, 12)
    ? { form: 'whether', slot: `${lowerFirst(slot)} is a ${m![2]!.toLowerCase()} ${m![3]!.toLowerCase()}` }
    : null;
}

/** The first question the post asks that a reply can echo: the title's sentences first, then the body's questions. */
export function readQuestion(item: Pick<ScoringItem, 'title' | 'body'>): Question | null {
  const idea = ideaQuestion(plainCase(clean(item.title)));
  if (idea) return idea;
  const title = clean(item.title).split(/(?<=[?!.])\s+|\s+-\s+/);
  const body = clean(item.body.slice(0, 1500))
    .split(/(?<=[?!.])\s+/)
    .filter((x) => x.trim().endsWith('?'))
    .slice(0, 4);
  for (const sentence of [...title, ...body]) {
    const asked = sentence.trim().endsWith('?');
    const plain = plainCase(sentence.replace(/[?!.]+$/, '').trim());
    for (const read of READERS) {
      const q = read(plain, asked);
      if (q) return q;
    }
  }
  return null;
}
