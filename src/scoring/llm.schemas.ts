import { type Static, Type } from 'typebox';
import {
  type LeadScore,
  productName,
  type ScoringItem,
  type ScoringProfile,
  STAGES,
} from '../domain/scoring.ts';

/** What the model must answer when it scores a lead: sent as the response JSON schema, then checked. */
export const LlmLeadAnswer = Type.Object(
  {
    score: Type.Integer({ minimum: 0, maximum: 100 }),
    stage: Type.Union([...STAGES.map((s) => Type.Literal(s)), Type.Null()]),
    reason: Type.String({ minLength: 1, maxLength: 300 }),
    sellerSide: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type LlmLeadAnswer = Static<typeof LlmLeadAnswer>;

/** What the model must answer when it drafts a reply. */
export const LlmReplyAnswer = Type.Object(
  { reply: Type.String({ minLength: 1, maxLength: 2000 }) },
  { additionalProperties: false },
);
export type LlmReplyAnswer = Static<typeof LlmReplyAnswer>;

/** Bump when the prompts change: cached answers of an older prompt are not reused. */
export const PROMPT_VERSION = 2;
const BODY_CHARS = 4000;

function profileText(p: ScoringProfile): string {
  return JSON.stringify({
    name: p.name,
    url: p.url,
    pain: p.pain,
    solution: p.solution,
    targetUsers: p.targetUsers,
    geography: p.geography,
    budgetFit: p.budgetFit,
    competitors: p.competitors,
  });
}

function postText(item: ScoringItem): string {
  return `Subreddit: r/${item.subreddit}\nKind: ${item.kind}\nTitle: ${item.title}\n\n${item.body.slice(0, BODY_CHARS)}`;
}

const SCORE_RULES = `You rate Reddit posts as sales leads for one product. Judge the AUTHOR from the title and body only.
score 0-100 is a sort order for a human's attention:
- 75-100: actively looking for a product or service like this one (asks for recommendations or alternatives, compares options, wants to buy or hire) and fits its target users, geography and budget.
- 50-74: clearly has the pain the product solves, or is evaluating approaches, without asking for a tool.
- 20-49: on-topic but not a buyer (advice, stories, general discussion, how-to questions a product would not answer).
- 0-19: off-topic, or the selling side.
sellerSide is true when the author sells or promotes: offers their own product, service or skills ([For Hire], "I built", "check out my"), sells an item ("[H] item [W] PayPal"), recruits users or asks feedback on their own product. Such posts score below 10.
stage is null below 50, else one of problem-aware, solution-seeking, comparing, purchase-ready.
reason is one specific line naming the signals (what they ask for, which product they compare, their budget).
Answer with JSON only.`;

export function scoreMessages(item: ScoringItem, profile: ScoringProfile) {
  return [
    { role: 'system', content: SCORE_RULES },
    { role: 'user', content: `Product profile: ${profileText(profile)}\n\nPost:\n${postText(item)}` },
  ];
}

const REPLY_RULES = `You draft a Reddit reply that a human will review before posting (it is never posted automatically).
Rules:
- Answer the author's actual question first, in their own terms (their business, numbers, the tools they named), with concrete, useful advice; the answer must stand on its own without the product.
- Open with something specific to this post. Never open with a stock phrase ("That sounds frustrating", "Great question", "I hear you"), and vary structure: not every reply needs the same shape.
- Only when the post asks for a tool, a product or a service of the product's kind, mention the product once, in one sentence, by the name given, with its url, and say plainly that you work on it (a disclosure). A how-to question or a problem gets advice only, with no product.
- Plain, grammatical English; no hard sell, no hashtags, no emoji; under 100 words. No signature: one is added after.
Answer with JSON only: {"reply": "..."}.`;

/** The project's reply tone, as the model is told it. */
const TONE_WORDS = {
  plain: 'plain: short and direct',
  friendly: 'friendly: a warmer first line, still specific',
  expert: 'expert: specific, technical advice, as a practitioner writes it',
} as const;

export function replyMessages(item: ScoringItem, profile: ScoringProfile, lead: LeadScore) {
  return [
    { role: 'system', content: REPLY_RULES },
    {
      role: 'user',
      content: `Product profile: ${profileText(profile)}\nName the product as: ${productName(profile)}\nTone: ${TONE_WORDS[profile.replyTone ?? 'plain']}\n\nLead: stage ${lead.stage ?? 'none'}; ${lead.reason ?? ''}\n\nPost:\n${postText(item)}`,
    },
  ];
}
