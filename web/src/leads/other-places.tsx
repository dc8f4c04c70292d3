import { Fragment } from 'preact';
import type { Lead } from '../types.ts';

/**
 * "Also posted in r/x, r/y": the other places the lead's story appeared (cross-posts, reposts, the author's
 * copies), oldest first, each a link to it; nothing when there are none (docs/decisions/0120-one-lead-per-story.md).
 */
export function OtherPlaces(props: { lead: Pick<Lead, 'otherPlaces'>; tabIndex?: number }) {
  const places = props.lead.otherPlaces ?? [];
  if (!places.length) return null;
  return (
    <p class="other-places">
      Also posted in{' '}
      {places.map((p, i) => (
        <Fragment key={p.url}>
          {i > 0 && ', '}
          <a
            href={p.url}
            target="_blank"
            rel="noopener noreferrer"
            tabIndex={props.tabIndex}
            title={`${p.author ? `u/${p.author}` : 'unknown author'}, ${new Date(p.postedAt).toLocaleString()}`}
          >
            r/{p.subreddit}
            {p.commentId ? ' (a comment)' : ''}
          </a>
        </Fragment>
      ))}
    </p>
  );
}
