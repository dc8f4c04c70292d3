// A lead's reason in plain words, from what was read and how it was weighed.
import { CURRENCY_OF, GOODS, LOW_KINDS, MOVED_DOWN, MOVED_UP, MOVED_UP_UNASKED } from './phrases/reason.ts';
import { withArticle } from './question.ts';
import type { Signals, Weighed } from './reading.ts';
import { OTHER_NEEDS, SIGNAL } from './signals.ts';
import { capitalize } from './text.ts';
import { doesItThemselves, WEAK, writesAsExpert } from './weigh.ts';

const JOB_REASON = OTHER_NEEDS.find((n) => n.group === SIGNAL.employment)!.reason;

/** Why a seller post is one, in words a person recognises. */
function sellerReason(s: Signals): string {
  const said = s.sellerPhrases[0];
  return `Selling, not buying: the author offers or promotes something${said ? ` ("${said}")` : ''}`;
}

/** What the reason adds after a stated budget, by how it compares with the product's price. */
const BUDGET_NOTE: Record<NonNullable<Signals['budget']>, string> = {
  fits: '',
  over: ", above the product's range",
  under: ", well below the product's price",
};

/** " around <topic>", leaving out topic words the problem names ("Has the problem (no-shows)", not "… around no-shows"). */
function aroundTopic(topic: string[], pain: string): string {
  const rest = topic.filter((t) => !pain.toLowerCase().includes(t.toLowerCase()));
  return rest.length ? ` around ${rest.join(' and ')}` : '';
}

/**
 * The reason in plain words, most telling first: what the author asks for and for whom, their budget, the
 * competitor they leave, then anything that lowers the lead (elsewhere, over budget, advice, a story).
 * E.g. "Asks for booking software for a salon; budget $50/month".
 */
