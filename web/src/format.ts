const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto', style: 'short' });
const full = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "5 min. ago", "yesterday"... */
export function timeAgo(iso: string, now = Date.now()): string {
  let value = (new Date(iso).getTime() - now) / 1000;
  if (Math.abs(value) < 45) return 'just now';
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return rtf.format(Math.round(value), unit);
    value /= size;
  }
  return fullDate(iso);
}

export function fullDate(iso: string): string {
  return full.format(new Date(iso));
}

/** Decimals an amount needs: cents, or below a cent two significant digits ($0.004, $0.0045), at most four. */
function decimalsOf(value: number): number {
  if (value === 0 || value >= 0.01) return 2;
  const fixed = value.toFixed(Math.min(4, 1 - Math.floor(Math.log10(value))));
  return Math.max(2, fixed.replace(/0+$/, '').split('.')[1]?.length ?? 0);
}

/**
 * A formatter of US dollars for a set of amounts shown together (a table's column, a chart): one number of
 * decimals for all of them, the most any of them needs, so $0.018 and $0.004 never sit beside $0.02 and $0.0040.
 */
export function usdFor(values: readonly number[]): (value: number) => string {
  const decimals = Math.max(2, ...values.map(decimalsOf));
  const format = new Intl.NumberFormat('en', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  return (value) => format.format(value);
}

/** One amount on its own: cents, or two significant digits below a cent. */
export function usd(value: number): string {
  return usdFor([value])(value);
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
}

const timeOfDay = new Intl.DateTimeFormat('en', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});
const dayAndTime = new Intl.DateTimeFormat('en', {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** "14:02:11" today, "Nov 21, 14:02" before: for logs, where "just now" fifty times says nothing. */
export function clockTime(iso: string, now = new Date()): string {
  const d = new Date(iso);
  return d.toDateString() === now.toDateString() ? timeOfDay.format(d) : dayAndTime.format(d);
}
