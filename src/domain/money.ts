/**
 * Every amount of money the service shows, on any surface (dashboard, scan records, tool results), so one amount
 * always reads the same: cents from a dollar up, two significant digits below ($0.50, $0.018, $0.004, $0.00045),
 * and $0.00 only for nothing, never for a cost too small to show in cents.
 */
export function usd(value: number): string {
  const size = Math.abs(value);
  const decimals = size === 0 || size >= 1 ? 2 : Math.max(2, 1 - Math.floor(Math.log10(size)));
  const [whole = '0', fraction = ''] = size.toFixed(decimals).split('.');
  const cents = fraction.replace(/0+$/, '').padEnd(2, '0');
  return `${value < 0 ? '-' : ''}$${Number(whole).toLocaleString('en')}.${cents}`;
}
