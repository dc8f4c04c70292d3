// The configured LLM's suggestion (an OpenAI-compatible chat endpoint, LLM_BASE_URL): the same JSON the local method
// gives, asked for in one call; any failure leaves the local suggestion (docs/onboarding.md shows the prompt).
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import type { LlmConfig } from '../config/index.ts';
import { withoutNulDeep } from '../domain/nul-text.ts';
import { namesOnlyAProduct } from '../domain/scoring/generic.ts';
import { normalizeSubreddit } from '../domain/subreddit-name.ts';
import type { ProductText, ProfileSuggestion } from '../domain/suggestion/suggest.ts';
import { CHROME_PHRASE, CHROME_WORDS } from '../domain/suggestion/vocabulary.ts';
import { chatCompletion, OpenAiError } from '../insights/openai-client.ts';

export const LLM_SUGGEST_API = 'llm.suggest';
/** The page text sent to the model: enough for a product page's hero, features and pricing. */
const PROMPT_TEXT_CHARS = 6000;

export const SUGGEST_SYSTEM = [
  'You set up a lead-finding profile for a product: the service watches Reddit for posts by people who need it.',
  'Read the product text and answer with one JSON object and nothing else, with these keys:',
  '"name" (the product name), "solution" (what it is, one sentence), "pain" (the problem buyers have, one or two',
  'sentences), "targetUsers" (who buys it), "geography" (markets the text names, or null), "budgetFit" (the price the',
  'text states, e.g. "from $12 per month", or null), "keywords" (5 to 12 short phrases a person writes on Reddit when',
  'they need the product, e.g. "late payments", "invoice reminders"; no marketing words, no page words like Pricing',
  'or Log in, no product names), "exclusions" (words that mark another meaning of an ambiguous keyword, or []),',
  '"competitors" (products the text names as alternatives or compares with, or []), "subreddits" (up to 5 subreddit',
  'names without r/ where such people post).',
  'Use only what the text says for geography, budgetFit and competitors.',
].join(' ');

/** The product's text as the model reads it: title, descriptions, the person's paragraph, then the page's blocks. */
export function suggestionPrompt(t: ProductText): string {
  const lines = [
    t.url && `URL: ${t.url}`,
    t.title && `Title: ${t.title}`,
    t.siteName && `Site name: ${t.siteName}`,
    t.description && `Description: ${t.description}`,
    t.socialDescription &&
      t.socialDescription !== t.description &&
      `Social description: ${t.socialDescription}`,
    t.userDescription && `The owner's description: ${t.userDescription}`,
    t.blocks.length ? 'Page text:' : null,
    ...t.blocks.map((b) =>
      b.kind === 'heading' ? `${'#'.repeat(b.level)} ${b.text}` : b.kind === 'item' ? `- ${b.text}` : b.text,
    ),
  ].filter(Boolean) as string[];
  const text = lines.join('\n');
  return text.length > PROMPT_TEXT_CHARS ? `${text.slice(0, PROMPT_TEXT_CHARS)}\n…` : text;
}

const Text = (max: number) => Type.Union([Type.String({ maxLength: max }), Type.Null()]);
const Answer = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  solution: Text(4000),
  pain: Text(4000),
  targetUsers: Text(4000),
  geography: Type.Optional(Text(500)),
  budgetFit: Type.Optional(Text(500)),
  keywords: Type.Array(Type.String({ maxLength: 200 }), { minItems: 1, maxItems: 40 }),
  exclusions: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 20 })),
  competitors: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 20 })),
  subreddits: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 20 })),
});

/** The model's profile, cleaned as the local one is (no chrome, no product-only words), with its subreddits. */
export interface ModelSuggestion {
  profile: ProfileSuggestion;
  subreddits: string[];
}

function readAnswer(content: string, url: string | null): ModelSuggestion {
  const json = /\{[\s\S]*\}/.exec(content.replace(/^```(?:json)?\s*|\s*```$/g, ''))?.[0];
  let parsed: unknown;
  try {
    parsed = withoutNulDeep(JSON.parse(json ?? ''));
  } catch {
    throw new Error(`the answer is not JSON: ${JSON.stringify(content.slice(0, 80))}`);
  }
  if (!Value.Check(Answer, parsed)) {
    const first = Value.Errors(Answer, parsed)[0];
    throw new Error(
      `the answer does not have the asked shape (${first?.instancePath || '/'} ${first?.message ?? ''})`,
    );
  }
  const a = parsed;
  const keywords = [
    ...new Set(
      a.keywords
        .map((k) => k.trim())
        .filter(
          (k) =>
            k &&
            !k.startsWith('-') &&
            !CHROME_PHRASE.test(k) &&
            !k
              .toLowerCase()
              .split(/\s+/)
              .some((w) => CHROME_WORDS.has(w)) &&
            !namesOnlyAProduct(k),
        ),
    ),
  ].slice(0, 12);
  if (keywords.length === 0) throw new Error('the answer holds no usable keyword');
  const exclusions = (a.exclusions ?? [])
    .map((w) => w.trim().replace(/^-+/, ''))
    .filter((w) => w && !/\s/.test(w))
    .map((w) => `-${w}`);
  const subreddits = (a.subreddits ?? []).flatMap((s) => {
    const n = normalizeSubreddit(s.replace(/^\/?r\//i, ''));
    return 'name' in n ? [n.name] : [];
  });
  const clean = (s: string | null | undefined) => (s?.trim() ? s.trim() : null);
  return {
    profile: {
      name: a.name.trim(),
      url,
      pain: clean(a.pain),
      solution: clean(a.solution),
      targetUsers: clean(a.targetUsers),
      geography: clean(a.geography),
      budgetFit: clean(a.budgetFit),
      keywords: [...keywords, ...new Set(exclusions)],
      competitors: [...new Set((a.competitors ?? []).map((c) => c.trim()).filter(Boolean))].slice(0, 10),
    },
    subreddits,
  };
}

export type ModelOutcome =
  | { ok: true; suggestion: ModelSuggestion; costUsd: number }
  | { ok: false; error: string; costUsd: number };

/** Asks the configured model; never throws: a failure is an outcome with what it still cost. */
export async function askModel(
  llm: LlmConfig,
  text: ProductText,
  doFetch?: typeof fetch,
): Promise<ModelOutcome> {
  try {
    const answer = await chatCompletion(
      llm,
      [
        { role: 'system', content: SUGGEST_SYSTEM },
        { role: 'user', content: suggestionPrompt(text) },
      ],
      { temperature: 0.2, fetch: doFetch },
    );
    try {
      return { ok: true, suggestion: readAnswer(answer.content, text.url), costUsd: answer.costUsd };
    } catch (err) {
      return { ok: false, error: (err as Error).message, costUsd: answer.costUsd };
    }
  } catch (err) {
    return {
      ok: false,
      error: (err as Error).message,
      costUsd: err instanceof OpenAiError ? err.costUsd : 0,
    };
  }
}
