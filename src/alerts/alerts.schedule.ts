/** When alerts go: the cadences and the digest clock (docs/decisions/0114-alerts.md). */

export const CADENCES = ['instant', 'hourly', 'daily'] as const;
export type Cadence = (typeof CADENCES)[number];

/** Faster first: instant counts as faster than hourly, hourly than daily. */
const RANK: Record<Cadence, number> = { instant: 0, hourly: 1, daily: 2 };

/** Whether `cadence` is allowed where the tier's fastest is `fastest` (hosted tiers; self-hosted allows any). */
export function cadenceAllowed(cadence: Cadence, fastest: Cadence): boolean {
  return RANK[cadence] >= RANK[fastest];
}

/** Whether the name is an IANA time zone this runtime knows ("Europe/Berlin", "UTC"). */
export function isTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const QUARTER_MS = 15 * 60_000;

/** The local hour and minute of an instant in a time zone. */
function localHourMinute(at: Date, timeZone: string): { hour: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { hour: get('hour'), minute: get('minute') };
}

/**
 * The first digest time strictly after `now`: the next full hour (UTC) for hourly, the next `dailyHour`:00 in the
 * time zone for daily (zones with half- and quarter-hour offsets included; a day whose hour is skipped by a DST change
 * takes the next day's). Null for instant, which has no digest.
 */
export function nextDigestAt(cadence: Cadence, dailyHour: number, timeZone: string, now: Date): Date | null {
  if (cadence === 'instant') return null;
  if (cadence === 'hourly') {
    const hour = 3_600_000;
    return new Date(Math.floor(now.getTime() / hour) * hour + hour);
  }
  let t = Math.floor(now.getTime() / QUARTER_MS) * QUARTER_MS + QUARTER_MS;
  for (let i = 0; i < 4 * 24 * 3; i++, t += QUARTER_MS) {
    const local = localHourMinute(new Date(t), timeZone);
    if (local.hour === dailyHour && local.minute === 0) return new Date(t);
  }
  throw new Error(`no ${dailyHour}:00 in ${timeZone} within three days`);
}
