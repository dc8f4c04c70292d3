// What the reader (read.ts) checks in a post beside the signal groups: who the author is, what they made, where
// they link, and the words that take a hit out of a group.
import { COURSEWORK } from './low-value.ts';

export const SCHOOLING = new RegExp(`^(?:major|majoring|minor|degree|internship|careers?|${COURSEWORK})`);
export const POSTED_AS_JOB =
  /\[\s*hiring\s*\]|(?<![a-z])(?:hiring|wanted|needed|positions?|openings?|apply|job|jobs|vacancy|vacancies|recruiting)(?![a-z])/;

/** A title asking how to market what the author has: a buyer of marketing help, whatever they link. */
export const MARKETS_OWN =
  /(?:(?:trying|want|wanting|need|needing|how|help(?: me)?|ways?|tips) to|how (?:do|can|should|would) (?:i|we|you|one)) (?:market|promote|advertise|monetize|grow|(?:get|generate|drive|attract|build) (?:more |some )?(?:traffic|customers|clients|users|visitors|sales|downloads|(?:an |a )?(?:[a-z]+ )?audience))(?![a-z])/;

/** The author tells of hiring someone to make it ("I ended up working with …"): the customer shows the result. */
export const HIRED_SOMEONE =
  /(?:(?:i|we) (?:hired|paid|commissioned|ended up (?:working|going) with)|looking for an? (?:[a-z-]+ )?(?:designer|developer|freelancer|agency))(?![a-z])/;
/** Made for the author's own use: "I built my website myself", "set it up on Wix". */
export const BUILT_FOR_SELF =
  /(?:built|made|created|designed|set up|put together)(?: it| my| our| the| this)?(?: [a-z-]+){0,2} (?:myself|ourselves|on (?:wix|squarespace|weebly|shopify|wordpress\.com|godaddy))(?![a-z])/;

export const NOT_SHOWN =
  /(?:^|\.)(?:reddit\.com|redd\.it|imgur\.com|wikipedia\.org|google\.com|youtube\.com|youtu\.be)$/;

/** A seller-self phrase that says the author made something ("i made a site"), not that they sell an item. */
export const MADE = /\b(?:made|built|created|developed|launched|released|wrote|designed|coded|programmed)\b/;
export const NOT_ASKED =
  /(?:\b(?:my|our)(?: [a-z-]+)?|\b(?:in|on|into|inside|within|using|with|from) (?:(?:a|an|the|this|that|your|my|our) )?)\s*$/;

/** "I run", "we have": the verb of a business-size phrase ("we run three shops"), left out of the reason. */
export const BUSINESS_VERB = /^(?:i|we) (?:have|run|own|manage|operate) /;

/** A place of business or a person after a target user's modifier: "nail salon", "hair stylists", "nail tech". */
export const WHO_HEAD =
  /^[ -]((?:salon|shop|studio|store|bar|spa|clinic|business|company|agency|practice|office|restaurant|cafe|firm|tech|artist|stylist|owner|team|pro)s?)(?![a-z'])/;

/** A verb's past form in the post ("launched", "designed"): no topic for a reason, whatever the profile's noun. */
export const PAST_FORM = /[a-z]{3}ed$/;

/** The comparing phrases that say the author leaves the product named next. */
export const LEAVES = /^(?:alternative|switch|move|moving|migrat|replace)/;
