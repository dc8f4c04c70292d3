/** Years divisible by 4 but not by 100, or by 400 (the Gregorian leap years), as four digits. */
const LEAP_YEAR = '(\\d{2}(0[48]|[2468][048]|[13579][26])|([02468][048]|[13579][26])00)';

/** Only days that exist: 31-day months, 30-day months, February to the 28th, and the 29th in leap years. */
const CALENDAR_DATE =
  '(\\d{4}-(0[13578]|1[02])-(0[1-9]|[12]\\d|3[01])' +
  '|\\d{4}-(0[469]|11)-(0[1-9]|[12]\\d|30)' +
  '|\\d{4}-02-(0[1-9]|1\\d|2[0-8])' +
  `|${LEAP_YEAR}-02-29)`;

/**
 * ISO 8601 dates and date-times as the lead list's `since` takes them: a date (2026-01-31), a date-time with a
 * zone (2026-01-31T09:00:00Z, +02:00), or without one, which is read as UTC. The pattern is also the schema's,
 * and it admits exactly what parseIsoTimestamp reads (no 2026-02-30), so third-party validators agree with us.
 */
export const ISO_TIMESTAMP_PATTERN =
  `^${CALENDAR_DATE}` +
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
  // setUTCFullYear, not Date.UTC, which reads the years 0-99 as 1900-1999.
  const check = new Date(0);
  check.setUTCFullYear(year!, month! - 1, day!);
  check.setUTCHours(hour, minute, second, ms);
  const local = check.getTime();
  const realTime =
    hour <= 23 && minute <= 59 && second <= 59 && Number(m[10] ?? 0) <= 23 && Number(m[11] ?? 0) <= 59;
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month! - 1 || !realTime) return null;
  const offsetMinutes = m[9] ? (m[9] === '-' ? -1 : 1) * (Number(m[10]) * 60 + Number(m[11])) : 0;
  return new Date(local - offsetMinutes * 60_000);
}
