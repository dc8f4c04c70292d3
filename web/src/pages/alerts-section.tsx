import { useId, useMemo, useState } from 'preact/hooks';
import { DEFAULT_SCORE_THRESHOLD } from '../../../src/domain/scoring/types.ts';
import { api, messageOf } from '../api.ts';
import { ConfirmButton, ErrorMessage } from '../components/ui.tsx';
import { plural } from '../format.ts';
import { useResource } from '../resource.ts';
import type { AlertDelivery, AlertDestination, ProjectDetail } from '../types.ts';
import { AlertDeliveries, deliveryProblem } from './alert-deliveries.tsx';
import {
  AddAlertForm,
  CADENCE_LABELS,
  CHANNEL_LABELS,
  hourLabel,
  type Schedule,
  ScheduleFields,
  scheduleBody,
  scheduleOf,
  timeZones,
} from './alert-form.tsx';

/** "Daily at 08:00 (Europe/Berlin)", "Hourly digest"... */
function cadenceOf(d: AlertDestination): string {
  if (d.cadence === 'daily') return `Daily at ${hourLabel(d.dailyHour)} (${d.timeZone.replaceAll('_', ' ')})`;
  return d.cadence === 'instant' ? 'At once, as leads are found' : CADENCE_LABELS[d.cadence];
}

/**
 * A project's alert destinations (e-mail, Slack, Discord; docs/decisions/0114-alerts.md): each with its cadence and
 * minimum score, pause, delete, a test and its delivery log; and the form that adds one.
 */
export function AlertsSection({ project }: { project: ProjectDetail }) {
  const path = `/projects/${encodeURIComponent(project.id)}/alerts`;
  const alerts = useResource(path, (signal) =>
    api<{ alerts: AlertDestination[] }>('GET', path, undefined, { signal }).then((r) => r.alerts),
  );
  const [added, setAdded] = useState<AlertDestination | null>(null);
  const threshold = project.scoreThreshold ?? DEFAULT_SCORE_THRESHOLD;
  const list = alerts.data;
  const replace = (d: AlertDestination) => alerts.set((ds) => ds?.map((x) => (x.id === d.id ? d : x)));

  return (
    <section class="card alerts" aria-labelledby="alerts-title">
      <h2 id="alerts-title">Alerts</h2>
      <p class="muted intro">
        New leads scoring at least a destination’s minimum are sent there by e-mail, Slack or Discord: at
        once, in an hourly digest, or in a daily digest at the hour you choose. Each lead links back to this
        dashboard.
      </p>
      <ErrorMessage>{alerts.error}</ErrorMessage>
      {!list && !alerts.error && <div class="skeleton-list" aria-hidden="true" />}
      {list && list.length === 0 && <p class="muted alerts-empty">No destinations yet: add one below.</p>}
      {list && list.length > 0 && (
        <ul class="alert-list">
          {list.map((d) => (
            <AlertItem
              key={d.id}
              destination={d}
              threshold={threshold}
              onChanged={replace}
              onDeleted={() => alerts.set((ds) => ds?.filter((x) => x.id !== d.id))}
            />
          ))}
        </ul>
      )}
      <p class="notice notice-ok" role="status">
        {added &&
          (!added.confirmed
            ? `Added. A confirmation link went to ${added.target}; alerts start once it is opened.`
            : added.channel === 'email'
              ? `Added: alerts for ${project.name} now go to ${added.target}.`
              : `Added: alerts for ${project.name} now go to ${CHANNEL_LABELS[added.channel]}.`)}
      </p>
      <AddAlertForm
        projectId={project.id}
        threshold={threshold}
        onCreated={(d) => {
          setAdded(d);
          alerts.set((ds) => [...(ds ?? []), d]);
        }}
      />
    </section>
  );
}

