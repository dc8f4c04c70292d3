import { useEffect } from 'preact/hooks';
import { api } from '../api.ts';
import { ErrorMessage } from '../components/ui.tsx';
import { clockTime, fullDate, plural } from '../format.ts';
import { useResource } from '../resource.ts';
import type { AlertDelivery } from '../types.ts';

const KIND_LABELS: Record<AlertDelivery['kind'], string> = {
  instant: 'New leads',
  digest: 'Digest',
  test: 'Test',
  confirmation: 'Confirmation e-mail',
};
const OUTCOME_LABELS: Record<AlertDelivery['outcome'], string> = {
  sent: 'Sent',
  retrying: 'Retrying',
  failed: 'Failed',
};
const OUTCOME_CLASSES: Record<AlertDelivery['outcome'], string> = {
  sent: 'badge badge-ok',
  retrying: 'badge badge-warn',
  failed: 'badge badge-bad',
};

export function DeliveryOutcome({ outcome }: { outcome: AlertDelivery['outcome'] }) {
  return <span class={OUTCOME_CLASSES[outcome]}>{OUTCOME_LABELS[outcome]}</span>;
}

/** Why a delivery did not go: the receiver's or the mail server's words, with its status when there was one. */
export function deliveryProblem(d: AlertDelivery): string {
  if (d.error)
    return d.statusCode && !d.error.includes(String(d.statusCode)) ? `${d.statusCode}: ${d.error}` : d.error;
  return d.outcome === 'sent' ? '' : d.statusCode ? `HTTP ${d.statusCode}` : 'No answer';
}

const REFRESH_MS = 5000;

/** One destination's delivery log, newest first; kept current while open, since alerts go in the background. */
export function AlertDeliveries({ alertId, generation }: { alertId: string; generation: number }) {
  const path = `/alerts/${encodeURIComponent(alertId)}/deliveries`;
  const log = useResource(`${path}#${generation}`, (signal) =>
    api<{ deliveries: AlertDelivery[] }>('GET', path, undefined, { signal }).then((r) => r.deliveries),
  );
  const { reload } = log;
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') reload();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload]);

  const list = log.data;
  return (
    <div class="attempts alert-deliveries">
      <div class="attempts-head">
        <h4>Delivery log</h4>
        <span class="muted small">newest first · refreshes every 5 s</span>
      </div>
      <ErrorMessage>{log.error}</ErrorMessage>
      {!list && !log.error && <p class="muted">Loading…</p>}
      {list && list.length === 0 && (
        <p class="muted">
          Nothing sent yet. Deliveries appear here when a scan finds leads, or after a test.
        </p>
      )}
      {list && list.length > 0 && (
        <div class="table-scroll">
          <table class="attempts-table stack-table">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">What</th>
                <th scope="col">Outcome</th>
                <th scope="col" class="num">
                  Leads
                </th>
                <th scope="col" class="num">
                  Try
                </th>
                <th scope="col">Why</th>
              </tr>
            </thead>
            <tbody>
              {list.map((d) => {
                const why = deliveryProblem(d);
                return (
                  <tr key={d.id} data-delivery-id={d.id} data-outcome={d.outcome}>
                    <td data-label="Time">
                      <time dateTime={d.attemptedAt} title={fullDate(d.attemptedAt)}>
                        {clockTime(d.attemptedAt)}
                      </time>
                    </td>
                    <td data-label="What">{KIND_LABELS[d.kind]}</td>
                    <td data-label="Outcome">
                      <DeliveryOutcome outcome={d.outcome} />
                    </td>
                    <td data-label="Leads" class="num">
                      {d.kind === 'confirmation' ? '—' : plural(d.leads, 'lead')}
                    </td>
                    <td data-label="Try" class="num">
                      {d.attempt}
                    </td>
                    <td data-label="Why" class={`attempt-error ${why ? '' : 'is-empty'}`}>
                      {why}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
