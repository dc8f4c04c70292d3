/**
 * The nouns every product request uses ("software", "app", "platform"): they name a kind of product, not its
 * field. Whole words only: "programming" is a field, "program" a kind of product.
 */
const GENERIC_PRODUCT_WORDS =
  'software tool app application program system solution platform plugin provider vendor suite';
const GENERIC_WORD = new RegExp(`^(?:${GENERIC_PRODUCT_WORDS.split(' ').join('|')})s?$`);
/** Words a keyword may add without naming anything: "the app", "any tools". */
const EMPTY_WORD = /^(?:a|an|the|any|some|my|our|your)$/;

/** The text the scorer's profile weighs like any product noun (`GENERIC_WEIGHT`): "software tool app …". */
export const GENERIC_PRODUCT_TEXT = GENERIC_PRODUCT_WORDS;

/**
 * A keyword that names only a kind of product ("software", "app", "tools", "plug-in"): it finds posts for a scan,
 * but says nothing of the product's field, so the scorer reads the profile without it (and the project form says
 * so). Read as a keyword, "software" for a bookkeeping app ranked "Booking software that fills cancellations?" at
 * 92 as a request for the product.
 */
export function namesOnlyAProduct(keyword: string): boolean {
  const words = (
    keyword
      .toLowerCase()
      .replace(/-/g, '')
      .match(/[a-z]+/g) ?? []
  ).filter((w) => !EMPTY_WORD.test(w));
  return words.length > 0 && words.every((w) => GENERIC_WORD.test(w));
}
