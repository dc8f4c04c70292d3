// A product page's text with cheerio (MIT): its title, descriptions, headings and main text, without the page's
// chrome (navigation, header, footer, banners, scripts) or its calls to action ("Pricing", "Log in").
import * as cheerio from 'cheerio';
import type { ProductText, TextBlock } from '../domain/suggestion/suggest.ts';
import { CHROME_PHRASE } from '../domain/suggestion/vocabulary.ts';

/** Elements that are never content. */
const NEVER_CONTENT =
  'script, style, noscript, template, svg, canvas, iframe, object, embed, form, button, select, dialog, nav, footer, aside, ' +
  '[role=navigation], [role=banner], [role=contentinfo], [role=dialog], [aria-hidden=true], [hidden]';
/** Class or id words of page chrome: cookie banners, announcement bars, menus, pop-ups. */
const CHROME_CLASS =
  /(?:^|[\s_-])(?:cookie|cookies|consent|gdpr|announcement|promo-bar|topbar|top-bar|navbar|nav|menu|masthead|breadcrumbs?|skip-link|modal|popup|pop-up|newsletter|footer|header|site-header|site-footer|colophon)(?:$|[\s_-])/i;
const BLOCKS = 'h1, h2, h3, h4, h5, h6, p, li, blockquote, dd, dt, td, th, figcaption, summary';
/**
 * No page needs more than this many blocks read to say what it sells; the tagger reads every one, so the bound
 * also bounds the CPU a page costs (a 0.5 MB page of 3,000 paragraphs: about 0.5 s on this machine).
 */
const MAX_BLOCKS = 200;
const MAX_BLOCK_CHARS = 600;

const clean = (s: string | undefined | null) => (s ?? '').replace(/\s+/g, ' ').trim() || null;

/** schema.org data in JSON-LD: the product's name and its offers' prices. */
function structuredData($: cheerio.CheerioAPI): { name: string | null; offers: ProductText['offers'] } {
  let name: string | null = null;
  const offers: ProductText['offers'] = [];
  $('script[type="application/ld+json"]').each((_, el) => {
    let data: unknown;
    try {
      data = JSON.parse($(el).text());
    } catch {
      return;
    }
    const nodes = (Array.isArray(data) ? data : [data]).flatMap((d) =>
      d && typeof d === 'object' && Array.isArray((d as { '@graph'?: unknown[] })['@graph'])
        ? (d as { '@graph': unknown[] })['@graph']
        : [d],
    );
    for (const node of nodes) {
      if (!node || typeof node !== 'object') continue;
      const n = node as Record<string, unknown>;
      const type = String(n['@type'] ?? '');
      if (/SoftwareApplication|Product|Service|WebApplication|MobileApplication/.test(type)) {
        if (!name && typeof n.name === 'string') name = clean(n.name);
        for (const o of [n.offers].flat()) {
          if (!o || typeof o !== 'object') continue;
          const offer = o as Record<string, unknown>;
          const price = Number(offer.price ?? offer.lowPrice);
          if (Number.isFinite(price)) offers.push({ price, currency: String(offer.priceCurrency ?? 'USD') });
        }
      }
    }
  });
  return { name, offers };
}

/** Reads a page into the text the suggestion works from; `userDescription` is the person's own paragraph. */
export function readPage(
  html: string,
  url: string | null,
  userDescription: string | null = null,
): ProductText {
  const $ = cheerio.load(html);
  const meta = (selector: string) => clean($(selector).first().attr('content'));
  const ld = structuredData($);
  const title = clean($('head > title').first().text() || $('title').first().text());
  const text: Omit<ProductText, 'blocks'> = {
    url,
    title,
    siteName: meta('meta[property="og:site_name"]') ?? ld.name,
    description: meta('meta[name="description"]'),
    socialTitle: meta('meta[property="og:title"]') ?? meta('meta[name="twitter:title"]'),
    socialDescription: meta('meta[property="og:description"]') ?? meta('meta[name="twitter:description"]'),
    offers: ld.offers,
    userDescription,
  };

  $(NEVER_CONTENT).remove();
  // A header outside the content is the site's (logo, menu); one inside main or a section is a hero.
  $('header').each((_, el) => {
    if ($(el).parents('main, article, section').length === 0) $(el).remove();
  });
  $('[class], [id]').each((_, el) => {
    const e = $(el);
    if (e.is('main, article, body, html')) return;
    if (CHROME_CLASS.test(`${e.attr('class') ?? ''} ${e.attr('id') ?? ''}`)) e.remove();
  });
  $('a').each((_, el) => {
    if (CHROME_PHRASE.test(clean($(el).text()) ?? '')) $(el).remove();
  });

  const root = $('main').length ? $('main') : $('body');
  const blocks: TextBlock[] = [];
  root.find(BLOCKS).each((_, el) => {
    if (blocks.length >= MAX_BLOCKS) return false;
    const e = $(el);
    // The innermost block holds the text: a list item's paragraph, not the item and the paragraph both.
    if (e.find(BLOCKS).length > 0) return;
    const t = clean(e.text());
    if (!t || CHROME_PHRASE.test(t)) return;
    const tag = el.tagName.toLowerCase();
    const heading = /^h[1-6]$/.test(tag);
    blocks.push({
      kind: heading ? 'heading' : tag === 'li' ? 'item' : tag === 'blockquote' ? 'quote' : 'paragraph',
      level: heading ? Number(tag[1]) : 0,
      text: t.slice(0, MAX_BLOCK_CHARS),
    });
  });
  return { ...text, blocks };
}

/** A person's paragraph alone, read as the suggestion reads a page. */
export function readDescription(description: string): ProductText {
  return {
    url: null,
    title: null,
    siteName: null,
    description: null,
    socialTitle: null,
    socialDescription: null,
    blocks: [],
    offers: [],
    userDescription: description,
  };
}
