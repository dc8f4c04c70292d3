/**
 * Row ids are ours (UUIDs); a string of any other shape cannot name a row, and must not reach SQL (a NUL byte
 * would fail there). Repositories answer "no such row" for it.
 */
export function isRowId(id: string): boolean {
  return /^[A-Za-z0-9_-]{1,64}$/.test(id);
}
