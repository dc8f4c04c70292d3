import { useEffect, useId, useState } from 'preact/hooks';
import { api } from '../api.ts';
import { CopyButton, ErrorMessage, Time } from '../components/ui.tsx';
import { useResource } from '../resource.ts';
import { navigate, withQuery } from '../router.ts';
import type { Lead, LeadList } from '../types.ts';

const PAGE_SIZE = 50;
const STATUS_LABELS: Record<string, string> = {
  new: 'New',
  hidden: 'Hidden',
  not_fit: 'Not a fit',
  all: 'All',
};
const MIN_SCORES = ['', '40', '60', '80'];

function scoreClass(score: number) {
  if (score >= 80) return 'score score-hot';
  if (score >= 60) return 'score score-warm';
  if (score >= 40) return 'score score-mild';
  return 'score score-cold';
}

export function LeadsTab(props: {
  projectId: string;
  base: string;
  query: URLSearchParams;
  generation: number;
}) {
  const { query, base } = props;
  const status = STATUS_LABELS[query.get('status') ?? ''] ? query.get('status')! : 'new';
  const minScore = MIN_SCORES.includes(query.get('minScore') ?? '') ? (query.get('minScore') ?? '') : '';
  const offset = Math.max(0, Number.parseInt(query.get('offset') ?? '0', 10) || 0);

  const params = new URLSearchParams({ status, limit: String(PAGE_SIZE), offset: String(offset) });
  if (minScore) params.set('minScore', minScore);
  const path = `/projects/${encodeURIComponent(props.projectId)}/leads?${params}`;
  const leads = useResource(`${path}#${props.generation}`, (signal) =>
    api<LeadList>('GET', path, undefined, { signal }),
  );
  const [open, setOpen] = useState<string | null>(null);
  useEffect(() => setOpen(null), [path]);

  const go = (changes: Record<string, string | null>) => navigate(withQuery(base, query, changes));
  const list = leads.data;

  return (
    <section aria-label="Leads">
      <form class="filters" onSubmit={(e) => e.preventDefault()}>
        <label>
          Status
          <select
            value={status}
            onChange={(e) =>
              go({ status: e.currentTarget.value === 'new' ? null : e.currentTarget.value, offset: null })
            }
          >
            {Object.entries(STATUS_LABELS).map(([value, label]) => (
              <option value={value} key={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Minimum score
          <select value={minScore} onChange={(e) => go({ minScore: e.currentTarget.value, offset: null })}>
            {MIN_SCORES.map((s) => (
              <option value={s} key={s}>
                {s ? `${s}+` : 'Any'}
              </option>
            ))}
          </select>
        </label>
        <span class="filters-summary muted" aria-live="polite">
          {list
            ? list.leads.length === 0
              ? 'No leads'
              : `${offset + 1}–${offset + list.leads.length}${list.pagination.hasMore ? '' : ` of ${offset + list.leads.length}`}, highest score first`
            : ''}
        </span>
      </form>
      <ErrorMessage>{leads.error}</ErrorMessage>
      <div class={`table-wrap ${leads.loading && list ? 'is-loading' : ''}`} aria-busy={leads.loading}>
        {!list && !leads.error && <div class="skeleton-table" />}
        {list && list.leads.length === 0 && (
          <div class="empty">
            <h2>No leads match</h2>
            <p>
              {status === 'new' && !minScore
                ? 'Nothing waiting for triage. Run a scan to look for new posts, or show all statuses.'
                : 'Try a lower minimum score or another status.'}
            </p>
          </div>
        )}
        {list && list.leads.length > 0 && (
          <table class="leads">
            <thead>
              <tr>
                <th scope="col" class="col-score">
                  Score
                </th>
                <th scope="col">Lead</th>
                <th scope="col" class="col-sub">
                  Subreddit
                </th>
                <th scope="col" class="col-time">
                  Posted
                </th>
                <th scope="col" class="col-toggle">
                  <span class="sr-only">Details</span>
                </th>
              </tr>
            </thead>
            {list.leads.map((lead) => (
              <LeadRows
                key={lead.id}
                lead={lead}
                open={open === lead.id}
                onToggle={() => setOpen(open === lead.id ? null : lead.id)}
              />
            ))}
          </table>
        )}
      </div>
      {list && (offset > 0 || list.pagination.hasMore) && (
        <nav class="pager" aria-label="Pages">
          <button
            type="button"
            class="btn"
            disabled={offset === 0}
            onClick={() => go({ offset: offset - PAGE_SIZE > 0 ? String(offset - PAGE_SIZE) : null })}
          >
            ← Previous
          </button>
          <span class="muted">Page {Math.floor(offset / PAGE_SIZE) + 1}</span>
          <button
            type="button"
            class="btn"
            disabled={!list.pagination.hasMore}
            onClick={() => go({ offset: String(offset + PAGE_SIZE) })}
          >
            Next →
          </button>
        </nav>
      )}
    </section>
  );
}

function LeadRows({ lead, open, onToggle }: { lead: Lead; open: boolean; onToggle(): void }) {
  const detailsId = useId();
  return (
    <tbody
      class={`lead ${open ? 'is-open' : ''} ${lead.sellerSide ? 'is-seller' : ''}`}
      data-lead-id={lead.id}
    >
      <tr>
        <td class="col-score">
          <span class={scoreClass(lead.score)} title={`Score ${lead.score} of 100`}>
            {lead.score}
          </span>
          <span class="stage">{lead.stage ?? '—'}</span>
        </td>
        <td class="col-lead">
          <a href={lead.url} target="_blank" rel="noopener noreferrer" class="lead-title">
            {lead.title}
          </a>
          {lead.sellerSide && (
            <span class="flag flag-seller" title="The poster is selling, not buying">
              Seller-side
            </span>
          )}
          {lead.commentId && <span class="flag">Comment</span>}
          {lead.status !== 'new' && <span class="flag">{STATUS_LABELS[lead.status]}</span>}
          <p class="reason">{lead.reason ?? ''}</p>
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
            onClick={onToggle}
          >
            <span class="sr-only">Details of “{lead.title}”</span>
            <span aria-hidden="true" class="chevron" />
          </button>
        </td>
      </tr>
      <tr class="lead-details" id={detailsId} hidden={!open}>
        {open && (
          <td colSpan={5}>
            <div class="details-grid">
              <div>
                <h3>{lead.commentId ? 'Comment' : 'Post'}</h3>
                <p class="muted small">
                  {lead.author ? `u/${lead.author}` : 'unknown author'} · r/{lead.subreddit}
                  {lead.matchedPhrase ? ` · matched “${lead.matchedPhrase}”` : ''}
                </p>
                <div class="body-text">
                  {lead.body?.trim() || <span class="muted">No text (title only).</span>}
                </div>
              </div>
              <div>
                <div class="reply-head">
                  <h3>Drafted reply</h3>
                  {lead.reply && <CopyButton text={lead.reply} label="Copy reply" />}
                </div>
                {lead.reply ? (
                  <div class="reply-text">{lead.reply}</div>
                ) : (
                  <p class="muted">No reply drafted for this lead.</p>
                )}
                <p class="muted small">
                  A draft for you to review and post yourself; nothing is posted for you.{' '}
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
}
