import {
  ASKED_BY_SELLER,
  CAP_BEFORE,
  HYPOTHETICAL,
  NAMED_BUDGET,
  NOT_A_BUDGET,
  RANGE_START,
  REFUSED_AMOUNT,
  SPEND_AFTER,
  SPEND_CONTEXT,
} from './phrases/budget.ts';

/**
 * The amount a buyer states as their budget ("budget about $45/mo", "$600 budget", "[$500-$800]", "$240/year"),
 * per month when the profile prices per month: yearly amounts are divided by 12, and amounts with no period are
 * not compared at all. An amount named as a budget ("budget", "can spend", "willing to pay") wins over the
 * others; otherwise the largest counts. An amount the author refuses ("just not $70 a month") is no budget.
 */
export function statedBudget(
  title: string,
  body: string,
  monthly: boolean,
  itemPriced: boolean,
): { amount: number; text: string; named: boolean; called: boolean } | null {
  const text = `${title}\n${body.slice(0, 800)}`;
  // Most posts name no amount: one cheap look before the amount regex walks every digit.
  if (!text.includes('$') && !/usd|dollars|bucks/.test(text)) return null;
  let best: { amount: number; text: string; named: boolean; called: boolean } | null = null;
  for (const m of text.matchAll(
    /\$\s?(\d[\d,]*(?:\.\d+)?)(k?)(?:\s?(?:\/|per |a |an )\s?(month|mo|year|yr|annum))?|(\d[\d,]*)\s?(?:usd|dollars|bucks)/g,
  )) {
    let n = Number((m[1] ?? m[4] ?? '0').replace(/,/g, '')) * (m[2] ? 1000 : 1);
    // "$120 million in funds" is no budget of $120.
    if (
      /^\s*(?:million|billion|mil|mm|bn|m|b)\b/.test(
        text.slice(m.index + m[0].length, m.index + m[0].length + 9),
      )
    )
      continue;
    if (monthly) {
      if (!m[3]) continue;
      if (/^y|^an/.test(m[3])) n /= 12;
    }
    if (n < (monthly ? 1 : 50) || n >= 100_000) continue;
    const before = text.slice(Math.max(0, m.index - 30), m.index);
    if (notSpent(before)) continue;
    // The end of a range is judged by the words before its start: "charging anywhere from $500 to $2,000".
    const start = RANGE_START.exec(before);
    if (
      start &&
      notSpent(
        text.slice(
          Math.max(0, m.index - before.length + start.index - 30),
          m.index - before.length + start.index,
        ),
      )
    )
      continue;
    if (HYPOTHETICAL.test(text.slice(Math.max(0, m.index - 60), m.index))) continue;
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + 30);
    const named = NAMED_BUDGET.test(before) || /^\S+\s+budget/.test(text.slice(m.index, m.index + 30));
    // Called a budget, or a cap or range the author sets ("under $50", "in the $500-750 range", "$40 max").
    const called = named || CAP_BEFORE.test(before) || SPEND_AFTER.test(after);
    // In the body an amount is a budget only when money words lead to it ("pay up to $300", "for $500") or
    // follow it ("$500 range"): the figures of a spreadsheet or a story ("a total of $1036") are not.
    // (A device is bought by the item: "something in the $500-750 range" is its buyer's price.)
    // A price per month or year ("$40/month") is a price wherever it stands; a bare amount needs the money words.
    if (
      !itemPriced &&
      !m[3] &&
      m.index > title.length &&
      !named &&
      !SPEND_CONTEXT.test(before) &&
      !SPEND_AFTER.test(after)
    )
      continue;
    if (!best || (named && !best.named) || (named === best.named && n > best.amount))
      best = { amount: n, text: m[0].trim().replace(/[,.]+$/, ''), named, called };
  }
  return best;
}

/** Words right before an amount that say it is not what the author would spend. */
const notSpent = (before: string) =>
  REFUSED_AMOUNT.test(before) || NOT_A_BUDGET.test(before) || ASKED_BY_SELLER.test(before);
