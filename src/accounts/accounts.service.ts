import type { Clock } from '../clock.ts';
import type { Config, Tier, TierLimits } from '../config/index.ts';
import { AppError, notFound } from '../contract/errors.ts';
import type { Db, Queryable } from '../db/client.ts';
import { isDatabaseUnavailable } from '../db/health.ts';
import { createAccountsRepo, type KeyRow } from './accounts.repo.ts';
import {
  type ApiKey,
  type CreatedApiKey,
  type KeyScope,
  REST_SCOPES,
  TOOL_SCOPES,
} from './accounts.schemas.ts';
import { type BatchSeat, createCountBatcher } from './count-batcher.ts';
import { generateKey, hashKey, type KeyKind, kindOfKey, sameHash } from './keys.ts';

export interface Caller {
  userId: string;
  email: string | null;
  tier: Tier;
  userCreatedAt: Date;
  keyId: string;
  keyKind: KeyKind;
  keyPrefix: string;
  scopes: string[];
}

export interface Allowance {
  requestsToday: number;
  requestsPerDay: number | null;
  secondsToReset: number;
}

const DAY_MS = 86_400_000;

function toApiKey(r: KeyRow): ApiKey {
  return {
    id: r.id,
    kind: r.kind,
    prefix: r.prefix,
    scopes: r.scopes as KeyScope[],
    createdAt: r.created_at.toISOString(),
    lastUsedAt: r.last_used_at?.toISOString() ?? null,
    revokedAt: r.revoked_at?.toISOString() ?? null,
  };
}

const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const latest = (batch: { at: Date }[]) => new Date(Math.max(...batch.map((c) => c.at.getTime())));
/** A batched request's own count: the day's count after the batch, less the requests seated after it. */
const countOf = (seat: BatchSeat<unknown>, after: number) => after - seat.size + seat.index + 1;

