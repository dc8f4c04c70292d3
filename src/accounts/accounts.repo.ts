import type { Tier } from '../config/index.ts';
import type { Db, Queryable } from '../db/client.ts';
import { isRowId } from '../db/ids.ts';
import type { KeyKind } from './keys.ts';

export interface UserRow {
  id: string;
  email: string | null;
  tier: Tier;
  created_at: Date;
}

export interface KeyWithUser {
  key_id: string;
  kind: KeyKind;
  key_hash: string;
  prefix: string;
  scopes: string[];
  revoked_at: Date | null;
  user_id: string;
  email: string | null;
  tier: Tier;
  user_created_at: Date;
}

export interface KeyRow {
  id: string;
  kind: KeyKind;
  prefix: string;
  scopes: string[];
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

export function createAccountsRepo(db: Queryable | Db) {
  const relaxed = 'queryRelaxed' in db ? db.queryRelaxed : db.query;
  return {
    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      const rows = await db.query<UserRow>('SELECT id, email, tier, created_at FROM users WHERE email = $1', [
        email,
      ]);
      return rows[0];
    },
    async findUserById(id: string): Promise<UserRow | undefined> {
      const rows = await db.query<UserRow>('SELECT id, email, tier, created_at FROM users WHERE id = $1', [
        id,
      ]);
      return rows[0];
    },
    async insertUser(email: string | null, tier: Tier): Promise<UserRow> {
      const rows = await db.query<UserRow>(
        'INSERT INTO users (email, tier) VALUES ($1, $2) RETURNING id, email, tier, created_at',
        [email, tier],
      );
      return rows[0]!;
    },
    async setTier(userId: string, tier: Tier): Promise<void> {
      await db.query('UPDATE users SET tier = $2 WHERE id = $1', [userId, tier]);
    },
    async countUsers(): Promise<number> {
      const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
      return rows[0]!.n;
    },
    async insertKey(
      userId: string,
      kind: KeyKind,
      hash: string,
      prefix: string,
      scopes: readonly string[],
      at: Date,
    ): Promise<{ id: string; created_at: Date }> {
      const rows = await db.query<{ id: string; created_at: Date }>(
        `INSERT INTO api_keys (user_id, kind, key_hash, prefix, scopes, created_at) VALUES ($1, $2, $3, $4, $5, $6)
         RETURNING id, created_at`,
        [userId, kind, hash, prefix, scopes, at],
      );
      return rows[0]!;
    },
    /** Locks the account's row for the rest of the transaction (so counts and inserts are one step); its tier. */
    async lockUser(userId: string): Promise<Tier | undefined> {
      const rows = await db.query<{ tier: Tier }>('SELECT tier FROM users WHERE id = $1 FOR UPDATE', [
        userId,
      ]);
      return rows[0]?.tier;
    },
    async countActiveKeys(userId: string, kind: KeyKind): Promise<number> {
      const rows = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM api_keys WHERE user_id = $1 AND kind = $2 AND revoked_at IS NULL',
        [userId, kind],
      );
      return rows[0]!.n;
    },
    async listKeys(userId: string): Promise<KeyRow[]> {
      return db.query<KeyRow>(
        `SELECT id, kind, prefix, scopes, created_at, last_used_at, revoked_at FROM api_keys
          WHERE user_id = $1 ORDER BY created_at, id`,
        [userId],
      );
    },
    /** Revokes the account's key (a no-op when already revoked); false when the account has no such key. */
    async revokeKey(userId: string, keyId: string, at: Date): Promise<boolean> {
      if (!isRowId(keyId)) return false;
      const rows = await db.query(
        `UPDATE api_keys SET revoked_at = coalesce(revoked_at, $3) WHERE id = $2 AND user_id = $1 RETURNING id`,
        [userId, keyId, at],
      );
      return rows.length > 0;
    },
    async findKeyByHash(hash: string): Promise<KeyWithUser | undefined> {
      const rows = await db.query<KeyWithUser>(
        `SELECT k.id AS key_id, k.kind, k.key_hash, k.prefix, k.scopes, k.revoked_at,
                u.id AS user_id, u.email, u.tier, u.created_at AS user_created_at
           FROM api_keys k JOIN users u ON u.id = k.user_id
          WHERE k.key_hash = $1`,
        [hash],
      );
      return rows[0];
    },
    /**
     * One round trip for `count` requests with the same key: finds the key and, when it is live and of the
     * surface's kind, counts them against its UTC day and marks it used. requests_today is the day's count
     * after them, null when nothing was counted.
     */
    async findKeyAndCount(hash: string, surface: KeyKind, day: string, at: Date, count: number) {
      const rows = await relaxed<KeyWithUser & { requests_today: number | null }>(
        `WITH k AS (
           SELECT k.id AS key_id, k.kind, k.key_hash, k.prefix, k.scopes, k.revoked_at,
                  u.id AS user_id, u.email, u.tier, u.created_at AS user_created_at
             FROM api_keys k JOIN users u ON u.id = k.user_id
            WHERE k.key_hash = $1),
         live AS (SELECT key_id FROM k WHERE revoked_at IS NULL AND kind = $2),
         counted AS (
           INSERT INTO api_key_usage (key_id, day, requests) SELECT key_id, $3, $5::int FROM live
           ON CONFLICT (key_id, day) DO UPDATE SET requests = api_key_usage.requests + EXCLUDED.requests
           RETURNING requests),
         touched AS (
           -- last_used_at is for display: one write a minute per key, not one per request on a hot row.
           UPDATE api_keys SET last_used_at = $4
            WHERE id IN (SELECT key_id FROM live)
              AND (last_used_at IS NULL OR last_used_at < $4::timestamptz - interval '1 minute'))
         SELECT k.*, (SELECT requests FROM counted) AS requests_today FROM k`,
        [hash, surface, day, at, count],
      );
      return rows[0];
    },
    /** Counts `count` requests against the key's day and marks the key used; returns the day's count after them. */
    async countRequests(keyId: string, day: string, at: Date, count: number): Promise<number> {
      const rows = await db.query<{ requests: number }>(
        `WITH touched AS (UPDATE api_keys SET last_used_at = $3 WHERE id = $1)
         INSERT INTO api_key_usage (key_id, day, requests) VALUES ($1, $2, $4::int)
         ON CONFLICT (key_id, day) DO UPDATE SET requests = api_key_usage.requests + EXCLUDED.requests
         RETURNING requests`,
        [keyId, day, at, count],
      );
      return rows[0]!.requests;
    },
  };
}
export type AccountsRepo = ReturnType<typeof createAccountsRepo>;
