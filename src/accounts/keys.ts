import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError } from '../contract/errors.ts';

export type KeyKind = 'rest' | 'mcp';
export const KEY_PREFIX: Record<KeyKind, string> = { rest: 'rl_sk_', mcp: 'sbk_' };
const DISPLAY_PREFIX_LENGTH = 12;

/** A new secret key: a kind prefix and 32 random bytes. Only its hash is stored. */
export function generateKey(kind: KeyKind): { key: string; hash: string; prefix: string } {
  const key = KEY_PREFIX[kind] + randomBytes(32).toString('base64url');
  return { key, hash: hashKey(key), prefix: key.slice(0, DISPLAY_PREFIX_LENGTH) };
}

/** Keys carry 256 random bits, so one SHA-256 is enough; a slow hash would only slow every request. */
export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

export function kindOfKey(key: string): KeyKind | null {
  if (key.startsWith(KEY_PREFIX.rest)) return 'rest';
  if (key.startsWith(KEY_PREFIX.mcp)) return 'mcp';
  return null;
}

/**
 * The key in an `Authorization: Bearer <key>` header; undefined when there is none. Another scheme (`Basic …`,
 * a bare key) is refused saying so, rather than answered as if no key had been sent.
 */
export function bearerToken(header: string | undefined): string | undefined {
  const [scheme = '', ...rest] = header?.trim().split(/\s+/) ?? [];
  if (scheme === '') return undefined;
  if (scheme.toLowerCase() === 'bearer') return rest.length === 1 ? rest[0] : undefined;
  // The scheme is named when it reads as one (never a key sent bare).
  const named = rest.length && /^[A-Za-z][A-Za-z-]{0,19}$/.test(scheme) ? ` ${scheme}` : '';
  throw new AppError(
    'unauthorized',
    `Wrong authorization scheme${named}: use Authorization: Bearer <API_KEY>.`,
  );
}
