/** Printable, no spaces, one @: loose enough for demo@localhost, strict enough to print on one log line. */
const EMAIL_FORMAT = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+$/u;
const MAX_EMAIL_LENGTH = 254;

/**
 * The one check of an account's address, for `npm run setup`, `npm run login` and the sign-in page alike:
 * the address as stored (trimmed, lower case), or null when it cannot be one.
 */
export function normalizeEmail(raw: string | undefined): string | null {
  const email = raw?.trim().toLowerCase() ?? '';
  return EMAIL_FORMAT.test(email) && email.length <= MAX_EMAIL_LENGTH ? email : null;
}
