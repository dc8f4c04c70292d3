import { LABEL_WORDS } from './phrases/reply.ts';
import type { ScoringProfile } from './types.ts';

/** The parts of a name: "Acme: invoicing for plumbers", "Invoicely | Invoices", "Acme CRM - for agencies". */
const NAME_PARTS = /\s*[:|]\s*|\s+[-\u2013\u2014]\s+/;
const plain = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** "https://www.chairtime.example/x" -> "chairtime": the site's own label, after a www., app. or similar. */
function hostLabel(url: string | null | undefined): string | undefined {
  const host = url
    ? /^(?:[a-z][a-z0-9+.-]*:\/\/)?([^/?#:]+)/i.exec(url.trim())?.[1]?.toLowerCase()
    : undefined;
  const site = host?.replace(/^(?:(?:www\d*|app|my|get|try|go)\.)+(?=[^.]+\.)/, '').split('.')[0];
  return site && plain(site) ? plain(site) : undefined;
}

/** A part reads as a product's name: not a label word, and begun with a capital or a digit ("Acme", "ChairTime"). */
const readsAsName = (part: string) => !LABEL_WORDS.test(part) && /^[\p{Lu}\d]/u.test(part);

/**
 * The product's name as a person says it, for "I work on <name>": the part of the project name (split at ':',
 * '|' or ' - ') or the word that the url's host names ("Demo: ChairTime salon booking" with chairtime.example is
 * "ChairTime"); else the first part that reads as a name ("Acme: invoicing for plumbers" is "Acme"); else the
 * whole name, never a fragment ("Audit: salon booking B" stays whole).
 */
export function productName(profile: Pick<ScoringProfile, 'name' | 'url'>): string {
  const name = profile.name.trim().replace(/\s+/g, ' ');
  const parts = name.split(NAME_PARTS).filter((p) => plain(p));
  const host = hostLabel(profile.url);
  if (host) {
    const part = parts.find((p) => plain(p) === host);
    if (part) return part;
    // A word only when it reads as a name: "booking" in "salon booking B" is no product, whatever the host.
    const word = parts
      .flatMap((p) => p.split(' '))
      .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
      .find((w) => plain(w) === host && readsAsName(w));
    if (word) return word;
  }
  if (parts.length < 2) return name;
  return parts.find(readsAsName) ?? name;
}
