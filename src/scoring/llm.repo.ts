import type { Queryable } from '../db/client.ts';

export type AnswerKind = 'score' | 'reply';

/** The cache of model answers, keyed by item, profile hash and kind. */
export function createLlmCacheRepo(db: Queryable) {
  return {
    async get(itemKey: string, profileHash: string, kind: AnswerKind): Promise<unknown | undefined> {
      const rows = await db.query<{ answer: unknown }>(
        'SELECT answer FROM llm_answers WHERE item_key = $1 AND profile_hash = $2 AND kind = $3',
        [itemKey, profileHash, kind],
      );
      return rows[0]?.answer;
    },
    async put(itemKey: string, profileHash: string, kind: AnswerKind, answer: unknown): Promise<void> {
      await db.query(
        `INSERT INTO llm_answers (item_key, profile_hash, kind, answer) VALUES ($1, $2, $3, $4::text::jsonb)
         ON CONFLICT (item_key, profile_hash, kind) DO UPDATE SET answer = EXCLUDED.answer, created_at = now()`,
        [itemKey, profileHash, kind, JSON.stringify(answer)],
      );
    },
  };
}
export type LlmCacheRepo = ReturnType<typeof createLlmCacheRepo>;
