import { type Static, Type } from 'typebox';
import { TIERS } from '../accounts/tiers.ts';
import { DateTime, Nullable, StringEnum } from '../contract/schemas.ts';

/** What `npm run login` prints and the start banner shows: a single-use link, valid 15 minutes. */
export const SignInLink = Type.Object({
  userId: Type.String(),
  email: Nullable(Type.String()),
  signInUrl: Type.String({ description: '<PUBLIC_BASE_URL>/sign-in#token=<token>' }),
  expiresAt: DateTime,
});
export type SignInLink = Static<typeof SignInLink>;

export const SignInBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);

/** The signed-in account, as the dashboard shows it. */
export const SessionMe = Type.Object({
  userId: Type.String(),
  email: Nullable(Type.String()),
  tier: StringEnum(TIERS),
  selfHosted: Type.Boolean(),
  /** Scans read the shipped sample corpus (UPSTREAM unset), not Reddit. */
  sampleData: Type.Boolean(),
});
export type SessionMe = Static<typeof SessionMe>;

/** The sign-in page asks for a link to this address. */
export const LinkRequestBody = Type.Object(
  { email: Type.String({ minLength: 1, maxLength: 254 }) },
  { additionalProperties: false },
);

/** The same answer whether the address has an account or not: only how links travel on this instance. */
export const LinkRequested = Type.Object({
  delivery: StringEnum(['email', 'log']),
  validMinutes: Type.Integer(),
});
export type LinkRequested = Static<typeof LinkRequested>;
