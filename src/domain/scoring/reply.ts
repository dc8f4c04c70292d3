import { scoreItem } from './score.ts';
import type { LeadScore, ScoringItem, ScoringProfile } from './types.ts';

/** The longest draft we produce; drafts are read by a human who posts them, or not. */
export const MAX_REPLY_WORDS = 120;

/** "Online booking page with automatic reminders, deposits and a shared staff calendar" -> category + features. */
export function splitSolution(solution: string | null): { category: string | null; features: string[] } {
  if (!solution) return { category: null, features: [] };
  const text = solution.trim().replace(/\.$/, '');
  const at = text.search(/\s+with\s+/i);
  const category = (at >= 0 ? text.slice(0, at) : text).trim();
  const rest = at >= 0 ? text.slice(at).replace(/^\s+with\s+/i, '') : '';
  const features = rest
    .split(/,\s*|\s+and\s+/i)
    .map((f) => f.trim())
    .filter(Boolean);
  return { category: lowerFirst(category), features };
}

function lowerFirst(s: string): string {
  return /^[A-Z][a-z]/.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s;
}

function list(items: string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** The need in the author's own terms: a budget they stated, else the phrase that matched the project. */
function statedBudget(item: ScoringItem): string | null {
  return /\$\s?\d[\d,]*(?:\s?-\s?\$?\d[\d,]*)?/.exec(`${item.title} ${item.body.slice(0, 800)}`)?.[0] ?? null;
}

/**
 * The deterministic reply draft: first the author's need (what to look for, by their stage), then one honest
 * mention of the product with its name and url, under 120 words. Never posted by the service.
 */
export function draftReply(item: ScoringItem, profile: ScoringProfile, local?: LeadScore): string {
  const lead = local ?? scoreItem(item, profile);
  const { category, features } = splitSolution(profile.solution);
  // The product's name is said once, in the disclosure; a keyword that is the name itself is not the need.
  const named = (x: string | null) => x?.toLowerCase().includes(profile.name.toLowerCase()) ?? false;
  const topic =
    [lead.matchedPhrase, profile.keywords[0] ?? null, category].find((x) => x && !named(x)) ?? 'this';
  const lookFor = features.length
    ? list(features.slice(0, 3))
    : 'something simple you will actually keep using';
  const competitor = profile.competitors.find((c) =>
    `${item.title} ${item.body}`.toLowerCase().includes(c.toLowerCase()),
  );
  const budget = statedBudget(item);

  let need: string;
  switch (lead.stage) {
    case 'comparing':
      need = competitor
        ? `If ${competitor} isn't working for you, compare the alternatives on ${lookFor}, and on the total yearly cost rather than the headline price. Try two of them on a real week of work before you switch.`
        : `Between the options you're weighing (${topic}), I'd decide on ${lookFor}, and on the total yearly cost rather than the headline price.`;
      break;
    case 'purchase-ready':
      need = `For what you describe (${topic}${budget ? `, around ${budget}` : ''}), check ${lookFor} before the spec sheet; they matter more day to day. Check the return policy before you order, too.`;
      break;
    case 'solution-seeking':
      need = `For what you describe (${topic}), look for ${lookFor}. Most options have a free trial, so test one or two with your real workflow before committing.`;
      break;
    default:
      need = `That sounds frustrating. What usually helps here (${topic}) is having ${lookFor} in place, whichever tool or process you end up using.`;
  }
  const what = profile.solution ? `: ${lowerFirst(profile.solution.trim().replace(/\.$/, ''))}` : '';
  const mention = `Disclosure: I work on ${profile.name}${profile.url ? ` (${profile.url})` : ''}${what}. Happy to answer questions, and it may not be the right fit for you.`;
  let reply = `${need} ${mention}`;
  if (wordCount(reply) >= MAX_REPLY_WORDS) {
    const short = `Disclosure: I work on ${profile.name}${profile.url ? ` (${profile.url})` : ''}; it may or may not fit.`;
    const room = MAX_REPLY_WORDS - 1 - wordCount(short);
    const words = need.split(/\s+/).slice(0, room);
    reply = `${words.join(' ').replace(/[,;:]$/, '')}… ${short}`;
  }
  return reply;
}
