import type { ComponentChildren } from 'preact';
import { keywordSpellings, parseKeyword } from '../../../src/domain/matching.ts';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The words and "quoted phrases" of a search, as the server reads them. */
export function searchWords(q: string): string[] {
  return [...q.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => (m[1] ?? m[2] ?? '').trim()).filter(Boolean);
}

export interface Marks {
  /** One regular expression over every phrase, longest first, any run of spaces matching any other. */
  pattern: RegExp | null;
  /** The matched keyword's spellings, as words one space apart and as one word: what a found piece is compared with. */
  matched: Set<string> | null;
}

const WORD = String.raw`\p{L}\p{N}\p{M}`;
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/**
 * The matched keyword as the scanner matches it (src/domain/matching.ts): every spelling of each of its words
 * ("invoice" and "invoices"; "co-founder", "co founder" and "cofounder"), whole words, anything that is not a letter
 * or digit between a spelling's words; a spelling of one word also hyphenated ("co-founder" for "cofounder"). So
 * "app" is not found in "appointments" or "happy", and a quoted keyword only as written. Scripts written without
 * spaces match anywhere, as there.
 */
function keywordSources(phrase: string): string[] {
  const joins = !parseKeyword(phrase)?.exact;
  return keywordSpellings(phrase).map((tokens) => {
    const body =
      tokens.length === 1 && joins && /^[a-z0-9]{4,}$/.test(tokens[0]!)
        ? [...tokens[0]!].join('-?')
        : tokens.map(escapeRegExp).join(`[^${WORD}]+`);
    if (UNSPACED.test(body)) return body;
    const end = /[+#]$/.test(body) ? '(?![+#])' : `(?![${WORD}])`;
    return `(?<![${WORD}])${body}${end}`;
  });
}

/** The matched keyword in whole words; search words anywhere, as the server's search finds them. */
export function marksFor(matchedPhrase: string | null, words: string[]): Marks {
  const keyword = matchedPhrase?.trim() ?? '';
  const searched = [...new Set(words.map((p) => p.trim()).filter((p) => p.length > 1 && p !== keyword))];
  const spellings = keyword.length > 1 ? keywordSpellings(keyword) : [];
  const sources = [
    ...(spellings.length ? [{ text: keyword, source: keywordSources(keyword).join('|') }] : []),
    ...searched.map((p) => ({ text: p, source: escapeRegExp(p).replace(/\s+/g, '\\s+') })),
  ];
  if (sources.length === 0) return { pattern: null, matched: null };
  sources.sort((a, b) => b.text.length - a.text.length);
  return {
    pattern: new RegExp(sources.map((s) => s.source).join('|'), 'giu'),
    matched: spellings.length ? new Set(spellings.flatMap((t) => [t.join(' '), t.join('')])) : null,
  };
}

/** A found piece's words, lower-cased: one space apart, and run together. */
function foundWords(text: string): string[] {
  const words = text.toLowerCase().match(new RegExp(`[${WORD}]+[+#]*`, 'gu')) ?? [];
  return [words.join(' '), words.join('')];
}

/** The text with each phrase in <mark>: the matched phrase as "hl", search words as "hl hl-search". */
export function Highlighted({ text, marks }: { text: string; marks: Marks }): ComponentChildren {
  if (!marks.pattern || !text) return text;
  const parts: ComponentChildren[] = [];
  let last = 0;
  for (const m of text.matchAll(marks.pattern)) {
    const at = m.index ?? 0;
    if (at > last) parts.push(text.slice(last, at));
    const isMatched = !!marks.matched && foundWords(m[0]).some((w) => marks.matched!.has(w));
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
