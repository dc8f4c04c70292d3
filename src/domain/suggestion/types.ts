import type { ScoringProfile } from '../scoring/types.ts';

/** What a product page (or a person's paragraph) says, as read by src/onboarding/page-read.ts: no markup left. */
export interface ProductText {
  /** The page's address after redirects; null for a description alone. */
  url: string | null;
  /** <title>. */
  title: string | null;
  /** og:site_name, or the name of the page's structured data (JSON-LD). */
  siteName: string | null;
  /** meta description. */
  description: string | null;
  /** og:title / twitter:title. */
  socialTitle: string | null;
  /** og:description / twitter:description. */
  socialDescription: string | null;
  /** The main content's text blocks in page order, page chrome (navigation, header, footer, banners) left out. */
  blocks: TextBlock[];
  /** Prices the page's structured data states (schema.org Offer). */
  offers: { price: number; currency: string }[];
  /** The paragraph a person wrote about the product, when they gave one. */
  userDescription: string | null;
}

export interface TextBlock {
  kind: 'heading' | 'paragraph' | 'item' | 'quote';
  /** 1-6 for headings, 0 otherwise. */
  level: number;
  text: string;
}

/**
 * A suggested project profile, in the fields of a project (src/projects/projects.schemas.ts ProjectInput) that the
 * scorer reads; its keywords: what a person writes when they need the product, then `-word` exclusions for the
 * ambiguous ones.
 */
export type ProfileSuggestion = Pick<
  ScoringProfile,
  | 'name'
  | 'url'
  | 'pain'
  | 'solution'
  | 'targetUsers'
  | 'geography'
  | 'budgetFit'
  | 'keywords'
  | 'competitors'
>;

/** How often a phrase matched the stored posts and comments of a window (data already bought). */
export interface PhraseReach {
  matches: number;
  /** Posts and comments in the window. */
  items: number;
}
