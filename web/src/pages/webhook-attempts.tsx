import { useEffect, useState } from 'preact/hooks';
import { api, messageOf } from '../api.ts';
import { ErrorMessage } from '../components/ui.tsx';
import { clockTime, fullDate } from '../format.ts';
import { useResource } from '../resource.ts';
import type { Outcome, WebhookAttempt } from '../types.ts';

const OUTCOME_LABELS: Record<Outcome, string> = {
  delivered: 'Delivered',
  http_error: 'HTTP error',
  redirect: 'Redirect refused',
  timeout: 'Timed out',
  network_error: 'Network error',
  blocked: 'Blocked address',
  dropped: 'Dropped',
  interrupted: 'Interrupted (sent again)',
};

export function OutcomeBadge({ outcome }: { outcome: Outcome | null }) {
  if (!outcome) return <span class="badge">No deliveries yet</span>;
  return (
    <span class={`badge ${outcome === 'delivered' ? 'badge-ok' : 'badge-bad'}`}>
      {OUTCOME_LABELS[outcome]}
    </span>
  );
}

/** "Delivered (204) in 12 ms", with the error when there is one. */
export function describeAttempt(a: WebhookAttempt): string {
  const how = `${OUTCOME_LABELS[a.outcome]}${a.statusCode ? ` (${a.statusCode})` : ''}`;
  return `${how}${a.latencyMs !== null ? ` in ${a.latencyMs} ms` : ''}${a.error ? ` — ${a.error}` : ''}`;
}

const DELIVERY_LABELS = {
  'lead.deleted': 'Deleted on Reddit (lead.deleted)',
  'webhook.test': 'Test event (webhook.test)',
} as const;

const REFRESH_MS = 5000;
const ATTEMPTS_SHOWN = 50;

/** One webhook's delivery attempts, newest first, each with a Redeliver button. */
export function Attempts(props: {
  webhookId: string;
  titles: Map<string, string> | undefined;
  generation: number;
  onAttempt(a: WebhookAttempt): void;
}) {
  const path = `/webhooks/${encodeURIComponent(props.webhookId)}/attempts?limit=${ATTEMPTS_SHOWN}`;
  const attempts = useResource(`${path}#${props.generation}`, (signal) =>
    api<{ attempts: WebhookAttempt[] }>('GET', path, undefined, { signal }).then((r) => r.attempts),
  );
  const [fresh, setFresh] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [busyLead, setBusyLead] = useState<string | null>(null);

  // Deliveries happen in the background after a scan: keep the open table current while the tab is visible.
  const { reload } = attempts;
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') reload();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload]);

  const redeliver = async (a: WebhookAttempt) => {
    if (a.leadId === null) return;
    setBusyLead(a.id);
    setNotice(null);
    try {
      const next = await api<WebhookAttempt>(
        'POST',
        `/webhooks/${encodeURIComponent(props.webhookId)}/redeliver`,
        {
          leadId: a.leadId,
        },
      );
      attempts.set((list) =>
        [next, ...(list ?? []).filter((x) => x.id !== next.id)].slice(0, ATTEMPTS_SHOWN),
      );
      setFresh(next.id);
      props.onAttempt(next);
      setNotice({ ok: next.outcome === 'delivered', text: `Redelivered: ${describeAttempt(next)}.` });
    } catch (err) {
      setNotice({ ok: false, text: `Redelivery failed: ${messageOf(err)}` });
    } finally {
      setBusyLead(null);
    }
  };

  const list = attempts.data;
  return (
    <div class="attempts">
      <div class="attempts-head">
        <h3>Delivery attempts</h3>
        <span class="muted small">newest first · refreshes every 5 s</span>
      </div>
      <p class={`notice ${notice?.ok ? 'notice-ok' : 'error-text'}`} aria-live="polite">
        {notice?.text ?? ''}
      </p>
      <ErrorMessage>{attempts.error}</ErrorMessage>
      {list && list.length === 0 && (
        <p class="muted">
          No attempts yet. They appear here when a scan finds a new lead, or when you send a test event.
        </p>
      )}
      {list && list.length > 0 && (
        <div class="table-scroll">
          <table class="attempts-table stack-table">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Lead</th>
                <th scope="col">Outcome</th>
                <th scope="col">Status</th>
                <th scope="col">Error</th>
                <th scope="col" class="num">
                  Latency
                </th>
                <th scope="col">Delivery</th>
                <th scope="col">
                  <span class="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((a) => (
                <tr key={a.id} class={a.id === fresh ? 'is-fresh' : ''} data-attempt-id={a.id}>
                  <td data-label="Time">
                    <time dateTime={a.attemptedAt} title={fullDate(a.attemptedAt)}>
                      {clockTime(a.attemptedAt)}
                    </time>
                  </td>
                  <td data-label="Lead" class="attempt-lead" title={a.leadId ?? undefined}>
                    {a.leadId === null ? (
                      <span class="muted">Test event, no lead</span>
                    ) : (
                      (props.titles?.get(a.leadId) ?? <code>{a.leadId.slice(0, 8)}</code>)
                    )}
                    {a.leadDeleted && <span class="muted small"> (deleted on Reddit)</span>}
                  </td>
                  <td data-label="Outcome">
                    <OutcomeBadge outcome={a.outcome} />
                  </td>
                  <td data-label="Status">{a.statusCode ?? '—'}</td>
                  <td data-label="Error" class={`attempt-error ${a.error ? '' : 'is-empty'}`}>
                    {a.error}
                  </td>
                  <td data-label="Latency" class="num">
                    {a.latencyMs !== null ? `${a.latencyMs} ms` : '—'}
                  </td>
                  <td data-label="Delivery">
                    {a.event !== 'lead.created'
                      ? DELIVERY_LABELS[a.event]
                      : a.redelivery
                        ? `Redelivery (#${a.attempt})`
                        : 'Original'}
                  </td>
                  <td>
                    {/* A deleted lead has nothing left to send again; a test is sent anew from its button. */}
                    {a.event === 'lead.created' && !a.leadDeleted && (
                      <button
                        type="button"
                        class="btn btn-small"
                        disabled={busyLead !== null}
                        onClick={() => redeliver(a)}
                      >
                        {busyLead === a.id ? 'Sending…' : 'Redeliver'}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
