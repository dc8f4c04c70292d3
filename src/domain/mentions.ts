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

/** Index of the first mention of `name` in `text`, or -1. */
export function firstMention(text: string, name: string): number {
  const re = mentionPattern(name);
  if (!re) return -1;
  const m = re.exec(text);
  return m ? m.index : -1;
}

export const mentions = (text: string, name: string) => firstMention(text, name) >= 0;
