// Whether a text names a product: whole words, case-insensitive, with the simple variants people write
// ("Square Appointments", "SquareAppointments", "square-appointments", "chairtime.example" -> "ChairTime").
import { escapeRegex } from './scoring/text.ts';

/** The name, its spaced/joined/hyphenated forms, and a domain-like name without its top-level domain. */
export function nameVariants(name: string): string[] {
  const base = name.trim();
  if (!base) return [];
  const out = new Set<string>([base]);
  const bare = base.replace(/\.(com|io|ai|app|co|net|org|dev|example)$/i, '');
  out.add(bare);
  for (const v of [base, bare]) {
    const parts = v.split(/[\s\-_]+/).filter(Boolean);
    if (parts.length > 1) {
      out.add(parts.join(' '));
      out.add(parts.join(''));
      out.add(parts.join('-'));
    }
  }
  return [...out].filter((v) => v.length >= 2);
}

/** One pattern for all variants; spaces in a name match any run of spaces or hyphens. */
export function mentionPattern(name: string): RegExp | null {
  const variants = nameVariants(name)
    .sort((a, b) => b.length - a.length)
    .map((v) => escapeRegex(v).replace(/\s+/g, '[\\s-]+'));
  if (!variants.length) return null;
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${variants.join('|')})(?![\\p{L}\\p{N}])`, 'iu');
}

/** Whether two names are the same product ("Vagaro" and "vagaro", "Square Appointments" and "SquareAppointments"). */
export function sameName(a: string, b: string): boolean {
  const key = (n: string) => new Set(nameVariants(n).map((v) => v.toLowerCase().replace(/[\s\-_]+/g, '')));
  const ka = key(a);
  return [...key(b)].some((v) => ka.has(v));
}

/** A capitalised word right after a name, on the same line: "Square Appointments" continues "Square". */
const CONTINUATION = /^[ \t]+\p{Lu}[\p{L}\p{N}]*/u;

/**
 * Index of the first mention of `name` in `text`, or -1. A mention is the whole name: not part of a longer known
 * name (`known`: "Square Appointments" hides "Square") nor followed by a capitalised word that makes it another
 * name ("Square Payroll").
 */
export function firstMention(text: string, name: string, known: readonly string[] = []): number {
  const re = mentionPattern(name);
  if (!re) return -1;
  let masked = text;
  for (const other of known) {
    if (sameName(other, name) || !mentionPattern(name)!.test(other)) continue;
    const longer = new RegExp(mentionPattern(other)!.source, 'giu');
    masked = masked.replace(longer, (m) => ' '.repeat(m.length));
  }
  const all = new RegExp(re.source, 'giu');
  for (const m of masked.matchAll(all)) {
    if (!CONTINUATION.test(masked.slice(m.index + m[0].length))) return m.index;
  }
  return -1;
}

export const mentions = (text: string, name: string, known: readonly string[] = []) =>
  firstMention(text, name, known) >= 0;