export function secondsToNextUtcMidnight(now: Date): number {
  const next = Math.floor(now.getTime() / DAY_MS + 1) * DAY_MS;
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

const KEY_NAMES: Record<KeyKind, string> = { rest: 'REST', mcp: 'tool' };

/** The plan's refusal of one more key of a kind (docs/decisions/0096-api-key-cap.md). */
function keyCapReached(tier: Tier, kind: KeyKind, max: number): AppError {
  return new AppError(
    'forbidden',
    max === 0
      ? `${KEY_NAMES[kind]} keys are not part of the ${tier} plan.`
      : `The ${tier} plan allows ${max} active ${KEY_NAMES[kind]} key${max === 1 ? '' : 's'}; revoke one to add another.`,
  );
}

/** `db` may be a transaction already (setup's); then key issuing runs in it rather than in one of its own. */
export function createAccountsService(deps: { db: Queryable | Db; clock: Clock; config: Config }) {
  const { db, clock, config } = deps;
  const repo = createAccountsRepo(db);
  // One counting statement in flight per key and day; requests arriving meanwhile are counted together in the
  // next one instead of queueing on the counter row's lock (docs/decisions/0005).
  const unavailable = { failsWaiting: isDatabaseUnavailable };
  const countingKeys = createCountBatcher(
    (batch: { hash: string; surface: KeyKind; day: string; at: Date }[]) => {
      const { hash, surface, day } = batch[0]!;
      return repo.findKeyAndCount(hash, surface, day, latest(batch), batch.length);
    },
    unavailable,
  );
  const countingCallers = createCountBatcher((batch: { keyId: string; day: string; at: Date }[]) => {
    const { keyId, day } = batch[0]!;
    return repo.countRequests(keyId, day, latest(batch), batch.length);
  }, unavailable);

  /** Finds the key and counts this request; requests_today counts up to and including this request. */
  async function findKeyAndCount(hash: string, surface: KeyKind, at: Date) {
    const day = utcDay(at);
    const seat = await countingKeys.submit(`${surface} ${day} ${hash}`, { hash, surface, day, at });
    const row = seat.result;
    if (!row || row.requests_today === null) return row;
    return { ...row, requests_today: countOf(seat, row.requests_today) };
  }

  function limitsFor(tier: Tier): TierLimits | null {
    return config.selfHosted ? null : config.tierLimits[tier];
  }

  function checkAllowance(caller: Caller, requestsToday: number, now: Date): Allowance {
    const requestsPerDay = limitsFor(caller.tier)?.apiRequestsPerDay ?? null;
    const allowance = { requestsToday, requestsPerDay, secondsToReset: secondsToNextUtcMidnight(now) };
    if (requestsPerDay !== null && requestsToday > requestsPerDay) {
      throw new AppError(
        'rate_limited',
        `Daily allowance of ${requestsPerDay} requests used; it resets at 00:00 UTC.`,
        {
          'Retry-After': String(allowance.secondsToReset),
          ...rateLimitHeaders(allowance),
        },
      );
    }
    return allowance;
  }

  /** Looks the key up (and, given a time, counts the request in the same statement). */
  async function resolveKey(key: string | undefined, surface: KeyKind, countAt: Date | null) {
    if (!key) throw new AppError('unauthorized', 'Missing API key: send Authorization: Bearer <API_KEY>.');
    const hash = hashKey(key);
    const row = !kindOfKey(key)
      ? undefined
      : countAt
        ? await findKeyAndCount(hash, surface, countAt)
        : await repo.findKeyByHash(hash);
    if (!row || !sameHash(row.key_hash, hash) || row.revoked_at) {
      throw new AppError('unauthorized', 'Unknown or revoked API key.');
    }
    if (row.kind !== surface) {
      const wanted = surface === 'rest' ? 'a REST key (rl_sk_…)' : 'a tool key (sbk_…)';
      throw new AppError('forbidden', `This key cannot be used here: this surface needs ${wanted}.`);
    }
    const caller: Caller = {
      userId: row.user_id,
      email: row.email,
      tier: row.tier,
      userCreatedAt: row.user_created_at,
      keyId: row.key_id,
      keyKind: row.kind,
      keyPrefix: row.prefix,
      scopes: row.scopes,
    };
    return { caller, requestsToday: 'requests_today' in row ? (row.requests_today as number) : null };
  }

  return {
    limitsFor,

    /** The account with this email, created when new; its tier is set when given. */
    async ensureUser(email: string, tier?: Tier) {
      const existing = await repo.findUserByEmail(email);
      if (!existing) return repo.insertUser(email, tier ?? 'free');
      if (tier && existing.tier !== tier) await repo.setTier(existing.id, tier);
      return { ...existing, tier: tier ?? existing.tier };
    },

    createUser: (email: string | null, tier: Tier) => repo.insertUser(email, tier),
    hasAnyUser: async () => (await repo.countUsers()) > 0,

    /** The account with this id or email, if there is one. */
    findUser: (who: { userId: string } | { email: string }) =>
      'userId' in who ? repo.findUserById(who.userId) : repo.findUserByEmail(who.email),

    /**
     * Issues a new key and returns it; the key itself is never stored and cannot be shown again. Past the plan's
     * apiKeys (active keys of this kind) it is refused as forbidden; the count and the insert hold the account's lock.
     */
    async issueKey(userId: string, kind: KeyKind): Promise<CreatedApiKey> {
      const { key, hash, prefix } = generateKey(kind);
      const scopes = kind === 'rest' ? REST_SCOPES : TOOL_SCOPES;
      const insert = async (q: Queryable) => {
        const txRepo = createAccountsRepo(q);
        const tier = config.selfHosted ? undefined : await txRepo.lockUser(userId);
        const max = tier ? config.tierLimits[tier].apiKeys : null;
        if (tier && max !== null && (await txRepo.countActiveKeys(userId, kind)) >= max) {
          throw keyCapReached(tier, kind, max);
        }
        return txRepo.insertKey(userId, kind, hash, prefix, scopes, clock.now());
      };
      const row =
        config.selfHosted || !('transaction' in db) ? await insert(db) : await db.transaction(insert);
      return { id: row.id, kind, prefix, scopes: [...scopes], createdAt: row.created_at.toISOString(), key };
    },

    /** Every key of the account, revoked ones included, oldest first. */
    listKeys: async (userId: string): Promise<ApiKey[]> => (await repo.listKeys(userId)).map(toApiKey),

    /** Revokes one of the account's keys; requests with it are refused from now on. Another account's: not_found. */
    async revokeKey(userId: string, keyId: string): Promise<void> {
      if (!(await repo.revokeKey(userId, keyId, clock.now()))) throw notFound('key');
    },

    /**
     * Resolves a bearer key to its caller. Missing, unknown or revoked keys are unauthorized;
     * a valid key of the other kind is forbidden (it is real, just not for this surface).
     */
    async authenticate(key: string | undefined, surface: KeyKind): Promise<Caller> {
      return (await resolveKey(key, surface, null)).caller;
    },

    /**
     * authenticate and admitRequest in one database round trip: the hot path of every REST request.
     * Past the allowance it throws rate_limited.
     */
    async authorizeRequest(
      key: string | undefined,
      surface: KeyKind,
    ): Promise<{ caller: Caller; allowance: Allowance }> {
      const now = clock.now();
      const { caller, requestsToday } = await resolveKey(key, surface, now);
      return { caller, allowance: checkAllowance(caller, requestsToday!, now) };
    },

    /** Counts this request against the key's UTC day; past the allowance it throws rate_limited. */
    async admitRequest(caller: Caller): Promise<Allowance> {
      const now = clock.now();
      const day = utcDay(now);
      const seat = await countingCallers.submit(`${day} ${caller.keyId}`, {
        keyId: caller.keyId,
        day,
        at: now,
      });
      return checkAllowance(caller, countOf(seat, seat.result), now);
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;

/** IETF RateLimit fields; none when the key has no allowance. */
export function rateLimitHeaders(a: Allowance): Record<string, string> {
  if (a.requestsPerDay === null) return {};
  const remaining = Math.max(0, a.requestsPerDay - a.requestsToday);
  return {
    'RateLimit-Policy': `"daily";q=${a.requestsPerDay};w=86400`,
    RateLimit: `"daily";r=${remaining};t=${a.secondsToReset}`,
  };
}
