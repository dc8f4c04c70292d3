/**
 * Whether a parsed JSON value holds the NUL character (U+0000) in any string or key. PostgreSQL text cannot
 * store it, so such input is refused at the door instead of failing in SQL (iterative: any depth is safe).
 */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (typeof v === 'object' && v !== null) {
      for (const [key, child] of Object.entries(v)) {
        if (key.includes('\u0000')) return true;
        stack.push(child);
      }
    }
  }
  return false;
}

export const NUL_REFUSED = 'text may not contain the NUL character (\\u0000)';

/** A text argument that must say something: not empty and not only spaces (a schema pattern). */
export const NOT_BLANK = '\\S';
