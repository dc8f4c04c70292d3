import { randomBytes } from 'node:crypto';
import type { AccountsService } from '../accounts/accounts.service.ts';
import { hashKey } from '../accounts/keys.ts';
import type { Clock } from '../clock.ts';
import type { Config, Tier } from '../config.ts';
import type { Queryable } from '../db/client.ts';
import { AppError, notFound } from '../errors.ts';
import { createSessionsRepo } from './sessions.repo.ts';
import type { SignInLink } from './sessions.schemas.ts';

export const SIGN_IN_TTL_MS = 15 * 60_000;
export const SESSION_TTL_MS = 30 * 86_400_000;
/** A session's expiry moves forward on use, but at most once this often: one write an hour, not one a request. */
const SESSION_EXTEND_EVERY_MS = 3_600_000;

/** 32 random bytes, base64url: the shape of every sign-in and session token; anything else is refused unread. */
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;
const newToken = () => randomBytes(32).toString('base64url');

/** The account a dashboard request acts for. */
export interface SessionAccount {
  userId: string;
  email: string | null;
  tier: Tier;
  /** Set when this request moved the session's expiry, so the cookie can be renewed to match. */
  extendedUntil: Date | null;
}

/**
 * Sign-in links and cookie sessions for the dashboard (docs/decisions/0060-dashboard.md). Tokens carry 256
 * random bits and are looked up by SHA-256, so a lookup's timing reveals nothing about a stored token.
 */
export function createSessionsService(deps: {
  db: Queryable;
  clock: Clock;
  config: Config;
  accounts: AccountsService;
}) {
  const { db, clock, config, accounts } = deps;
  const repo = createSessionsRepo(db);
  const unauthorized = () =>
    new AppError('unauthorized', 'Not signed in, or the session has ended: sign in again.');

  return {
    /** A single-use sign-in link for an existing account, valid 15 minutes; not_found for an unknown account. */
    async mintSignInLink(who: { userId: string } | { email: string }): Promise<SignInLink> {
      const user = await accounts.findUser(who);
      if (!user) throw notFound('account');
      const now = clock.now();
      const token = newToken();
      const expiresAt = new Date(now.getTime() + SIGN_IN_TTL_MS);
      await repo.insertSignInToken(hashKey(token), user.id, expiresAt, now);
      return {
        userId: user.id,
        email: user.email,
        signInUrl: `${config.publicBaseUrl}/sign-in#token=${token}`,
        expiresAt: expiresAt.toISOString(),
      };
    },

    /** Exchanges a sign-in token for a new session token; the sign-in token cannot be used again. */
    async signIn(token: string): Promise<{ sessionToken: string; expiresAt: Date }> {
      const now = clock.now();
      const userId = TOKEN_FORMAT.test(token)
        ? await repo.consumeSignInToken(hashKey(token), now)
        : undefined;
      if (!userId) {
        throw new AppError(
          'unauthorized',
          'This sign-in link is not valid: it may have been used already or have expired (links last 15 minutes).',
        );
      }
      await repo.deleteStale(userId, now);
      const sessionToken = newToken();
      const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
      await repo.insertSession(hashKey(sessionToken), userId, now, expiresAt);
      return { sessionToken, expiresAt };
    },

    /** The account behind a session cookie; unauthorized when it is missing, unknown or expired. */
    async authenticate(sessionToken: string | undefined): Promise<SessionAccount> {
      if (!sessionToken || !TOKEN_FORMAT.test(sessionToken)) throw unauthorized();
      const now = clock.now();
      const hash = hashKey(sessionToken);
      const row = await repo.findLiveSession(hash, now);
      if (!row) throw unauthorized();
      let extendedUntil: Date | null = null;
      if (now.getTime() - row.last_seen_at.getTime() >= SESSION_EXTEND_EVERY_MS) {
        extendedUntil = new Date(now.getTime() + SESSION_TTL_MS);
        await repo.extendSession(hash, now, extendedUntil);
      }
      return { userId: row.user_id, email: row.email, tier: row.tier, extendedUntil };
    },

    /** Ends the session, if there is one. */
    async signOut(sessionToken: string | undefined): Promise<void> {
      if (sessionToken && TOKEN_FORMAT.test(sessionToken)) await repo.deleteSession(hashKey(sessionToken));
    },
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;
