// The bracket tags of trading and job subreddits' titles ("[For Hire]", "[WTB]", "[H] … [W] …").

/** Title tags of trading and job subreddits. */
export const TAG_FOR_HIRE =
  /\[\s*for[\s-]*hire\s*\]|^\s*for hire\b|\[\s*(?:fs|wts|for sale|selling|offer|offering)\s*\]/;
/**
 * A title tag that files the post as a request, as buying subreddits ask ("[BIFL Request] Winter boots", "[Request]
 * Gym bag", "[WTB] Thinkpad"): the subreddit's own word for asking for something to buy. It tells the stage, not
 * the score: read as a request it lifted off-topic requests as much as on-topic ones (docs/scoring-history.md).
 */
export const TAG_REQUEST =
  /\[\s*(?:(?:bifl|bi4l|bil)\s+)?(?:requests?|req|wtb|want to buy|buying|looking for)\s*\]/;
/** "[Hiring]": the author pays for the work, whatever their own trade. */
export const TAG_HIRING = /\[\s*hiring\s*\]/;
export const TAG_BUYER = /\[\s*(?:hiring|task|wtb|buying|looking|request)\s*\]/;
export const HAVE_WANT = /\[\s*h\s*\](.*?)\[\s*w\s*\]\s*(.*)$/;
export const HAVE_ONLY = /\[\s*h\s*\](.+)$/;
/** "[H] Semi-valuable information regarding scamming": a post about the market, nothing for sale. */
export const NOT_GOODS =
  /(?<![a-z])(?:information|info|psa|warning|scams?|scamm(?:er|ing)|question)(?![a-z])/;
export const MONEY =
  /[$£€]|(?<![a-z])(?:paypal|pay pal|cash|money|venmo|usd|google wallet|bitcoin|btc|litecoins?|ltc|offers?|obo|estimates?|bids?)(?![a-z])/;
export const LEADING_MONEY = /^[\s,:(-]*(?:[$£€]|(?:paypal|pay pal|cash|money|venmo|offers?)(?![a-z]))/;
/** "[USA-TX] Gaming PC, details in comments [W] $$$": no have named, money wanted. */
export const WANT_MONEY_ONLY = new RegExp(`\\[\\s*w\\s*\\]\\s*${LEADING_MONEY.source.slice(1)}`);