export function describe(s: Signals, w: Weighed, lift: 'up' | 'down' | null = null): string {
  if (w.sellerSide) return sellerReason(s);
  // "help with salon for a small salon" says it twice: the author's words leave the topic.
  const terms = [...new Set([...s.keywordsTitle, ...s.keywordsBody, ...s.topicConcepts])].filter(
    (t) => !s.who?.includes(t),
  );
  const topic = terms
    .filter((t, i) => !terms.some((u, j) => j < i && (u.includes(t) || t.includes(u))))
    .slice(0, 2);
  const thing =
    (s.asksFor && withArticle(s.asksFor)) ??
    s.personAsked ??
    // A tagged request or a trade title names the thing itself ("[BIFL Request] Backpack").
    (topic[0]
      ? s.taggedAsk || GOODS.test(topic[0])
        ? withArticle(topic[0])
        : `help with ${topic[0]}`
      : 'a recommendation');
  // "salon software for a salon" says it twice.
  const who = s.who && !thing.includes(s.who) ? ` for ${withArticle(s.who)}` : '';
  const parts: string[] = [];
  const competitor = s.ownCompetitorNames[0] ?? null;
  // What the post is about, in a phrase: its topic words, else the competitor it names ("About Elance").
  const subject = topic.join(' and ') || competitor || 'the topic';
  // A post that ranks low still says what it does ask, as a weak lead (its stage is never "ready to buy").
  const stage = w.stage;
  const weak = stage !== null && w.score < WEAK;
  if (stage === 'comparing')
    parts.push(
      s.leavesCompetitor && competitor
        ? `Wants an alternative to ${competitor}${who}`
        : s.ownCompetitors.length >= 2
          ? `Compares ${s.ownCompetitorNames[0]} and ${s.ownCompetitorNames[1]} for ${thing}${who}`
          : `Compares options${competitor ? ` (${competitor})` : ''} for ${thing}${who}`,
    );
  else if (stage === 'purchase-ready') parts.push(`Ready to buy: asks for ${thing}${who}`);
  else if (stage === 'solution-seeking')
    parts.push(
      // An on-topic question with no request phrase asks how to do something, not for a named thing.
      s.seek.phrases.length || s.asksFor
        ? `Asks for ${thing}${who}`
        : `Asks a question about ${subject}${who}`,
    );
  else if (stage === 'problem-aware')
    parts.push(
      s.pain.phrases[0]
        ? `Has the problem (${s.pain.phrases[0]})${aroundTopic(topic, s.pain.phrases[0])}${who}`
        : `Asks a question about ${subject}, not for a product`,
    );
  else if (w.fit < 0.25) parts.push('Barely about the product: a keyword in passing');
  // A post the meaning stage lifts says once that it asks in no usual words, not "asks for nothing" and then
  // "sounds like a request".
  else parts.push(`About ${subject}${lift === 'up' ? '' : ', but asks for nothing'}`);
  const unasked = parts[0]!.startsWith('About ');
  if (s.budgetText) parts.push(`budget ${s.budgetText}${s.budget ? BUDGET_NOTE[s.budget] : ''}`);
  if (competitor && stage !== 'comparing' && subject !== competitor) parts.push(`mentions ${competitor}`);
  if (weak) parts[0] = `Weak lead: ${parts[0]!.charAt(0).toLowerCase()}${parts[0]!.slice(1)}`;
  if (s.geography === 'foreign') {
    const currency = s.place ? CURRENCY_OF[s.place.toLowerCase()] : undefined;
    parts.push(
      currency
        ? `ranked lower: prices in ${currency}, outside the served geography`
        : `ranked lower: posted from ${s.place ? (s.place.toUpperCase().length <= 3 ? s.place.toUpperCase() : capitalize(s.place)) : 'elsewhere'}, outside the served geography`,
    );
  }
  if (s.otherDevice) parts.push(`ranked lower: shops for a ${s.otherDevice}, which the product is not`);
  if (writesAsExpert(s))
    parts.push(
      `ranked lower: writes as a technical expert (${s.jargon.slice(0, 3).join(', ')}), and the product is for people without one`,
    );
  if (s.role?.role === 'counterparty')
    parts.push(
      `ranked lower: the author deals with the product's users ("${s.role.said}") rather than being one`,
    );
  else if (s.role?.role === 'other')
    parts.push(
      `ranked lower: the author says who they are ("${s.role.said}"), and it is not the product's buyer`,
    );
  if (s.otherObject)
    parts.push(`ranked lower: asks for ${withArticle(s.otherObject)}, which the product is not`);
  if (s.otherTrade && !s.role)
    parts.push(`ranked lower: the author's own trade ("${s.otherTrade}") is not among the product's buyers`);
  if (doesItThemselves(s))
    parts.push(
      /^(?:how|is|are|any|best|easiest|quickest|simplest|right|proper|correct|checklist|workflow|tutorial|cod)/.test(
        s.diy ?? '',
      )
        ? `ranked lower: asks how to do it themselves ("${s.diy}"), not for someone to do it`
        : `ranked lower: looks for a tool to do it themselves ("${s.diy}"), not for someone to do it`,
    );
  if (s.adviceInTitle || (s.advice.length && s.question === 0 && !s.seek.inTitle))
    parts.push('ranked lower: gives advice rather than asking');
  else if (s.otherNeedTitle) parts.push(`ranked lower: ${s.otherNeedTitle}`);
  else if (s.jobOpening) parts.push(`ranked lower: ${JOB_REASON}`);
  else if (s.lowTitle.length)
    parts.push(`ranked lower: reads as ${lowKind(s.lowTitle[0]!)} ("${s.lowTitle[0]}")`);
  if (s.noBudget) parts.push('ranked lower: says there is no budget');
  if (lift === 'up') parts.push(unasked ? MOVED_UP_UNASKED : MOVED_UP);
  else if (lift === 'down') parts.push(MOVED_DOWN);
  return parts.join('; ');
}

function lowKind(phrase: string): string {
  return LOW_KINDS.find(([re]) => re.test(phrase))?.[1] ?? 'a discussion';
}
