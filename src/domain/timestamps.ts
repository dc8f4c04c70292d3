/**
 * ISO 8601 dates and date-times as the lead list's `since` takes them: a date (2026-01-31), a date-time with a
 * zone (2026-01-31T09:00:00Z, +02:00), or without one, which is read as UTC. The pattern is also the schema's,
 * so third-party validators reject what the service would.
 */
export const ISO_TIMESTAMP_PATTERN =
  '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])' +
  '([Tt]([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d(\\.\\d{1,9})?)?([Zz]|[+-]([01]\\d|2[0-3]):?[0-5]\\d)?)?$';

/** What a validation message says the pattern accepts. */
export const ISO_TIMESTAMP_ALLOWED =
  'an ISO 8601 date or date-time, e.g. 2026-01-31 or 2026-01-31T09:00:00Z (UTC when no zone is given)';

const PARTS =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?([Zz]|([+-])(\d{2}):?(\d{2}))?)?$/;

/** The moment the text names, or null when it is not a real calendar date and time (2026-02-30). */
export function parseIsoTimestamp(text: string): Date | null {
  const m = PARTS.exec(text);
  if (!m) return null;
  const [year, month, day, hour = 0, minute = 0, second = 0] = m.slice(1, 7).map((v) => Number(v ?? 0));
  const ms = Math.floor(Number(`0.${m[7] ?? '0'}`) * 1000);
  const local = Date.UTC(year!, month! - 1, day!, hour, minute, second, ms);
  const check = new Date(local);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month! - 1 || hour > 23 || minute > 59)
    return null;
  const offsetMinutes = m[9] ? (m[9] === '-' ? -1 : 1) * (Number(m[10]) * 60 + Number(m[11])) : 0;
  return new Date(local - offsetMinutes * 60_000);
}
