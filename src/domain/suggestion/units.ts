import type { ProductText } from './types.ts';
import { CHROME_PHRASE } from './vocabulary.ts';

/** Where a piece of text stood, which says how much it tells about the product. */
export type UnitRole = 'title' | 'meta' | 'heading' | 'body' | 'user';

/** One sentence of the page or of the person's paragraph, with the weight of where it stood. */
export interface Unit {
  text: string;
  role: UnitRole;
  weight: number;
  /** The heading it stands under ("" before the first); list items under "Sound familiar?" are pains. */
  under: string;
  /** Whether it is a list item (a feature or a pain in a list). */
  item: boolean;
}

/** A heading's weight by level; the title's, the descriptions' and the person's own words weigh most. */
const WEIGHT = { title: 3, meta: 2.5, user: 3, h1: 3, h2: 2, h3: 1.5, h: 1.2, body: 1, item: 1.2 } as const;

const clean = (s: string) =>
  s
    .replace(/\s+/g, ' ')
    .replace(/\u00a0/g, ' ')
    .trim();

/** Sentences of a text: split after . ! ? followed by a capital, a quote or a digit. */
export function sentencesOf(text: string): string[] {
  return clean(text)
    .split(/(?<=[.!?])\s+(?=["“'‘(]?[\p{Lu}\d])/u)
    .map((s) => s.trim())
    .filter((s) => s.length > 1);
}

/** The title without the product's name: "PayDue – Automatic invoice reminders | Get paid" -> its other parts. */
export function titleParts(title: string | null): string[] {
  if (!title) return [];
  return clean(title)
    .split(/\s*[|·•]\s*|\s+[-–—:]\s+|:\s+/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** Every sentence of the text with its role and weight, page chrome left out. */
export function unitsOf(t: ProductText, productName: string | null): Unit[] {
  const units: Unit[] = [];
  const seen = new Set<string>();
  const name = productName?.toLowerCase() ?? null;
  const push = (text: string, role: UnitRole, weight: number, under: string, item = false) => {
    const s = clean(text);
    const key = s.toLowerCase();
    if (!s || seen.has(key) || CHROME_PHRASE.test(s) || key === name) return;
    seen.add(key);
    units.push({ text: s, role, weight, under, item });
  };
  for (const part of [...titleParts(t.title), ...titleParts(t.socialTitle)])
    push(part, 'title', WEIGHT.title, '');
  for (const d of [t.description, t.socialDescription])
    for (const s of sentencesOf(d ?? '')) push(s, 'meta', WEIGHT.meta, '');
  for (const s of sentencesOf(t.userDescription ?? '')) push(s, 'user', WEIGHT.user, '');
  let under = '';
  for (const b of t.blocks) {
    if (b.kind === 'heading') {
      const w = b.level === 1 ? WEIGHT.h1 : b.level === 2 ? WEIGHT.h2 : b.level === 3 ? WEIGHT.h3 : WEIGHT.h;
      push(b.text, 'heading', w, under);
      under = clean(b.text);
      continue;
    }
    const item = b.kind === 'item';
    for (const s of sentencesOf(b.text)) push(s, 'body', item ? WEIGHT.item : WEIGHT.body, under, item);
  }
  return units;
}
