import type { ComponentChildren } from 'preact';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The words and "quoted phrases" of a search, as the server reads them. */
export function searchWords(q: string): string[] {
  return [...q.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => (m[1] ?? m[2] ?? '').trim()).filter(Boolean);
}

export interface Marks {
  /** One regular expression over every phrase, longest first, any run of spaces matching any other. */
  pattern: RegExp | null;
  matched: string | null;
}

export function marksFor(matchedPhrase: string | null, words: string[]): Marks {
  const phrases = [
    ...new Set([matchedPhrase ?? '', ...words].map((p) => p.trim()).filter((p) => p.length > 1)),
  ];
  if (phrases.length === 0) return { pattern: null, matched: null };
  phrases.sort((a, b) => b.length - a.length);
  const source = phrases.map((p) => escapeRegExp(p).replace(/\s+/g, '\\s+')).join('|');
  return { pattern: new RegExp(source, 'gi'), matched: matchedPhrase?.toLowerCase() ?? null };
}

/** The text with each phrase in <mark>: the matched phrase as "hl", search words as "hl hl-search". */
export function Highlighted({ text, marks }: { text: string; marks: Marks }): ComponentChildren {
  if (!marks.pattern || !text) return text;
  const parts: ComponentChildren[] = [];
  let last = 0;
  for (const m of text.matchAll(marks.pattern)) {
    const at = m.index ?? 0;
    if (at > last) parts.push(text.slice(last, at));
    const isMatched = m[0].toLowerCase().replace(/\s+/g, ' ') === marks.matched;
    parts.push(
      <mark key={at} class={isMatched ? 'hl' : 'hl hl-search'}>
        {m[0]}
      </mark>,
    );
    last = at + m[0].length;
  }
  if (parts.length === 0) return text;
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/** About `width` characters of the text around the first phrase found in it, or null when none is. */
export function snippet(text: string | null | undefined, marks: Marks, width = 140): string | null {
  if (!text || !marks.pattern) return null;
  marks.pattern.lastIndex = 0;
  const m = marks.pattern.exec(text);
  marks.pattern.lastIndex = 0;
  if (!m) return null;
  const start = Math.max(0, m.index - Math.floor(width / 3));
  const end = Math.min(text.length, start + width);
  const piece = text.slice(start, end).replace(/\s+/g, ' ').trim();
  return `${start > 0 ? '…' : ''}${piece}${end < text.length ? '…' : ''}`;
}
