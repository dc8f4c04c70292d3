import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { ApiError, api, messageOf } from '../api.ts';
import { ErrorMessage, Time } from '../components/ui.tsx';
import { useResource } from '../resource.ts';
import type { Lead, QueueStatus } from '../types.ts';
import { scoreClass } from './lead-row.tsx';
import { OtherPlaces } from './other-places.tsx';
import { queueOf, STATUS_LABELS } from './queue.ts';
import { ReplyEditor } from './reply-editor.tsx';

const ACTIONS: { to: Exclude<QueueStatus, 'new'>; label: string; done: string }[] = [
  { to: 'replied', label: 'Mark replied', done: 'Marked replied.' },
  { to: 'hidden', label: 'Hide', done: 'Hidden.' },
  { to: 'not_fit', label: 'Not a fit', done: 'Marked not a fit.' },
];

/**
 * The lead an alert links to (`?lead=<id>`), shown above the queue whatever its status, age or page: its post,
 * reason and reply draft, and the triage an alert reader wants. Takes the focus when it has loaded.
 */
export function LinkedLead(props: { projectId: string; leadId: string; onClose(): void; onChanged(): void }) {
  const path = `/projects/${encodeURIComponent(props.projectId)}/leads/${encodeURIComponent(props.leadId)}`;
  const [gone, setGone] = useState(false);
  const lead = useResource(path, (signal) =>
    api<Lead>('GET', path, undefined, { signal }).catch((err: unknown) => {
      if (err instanceof ApiError && err.status === 404) setGone(true);
      throw err;
    }),
  );
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const ref = useRef<HTMLElement>(null);
  const titleId = useId();
  const l = lead.data;

  // Once, when it has loaded (or failed): the reader came for this lead.
  const shown = useRef(false);
  useEffect(() => {
    if ((!l && !lead.error) || shown.current) return;
    shown.current = true;
    // It is the first thing in the tab, in sight as the page opens: focused without scrolling the title away.
    ref.current?.focus({ preventScroll: true });
  }, [l, lead.error]);

  async function move(to: Exclude<QueueStatus, 'new'>, done: string) {
    if (!l) return;
    setBusy(true);
    setNotice(null);
    try {
      const base = `/projects/${encodeURIComponent(props.projectId)}/leads`;
      if (to === 'replied') await api('POST', `${base}/replied`, { leadIds: [l.id] });
      else await api('POST', `${base}/status`, { leadIds: [l.id], status: to });
      const fresh = await api<Lead>('GET', path);
      lead.set(() => fresh);
      props.onChanged();
      // The button pressed is gone with the old status: the focus stays in the card.
      ref.current?.focus({ preventScroll: true });
      setNotice({ ok: true, text: done });
    } catch (err) {
      setNotice({ ok: false, text: `Not saved: ${messageOf(err)}` });
    } finally {
      setBusy(false);
    }
  }

  const queue = l ? queueOf(l) : null;
  return (
    <section class="card linked-lead" aria-labelledby={titleId} tabIndex={-1} ref={ref}>
      <div class="linked-head">
        <h2 id={titleId} class="label-heading">
          Lead from your alert
        </h2>
        <button type="button" class="btn btn-small" onClick={props.onClose}>
          Close
        </button>
      </div>
      {gone ? (
        <p>
          This lead is no longer in this project: its post may have been deleted on Reddit, or the link
          belongs to another project or account.
        </p>
      ) : (
        <ErrorMessage>{lead.error}</ErrorMessage>
      )}
      {!l && !lead.error && <div class="skeleton-list" aria-hidden="true" />}
      {l && queue && (
        <>
          <p class="linked-title">
            <span class={scoreClass(l.score)} title={`Score ${l.score} of 100`}>
              {l.score}
            </span>
            <a href={l.url} target="_blank" rel="noopener noreferrer" class="lead-title">
              {l.title}
            </a>
          </p>
          <p class="muted small">
            {l.stage ?? 'no stage'} · r/{l.subreddit} · {l.author ? `u/${l.author}` : 'unknown author'} ·
            posted <Time iso={l.postedAt} />{' '}
            <span
              class={`flag ${queue === 'replied' ? 'flag-replied' : queue === 'new' ? '' : 'flag-status'}`}
            >
              {STATUS_LABELS[queue]}
            </span>
            {l.sellerSide && <span class="flag flag-seller">Seller-side</span>}
          </p>
          {l.reason && <p class="reason">{l.reason}</p>}
          <OtherPlaces lead={l} />
          <div class="details-grid linked-grid">
            <div>
              <div class="body-text">
                {l.body?.trim() ? l.body : <span class="muted">No text (title only).</span>}
              </div>
              <div class="row-actions">
                {ACTIONS.filter((a) => (a.to === 'replied' ? queue !== 'replied' : l.status !== a.to)).map(
                  (a) => (
                    <button
                      key={a.to}
                      type="button"
                      class="btn btn-small"
                      disabled={busy}
                      onClick={() => move(a.to, a.done)}
                    >
                      {a.label}
                    </button>
                  ),
                )}
                <a class="btn btn-small" href={l.url} target="_blank" rel="noopener noreferrer">
                  Open on Reddit ↗
                </a>
              </div>
            </div>
            <div>
              <ReplyEditor
                lead={l}
                projectId={props.projectId}
                onSaved={(_, r) =>
                  lead.set((x) => x && { ...x, reply: r.reply, replyEditedAt: r.replyEditedAt })
                }
              />
            </div>
          </div>
        </>
      )}
      <p class={`notice ${notice?.ok ? 'notice-ok' : 'error-text'}`} role="status">
        {notice?.text ?? ''}
      </p>
    </section>
  );
}
