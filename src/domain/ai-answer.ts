// Reading an AI engine's answer to a buyer question (docs/decisions/0072-ai-visibility.md): does it name the
// product, at which rank among the products it recommends, which competitors it names, which URLs it cites.
import { firstMention, mentions, sameName } from './mentions.ts';

export interface Citation {
  url: string;
  /** A Reddit thread (/r/<sub>/comments/<id>). */
  redditThread: boolean;
}

export interface AnswerReading {
  mentioned: boolean;
  /** 1-based rank of the product among the recommended products; null when not named. */
  position: number | null;
  competitorsMentioned: string[];
  citations: Citation[];
  excerpt: string;
}

const LIST_ITEM = /^\s{0,6}(?:\d{1,2}[.)]|[-*•+])\s+(.+)$/;
const EXCERPT = 240;

/** The name an item of a recommendation list puts first: bold text, a heading before ':' or a dash, or a link text. */
function itemName(item: string): string | null {
  const bold = /^\s*(?:\*\*|__)(.+?)(?:\*\*|__)/.exec(item);
  if (bold) return bold[1]!.replace(/[:.\s]+$/, '').trim();
  const link = /^\s*\[([^\]]+)\]\(/.exec(item);
  if (link) return link[1]!.trim();
  const head = /^\s*([^:–—]{2,60}?)\s*(?::|\s[–—-]\s)/.exec(item);
  if (head) return head[1]!.trim();
  return null;
}

/** URLs in the answer: markdown links and bare URLs, without trailing punctuation, once each. */
export function citationsOf(text: string): Citation[] {
  const seen = new Set<string>();
  const out: Citation[] = [];
  for (const m of text.matchAll(/https?:\/\/[^\s<>()[\]"'`]+/g)) {
    const url = m[0].replace(/[.,;:!?*_]+$/, '');
    if (seen.has(url)) continue;
    seen.add(url);
    let reddit = false;
    try {
      const u = new URL(url);
      reddit = /(^|\.)reddit\.com$/i.test(u.hostname) && /^\/r\/[^/]+\/comments\/[^/]+/i.test(u.pathname);
    } catch {
      continue;
    }
    out.push({ url, redditThread: reddit });
  }
  return out;
}

/**
 * Rank of the product: in a numbered or bulleted list, its place among the items that name a product; without
 * a list naming it, its place in the order of first mention among the product and its competitors.
 */
function rankOf(text: string, product: string, competitors: readonly string[]): number | null {
  const known = [product, ...competitors];
  const named = (t: string, name: string) => mentions(t, name, known);
  if (!named(text, product)) return null;
  const items = text
    .split('\n')
    .map((l) => LIST_ITEM.exec(l)?.[1])
    .filter((l): l is string => l !== undefined);
  const recommended = items.filter((i) => itemName(i) !== null || known.some((k) => named(i, k)));
  const at = recommended.findIndex((i) => {
    const name = itemName(i);
    return name ? named(name, product) : named(i, product);
  });
  if (at >= 0) return at + 1;
  const first = firstMention(text, product, known);
  const before = competitors.filter((c) => {
    const i = firstMention(text, c, known);
    return i >= 0 && i < first;
  });
  return before.length + 1;
}

function excerptOf(text: string, product: string, known: readonly string[]): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const at = firstMention(flat, product, known);
  if (at < 0) return flat.length > EXCERPT ? `${flat.slice(0, EXCERPT - 1)}…` : flat;
  const start = Math.max(0, at - 80);
  const end = Math.min(flat.length, start + EXCERPT);
  return `${start > 0 ? '…' : ''}${flat.slice(start, end)}${end < flat.length ? '…' : ''}`;
}

/**
 * Reads one answer for `product`. Names are whole names: "Square" is not named by "Square Appointments", and the
 * product is never its own competitor (a project whose competitors list it).
 */
export function readAnswer(
  text: string,
  product: string,
  projectCompetitors: readonly string[] = [],
): AnswerReading {
  const competitors = projectCompetitors.filter((c) => !sameName(c, product));
  const known = [product, ...competitors];
  const position = rankOf(text, product, competitors);
  return {
    mentioned: position !== null,
    position,
    competitorsMentioned: competitors.filter((c) => mentions(text, c, known)),
    citations: citationsOf(text),
    excerpt: excerptOf(text, product, known),
  };
}