function AlertItem(props: {
  destination: AlertDestination;
  threshold: number;
  onChanged(d: AlertDestination): void;
  onDeleted(): void;
}) {
  const d = props.destination;
  const [open, setOpen] = useState(false);
  const [logGeneration, setLogGeneration] = useState(0);
  const [busy, setBusy] = useState<'test' | 'pause' | null>(null);
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const id = useId();
  const name = `${CHANNEL_LABELS[d.channel]} ${d.target}`;

  async function test() {
    setBusy('test');
    setNotice(null);
    try {
      const r = await api<AlertDelivery>('POST', `/alerts/${encodeURIComponent(d.id)}/test`, {});
      const what = r.leads > 0 ? `with ${plural(r.leads, 'waiting lead')}` : 'with a sample lead';
      setNotice(
        r.outcome === 'sent'
          ? { ok: true, text: `Test alert sent ${what}.` }
          : { ok: false, text: `Test alert not delivered: ${deliveryProblem(r)}.` },
      );
      setOpen(true);
      setLogGeneration((g) => g + 1);
    } catch (err) {
      setNotice({ ok: false, text: `Test alert not sent: ${messageOf(err)}` });
    } finally {
      setBusy(null);
    }
  }

  async function togglePause() {
    setBusy('pause');
    setNotice(null);
    try {
      props.onChanged(
        await api<AlertDestination>('PATCH', `/alerts/${encodeURIComponent(d.id)}`, { paused: !d.paused }),
      );
    } catch (err) {
      setNotice({ ok: false, text: `Not ${d.paused ? 'resumed' : 'paused'}: ${messageOf(err)}` });
    } finally {
      setBusy(null);
    }
  }

  return (
    <li class="alert-item">
      <div class="webhook-head">
        <div class="webhook-main">
          <h3 id={`${id}-title`} class="alert-title">
            <span class="badge badge-channel">{CHANNEL_LABELS[d.channel]}</span>{' '}
            <code class="webhook-url">{d.target}</code>
          </h3>
          <p class="muted small alert-settings">
            {cadenceOf(d)} · minimum score{' '}
            {d.minScore === null ? `${props.threshold} (the project threshold)` : d.minScore}
            {d.paused && (
              <>
                {' '}
                <span class="badge badge-paused">Paused</span>
              </>
            )}
            {!d.confirmed && (
              <>
                {' '}
                <span class="badge badge-warn">Waiting for confirmation</span>
              </>
            )}
          </p>
        </div>
        <div class="webhook-actions alert-actions">
          <button
            type="button"
            class="btn btn-small"
            onClick={test}
            disabled={busy !== null || !d.confirmed}
            title={d.confirmed ? undefined : 'Sent once the address is confirmed'}
            aria-describedby={`${id}-title`}
          >
            {busy === 'test' ? 'Sending…' : 'Send a test alert'}
          </button>
          <button
            type="button"
            class="btn btn-small"
            onClick={togglePause}
            disabled={busy !== null}
            aria-describedby={`${id}-title`}
          >
            {d.paused ? 'Resume' : 'Pause'}
          </button>
          <button
            type="button"
            class="btn btn-small"
            aria-expanded={editing}
            aria-controls={`${id}-edit`}
            onClick={() => setEditing(!editing)}
            disabled={busy !== null}
            aria-describedby={`${id}-title`}
          >
            Edit
          </button>
          <button
            type="button"
            class="btn btn-small"
            aria-expanded={open}
            aria-controls={`${id}-log`}
            onClick={() => setOpen(!open)}
            aria-describedby={`${id}-title`}
          >
            {open ? 'Hide log' : 'Delivery log'}
          </button>
          <ConfirmButton
            label="Delete"
            ariaLabel={`Delete alerts to ${name}`}
            title="Delete this alert destination?"
            message={
              <p>
                Alerts to <code>{d.target}</code> stop at once and its delivery log goes with it. To receive
                them again, add it again.
              </p>
            }
            confirmLabel="Delete destination"
            onConfirm={async () => {
              await api('DELETE', `/alerts/${encodeURIComponent(d.id)}`);
              props.onDeleted();
            }}
          />
        </div>
      </div>
      {editing && (
        <EditSchedule
          id={`${id}-edit`}
          destination={d}
          threshold={props.threshold}
          onSaved={(saved) => {
            props.onChanged(saved);
            setEditing(false);
            setNotice({ ok: true, text: 'Saved.' });
          }}
          onCancel={() => setEditing(false)}
        />
      )}
      <p class={`notice ${notice?.ok ? 'notice-ok' : 'error-text'}`} aria-live="polite">
        {notice?.text ?? ''}
      </p>
      <div id={`${id}-log`} hidden={!open}>
        {open && <AlertDeliveries alertId={d.id} generation={logGeneration} />}
      </div>
    </li>
  );
}

/** Changes a destination's cadence, digest hour and zone, and minimum score in place. */
function EditSchedule(props: {
  id: string;
  destination: AlertDestination;
  threshold: number;
  onSaved(d: AlertDestination): void;
  onCancel(): void;
}) {
  const zones = useMemo(timeZones, []);
  const [schedule, setSchedule] = useState<Schedule>(() => scheduleOf(props.destination));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: Event) => {
    e.preventDefault();
    setError(null);
    const body = scheduleBody(schedule);
    if (typeof body === 'string') {
      setError(body);
      return;
    }
    setBusy(true);
    try {
      props.onSaved(
        await api<AlertDestination>('PATCH', `/alerts/${encodeURIComponent(props.destination.id)}`, body),
      );
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      id={props.id}
      class="alert-edit"
      onSubmit={submit}
      noValidate
      aria-label="Edit when alerts are sent"
    >
      <div class="alert-form-grid">
        <ScheduleFields
          value={schedule}
          onChange={setSchedule}
          zones={zones.all}
          threshold={props.threshold}
        />
      </div>
      <p class="error" role="alert" hidden={!error}>
        {error}
      </p>
      <div class="form-actions">
        <button type="submit" class="btn btn-primary btn-small" disabled={busy}>
          {busy ? 'Saving…' : 'Save'}
        </button>
        <button type="button" class="btn btn-small" onClick={props.onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
