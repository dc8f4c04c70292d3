import { randomBytes } from 'node:crypto';
import type { AccountsService } from '../accounts/accounts.service.ts';
import { hashKey } from '../accounts/keys.ts';
import type { Clock } from '../clock.ts';
import type { Config, Tier } from '../config/index.ts';
import { AppError, notFound } from '../contract/errors.ts';
import type { Queryable } from '../db/client.ts';
import { normalizeEmail } from '../domain/email.ts';
import { createLinkDelivery, type OperatorLog, stdoutLog } from './link-delivery.ts';
import { createSessionsRepo } from './sessions.repo.ts';
import type { LinkRequested, SignInLink } from './sessions.schemas.ts';

export const SIGN_IN_TTL_MS = 15 * 60_000;
export const SESSION_TTL_MS = 30 * 86_400_000;
/** A session's expiry moves forward on use, but at most once this often: one write an hour, not one a request. */
const SESSION_EXTEND_EVERY_MS = 3_600_000;

/** 32 random bytes, base64url: the shape of every sign-in and session token; anything else is refused unread. */
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;
const newToken = () => randomBytes(32).toString('base64url');

/** Link requests from the page, per address and per client address, in one-hour windows (docs/decisions/0061). */
export const LINK_REQUESTS = { windowMs: 3_600_000, perAddress: 5, perClient: 20 } as const;
const signInUrl = (base: string, token: string) => `${base}/sign-in#token=${token}`;

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
  /** Where links go without SMTP, and notes for the operator; default: the service's standard output. */
  log?: OperatorLog;
}) {
  const { db, clock, config, accounts } = deps;
  const log = deps.log ?? stdoutLog;
  const repo = createSessionsRepo(db);
  const delivery = createLinkDelivery(config.signIn, log);
  const sending = new Set<Promise<void>>();
  const signupOpen = config.signIn.signup === 'open';
  const unauthorized = () =>
    new AppError('unauthorized', 'Not signed in, or the session has ended: sign in again.');

  /** Counts the request against its subject; past the limit, rate_limited with the wait in words and seconds. */
  async function throttle(subject: string, limit: number, who: string, now: Date): Promise<void> {
    const hashed = hashKey(subject);
    const { requests, since } = await repo.countRequest(hashed, now, LINK_REQUESTS.windowMs);
    if (requests <= limit) return;
    const seconds = Math.max(1, Math.ceil((since.getTime() + LINK_REQUESTS.windowMs - now.getTime()) / 1000));
    const minutes = Math.ceil(seconds / 60);
    throw new AppError(
      'rate_limited',
      `Too many sign-in links were asked ${who} (at most ${limit} an hour). ` +
        `Try again in ${minutes} minute${minutes === 1 ? '' : 's'}; a link already sent still works.`,
      { 'Retry-After': String(seconds) },
    );
  }

  /** Sends without making the request wait: the answer must not take longer for an address that has an account. */
  function deliver(message: Parameters<typeof delivery.send>[0]): void {
    const sent = delivery
      .send(message)
      .catch((err: Error) => log(`Could not e-mail a sign-in link to ${message.to}: ${err.message}`))
      .finally(() => sending.delete(sent));
    sending.add(sent);
  }

  /** The account a sign-up link was sent for: a new free one, or the one made since by another link. */
  async function signUp(email: string): Promise<string> {
    const existing = await accounts.findUser({ email });
    if (existing) return existing.id;
    try {
      return (await accounts.createUser(email, 'free')).id;
    } catch (err) {
      const raced = await accounts.findUser({ email });
      if (raced) return raced.id;
      throw err;
    }
  }

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
        signInUrl: signInUrl(config.publicBaseUrl, token),
        expiresAt: expiresAt.toISOString(),
      };
    },

    /**
     * The sign-in page's request for a link (docs/decisions/0061). The answer is the same whether the address
     * has an account or not; the link, if any, goes by e-mail or to the service's log. An unknown address gets a
     * sign-up link when sign-up is open, and nothing otherwise.
     */
    async requestSignInLink(input: { email: string; clientIp: string }): Promise<LinkRequested> {
      const email = normalizeEmail(input.email);
      if (!email) {
        throw new AppError('invalid_request', 'Enter an e-mail address, like you@example.com.');
      }
      const now = clock.now();
      await repo.deleteThrottleBefore(new Date(now.getTime() - LINK_REQUESTS.windowMs));
      await throttle(`client ${input.clientIp}`, LINK_REQUESTS.perClient, 'from your network', now);
      await throttle(`address ${email}`, LINK_REQUESTS.perAddress, 'for this address', now);

      const validMinutes = SIGN_IN_TTL_MS / 60_000;
      const expiresAt = new Date(now.getTime() + SIGN_IN_TTL_MS);
      const token = newToken();
      const user = await accounts.findUser({ email });
      if (user) {
        await repo.insertSignInToken(hashKey(token), user.id, expiresAt, now);
        deliver({ to: email, url: signInUrl(config.publicBaseUrl, token), kind: 'sign-in', validMinutes });
      } else if (signupOpen) {
        await repo.insertSignUpToken(hashKey(token), email, expiresAt, now);
        deliver({ to: email, url: signInUrl(config.publicBaseUrl, token), kind: 'sign-up', validMinutes });
      } else {
        // Only the operator reads this; the page says the same as for an account.
        log(
          `Sign-in link asked for ${email}, which has no account (sign-up is closed): ` +
            `create it with npm run setup -- --email ${email}`,
        );
      }
      return { delivery: delivery.via, validMinutes };
    },

    /** Waits for the e-mails being sent, then closes the mail transport. */
    async close(): Promise<void> {
      await Promise.all(sending);
      delivery.close();
    },

    /** Exchanges a sign-in token for a new session token; the sign-in token cannot be used again. */
    async signIn(token: string): Promise<{ sessionToken: string; expiresAt: Date }> {
      const now = clock.now();
      const used = TOKEN_FORMAT.test(token) ? await repo.consumeSignInToken(hashKey(token), now) : undefined;
      const userId = used && (used.user_id ?? (await signUp(used.email!)));
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
