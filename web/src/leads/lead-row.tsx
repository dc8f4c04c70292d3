import { memo } from 'preact/compat';
import { Time } from '../components/ui.tsx';
import type { Lead, LeadReply } from '../types.ts';
import { Highlighted, type Marks, snippet } from './highlight.tsx';
import { OtherPlaces } from './other-places.tsx';
import { queueOf, STATUS_LABELS } from './queue.ts';
import { ReplyEditor } from './reply-editor.tsx';

export function scoreClass(score: number) {
  if (score >= 80) return 'score score-hot';
  if (score >= 60) return 'score score-warm';
  if (score >= 40) return 'score score-mild';
  return 'score score-cold';
}

export const rowId = (leadId: string) => `lead-${leadId}`;

/**
 * One lead: a focusable grid row (the keyboard cursor is a roving tabindex) and its details row. Memoised, so
 * moving the cursor over 500 leads re-renders two of them. Clicks are handled by the list (event delegation).
 */
export const LeadRows = memo(function LeadRows(props: {
  lead: Lead;
  cursor: boolean;
  selected: boolean;
  open: boolean;
  marks: Marks;
  projectId: string;
  onReply(leadId: string, reply: LeadReply): void;
}) {
  const { lead, cursor, selected, open, marks } = props;
  const queue = queueOf(lead);
  const detailsId = `details-${lead.id}`;
  const titleId = `title-${lead.id}`;
  const context = snippet(lead.body, marks);
  return (
    <tbody
      class={`lead ${open ? 'is-open' : ''} ${lead.sellerSide ? 'is-seller' : ''} ${cursor ? 'is-cursor' : ''}`}
    >
      <tr
        id={rowId(lead.id)}
        class="lead-row"
        data-lead-id={lead.id}
        tabIndex={cursor ? 0 : -1}
        aria-selected={selected}
        aria-labelledby={titleId}
      >
        <td class="col-select">
          <input
            type="checkbox"
            class="select-box"
            checked={selected}
            tabIndex={-1}
            aria-label={`Select “${lead.title}”`}
            data-action="select"
          />
        </td>
        <td class="col-score">
          <span class={scoreClass(lead.score)} title={`Score ${lead.score} of 100`}>
            {lead.score}
          </span>
          <span class="stage">{lead.stage ?? '—'}</span>
        </td>
        <td class="col-lead">
          <a
            href={lead.url}
            id={titleId}
            target="_blank"
            rel="noopener noreferrer"
            class="lead-title"
            tabIndex={cursor ? 0 : -1}
          >
            <Highlighted text={lead.title} marks={marks} />
          </a>
          {lead.sellerSide && (
            <span class="flag flag-seller" title="The poster is selling, not buying">
              Seller-side
            </span>
          )}
          {lead.commentId && <span class="flag">Comment</span>}
          {queue === 'replied' ? (
            <span class="flag flag-replied">
              Replied <Time iso={lead.repliedAt} />
            </span>
          ) : (
            lead.status !== 'new' && <span class="flag flag-status">{STATUS_LABELS[queue]}</span>
          )}
          {lead.belowThreshold !== null && lead.belowThreshold !== undefined && (
            <span class="flag" title="Hidden when the project's score threshold was raised">
              Below {lead.belowThreshold}
            </span>
          )}
          {lead.replyEditedAt && <span class="flag flag-edited">Reply edited</span>}
          <p class="reason">{lead.reason ?? ''}</p>
          <OtherPlaces lead={lead} tabIndex={cursor ? 0 : -1} />
          {context && (
            <p class="context">
              <Highlighted text={context} marks={marks} />
            </p>
          )}
        </td>
        <td class="col-sub">r/{lead.subreddit}</td>
        <td class="col-time">
          <Time iso={lead.postedAt} />
        </td>
        <td class="col-toggle">
          <button
            type="button"
            class="btn btn-small btn-toggle"
            aria-expanded={open}
            aria-controls={detailsId}
            tabIndex={cursor ? 0 : -1}
            data-action="open"
          >
            <span class="sr-only">Details of “{lead.title}”</span>
            <span aria-hidden="true" class="chevron" />
          </button>
        </td>
      </tr>
      <tr class="lead-details" id={detailsId} hidden={!open}>
        {open && (
          <td colSpan={6}>
            <div class="details-grid">
              <div>
                <h2 class="label-heading">{lead.commentId ? 'Comment' : 'Post'}</h2>
                <p class="muted small">
                  {lead.author ? `u/${lead.author}` : 'unknown author'} · r/{lead.subreddit}
                  {lead.matchedPhrase ? ` · matched “${lead.matchedPhrase}”` : ''}
                </p>
                <div class="body-text">
                  {lead.body?.trim() ? (
                    <Highlighted text={lead.body} marks={marks} />
                  ) : (
                    <span class="muted">No text (title only).</span>
                  )}
                </div>
                <div class="row-actions">
                  {queue !== 'replied' && (
                    <button type="button" class="btn btn-small" data-action="replied">
                      Mark replied <kbd>r</kbd>
                    </button>
                  )}
                  {lead.status !== 'hidden' && (
                    <button type="button" class="btn btn-small" data-action="hidden">
                      Hide <kbd>h</kbd>
                    </button>
                  )}
                  {lead.status !== 'not_fit' && (
                    <button type="button" class="btn btn-small" data-action="not_fit">
                      Not a fit <kbd>n</kbd>
                    </button>
                  )}
                  {lead.status !== 'new' && (
                    <button type="button" class="btn btn-small" data-action="new">
                      Back to new <kbd>e</kbd>
                    </button>
                  )}
                </div>
              </div>
              <div>
                <ReplyEditor lead={lead} projectId={props.projectId} onSaved={props.onReply} />
                <p class="muted small">
                  For you to review and post yourself; nothing is posted for you.{' '}
                  <a href={lead.url} target="_blank" rel="noopener noreferrer">
                    Open on Reddit ↗
                  </a>
                </p>
              </div>
            </div>
          </td>
        )}
      </tr>
    </tbody>
  );
});
