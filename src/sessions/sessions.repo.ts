import type { Tier } from '../config/index.ts';
import type { Queryable } from '../db/client.ts';

export interface SessionRow {
  user_id: string;
  email: string | null;
  tier: Tier;
  expires_at: Date;
  last_seen_at: Date;
}

/** Sign-in tokens and sessions, both looked up by the SHA-256 of the secret the browser holds. */
export function createSessionsRepo(db: Queryable) {
  return {
    async insertSignInToken(hash: string, userId: string, expiresAt: Date, at: Date): Promise<void> {
      await db.query(
        'INSERT INTO sign_in_tokens (hash, user_id, expires_at, created_at) VALUES ($1, $2, $3, $4)',
        [hash, userId, expiresAt, at],
      );
    },

    /** A sign-up token: no account yet, only the address the account will have. */
    async insertSignUpToken(hash: string, email: string, expiresAt: Date, at: Date): Promise<void> {
      await db.query(
        'INSERT INTO sign_in_tokens (hash, email, expires_at, created_at) VALUES ($1, $2, $3, $4)',
        [hash, email, expiresAt, at],
      );
    },

    /**
     * Marks a live token used and returns its account, or for a sign-up token the address to create one for;
     * one statement, so two requests cannot both use it.
     */
    async consumeSignInToken(
      hash: string,
      at: Date,
    ): Promise<{ user_id: string | null; email: string | null } | undefined> {
      const rows = await db.query<{ user_id: string | null; email: string | null }>(
        `UPDATE sign_in_tokens SET used_at = $2
          WHERE hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING user_id, email`,
        [hash, at],
      );
      return rows[0];
    },

    /**
     * Counts one request of a subject in its fixed window (a new window once the old one is over) and returns
     * the count so far; one statement, so concurrent requests are all counted.
     */
    async countRequest(
      subject: string,
      at: Date,
      windowMs: number,
    ): Promise<{ requests: number; since: Date }> {
      const rows = await db.query<{ requests: number; window_start: Date }>(
        `INSERT INTO sign_in_throttle AS t (subject, window_start, requests) VALUES ($1, $2, 1)
         ON CONFLICT (subject) DO UPDATE SET
           requests = CASE WHEN t.window_start > $3 THEN t.requests + 1 ELSE 1 END,
           window_start = CASE WHEN t.window_start > $3 THEN t.window_start ELSE $2 END
         RETURNING requests, window_start`,
        [subject, at, new Date(at.getTime() - windowMs)],
      );
      return { requests: rows[0]!.requests, since: rows[0]!.window_start };
    },

    /** Forgets throttle windows that ended before this moment. */
    async deleteThrottleBefore(before: Date): Promise<void> {
      await db.query('DELETE FROM sign_in_throttle WHERE window_start <= $1', [before]);
    },

    async insertSession(hash: string, userId: string, at: Date, expiresAt: Date): Promise<void> {
      await db.query(
        `INSERT INTO sessions (hash, user_id, created_at, expires_at, last_seen_at) VALUES ($1, $2, $3, $4, $3)`,
        [hash, userId, at, expiresAt],
      );
    },

    async findLiveSession(hash: string, at: Date): Promise<SessionRow | undefined> {
      const rows = await db.query<SessionRow>(
        `SELECT s.user_id, u.email, u.tier, s.expires_at, s.last_seen_at
           FROM sessions s JOIN users u ON u.id = s.user_id
          WHERE s.hash = $1 AND s.expires_at > $2`,
        [hash, at],
      );
      return rows[0];
    },

    async extendSession(hash: string, at: Date, expiresAt: Date): Promise<void> {
      await db.query('UPDATE sessions SET last_seen_at = $2, expires_at = $3 WHERE hash = $1', [
        hash,
        at,
        expiresAt,
      ]);
    },

    async deleteSession(hash: string): Promise<void> {
      await db.query('DELETE FROM sessions WHERE hash = $1', [hash]);
    },

    /** Forgets the account's expired sessions and spent or expired sign-in tokens. */
    async deleteStale(userId: string, at: Date): Promise<void> {
      await db.query('DELETE FROM sessions WHERE user_id = $1 AND expires_at <= $2', [userId, at]);
      await db.query(
        'DELETE FROM sign_in_tokens WHERE user_id = $1 AND (used_at IS NOT NULL OR expires_at <= $2)',
        [userId, at],
      );
      // Sign-up links of nobody in particular: every spent or expired one.
      await db.query(
        'DELETE FROM sign_in_tokens WHERE user_id IS NULL AND (used_at IS NOT NULL OR expires_at <= $1)',
        [at],
      );
    },
  };
}
export type SessionsRepo = ReturnType<typeof createSessionsRepo>;
