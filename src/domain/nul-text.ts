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

/**
 * The text with each NUL character replaced by U+FFFD, for text from outside on its way to the database (an
 * upstream's error quoted in a scan's errors, a post, a model's answer): PostgreSQL text cannot hold NUL, and
 * such text is stored, not refused.
 */
export function withoutNul(text: string): string {
  return text.includes('\u0000') ? text.replaceAll('\u0000', '\uFFFD') : text;
}

/** A parsed JSON value with every string cleaned by withoutNul (keys included): a model's answer, before it is kept. */
export function withoutNulDeep(value: unknown): unknown {
  if (typeof value === 'string') return withoutNul(value);
  if (Array.isArray(value)) return value.map(withoutNulDeep);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [withoutNul(k), withoutNulDeep(v)]));
  }
  return value;
}

export const NUL_REFUSED = 'text may not contain the NUL character (\\u0000)';

/** A text argument that must say something: not empty and not only spaces (a schema pattern). */
export const NOT_BLANK = '\\S';
