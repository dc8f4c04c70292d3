import { useId, useMemo, useRef, useState } from 'preact/hooks';
import { api, messageOf } from '../api.ts';
import type { AlertDestination } from '../types.ts';

export type Channel = AlertDestination['channel'];
export type Cadence = AlertDestination['cadence'];

export const CHANNEL_LABELS: Record<Channel, string> = {
  email: 'E-mail',
  slack: 'Slack',
  discord: 'Discord',
};
const TARGET_LABELS: Record<Channel, string> = {
  email: 'E-mail address',
  slack: 'Slack incoming-webhook URL',
  discord: 'Discord webhook URL',
};
const PLACEHOLDERS: Record<Channel, string> = {
  email: 'you@example.com',
  slack: 'https://hooks.slack.com/services/…',
  discord: 'https://discord.com/api/webhooks/…',
};
export const CADENCE_LABELS: Record<Cadence, string> = {
  instant: 'At once',
  hourly: 'Hourly digest',
  daily: 'Daily digest',
};
const HOURS = Array.from({ length: 24 }, (_, h) => h);
export const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** The browser's zone, and the zones to choose from (the browser's list, with it and UTC surely in it). */
function timeZones(): { own: string; all: string[] } {
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return { own, all: [...new Set([own, 'UTC', ...listed])].sort() };
}

/**
 * Adds an alert destination: the channel, its address or webhook URL, the cadence (a daily digest's hour in a time
 * zone, the browser's by default) and the minimum score (empty: the project's threshold).
 */
export function AddAlertForm(props: {
  projectId: string;
  threshold: number;
  onCreated(d: AlertDestination): void;
}) {
  const zones = useMemo(timeZones, []);
  const [channel, setChannel] = useState<Channel>('email');
  const [target, setTarget] = useState('');
  const [cadence, setCadence] = useState<Cadence>('instant');
  const [hour, setHour] = useState(8);
  const [zone, setZone] = useState(zones.own);
  const [minScore, setMinScore] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const targetRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const errorId = `${id}-error`;

  const submit = async (e: Event) => {
    e.preventDefault();
    setError(null);
    const to = target.trim();
    const min = minScore.trim();
    if (!to) {
      setError(`Give the ${TARGET_LABELS[channel].toLowerCase()}.`);
      targetRef.current?.focus();
      return;
    }
    if (min && !(/^\d+$/.test(min) && Number(min) <= 100)) {
      setError('The minimum score is a whole number from 0 to 100, or empty for the project threshold.');
      return;
    }
    setBusy(true);
    try {
      const created = await api<AlertDestination>(
        'POST',
        `/projects/${encodeURIComponent(props.projectId)}/alerts`,
        {
          channel,
          ...(channel === 'email' ? { to } : { url: to }),
          cadence,
          minScore: min ? Number(min) : null,
          ...(cadence === 'daily' ? { dailyHour: hour, timeZone: zone } : {}),
        },
      );
      setTarget('');
      props.onCreated(created);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  const described = error ? errorId : undefined;
  return (
    <form class="add-form alert-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Add a destination</h3>
      <div class="alert-form-grid">
        <div class="field">
          <label for={`${id}-channel`}>Channel</label>
          <select
            id={`${id}-channel`}
            value={channel}
            onChange={(e) => setChannel(e.currentTarget.value as Channel)}
          >
            {(Object.keys(CHANNEL_LABELS) as Channel[]).map((c) => (
              <option key={c} value={c}>
                {CHANNEL_LABELS[c]}
              </option>
            ))}
          </select>
        </div>
        <div class="field field-wide">
          <label for={`${id}-target`}>{TARGET_LABELS[channel]}</label>
          <input
            ref={targetRef}
            id={`${id}-target`}
            type="text"
            inputMode={channel === 'email' ? 'email' : 'url'}
            placeholder={PLACEHOLDERS[channel]}
            value={target}
            onInput={(e) => setTarget(e.currentTarget.value)}
            required
            autoComplete={channel === 'email' ? 'email' : 'off'}
            spellcheck={false}
            aria-invalid={error && !target.trim() ? true : undefined}
            aria-describedby={described}
          />
        </div>
        <div class="field">
          <label for={`${id}-cadence`}>When</label>
          <select
            id={`${id}-cadence`}
            value={cadence}
            onChange={(e) => setCadence(e.currentTarget.value as Cadence)}
          >
            {(Object.keys(CADENCE_LABELS) as Cadence[]).map((c) => (
              <option key={c} value={c}>
                {CADENCE_LABELS[c]}
              </option>
            ))}
          </select>
        </div>
        {cadence === 'daily' && (
          <>
            <div class="field">
              <label for={`${id}-hour`}>At</label>
              <select
                id={`${id}-hour`}
                value={String(hour)}
                onChange={(e) => setHour(Number(e.currentTarget.value))}
              >
                {HOURS.map((h) => (
                  <option key={h} value={h}>
                    {hourLabel(h)}
                  </option>
                ))}
              </select>
            </div>
            <div class="field">
              <label for={`${id}-zone`}>Time zone</label>
              <select id={`${id}-zone`} value={zone} onChange={(e) => setZone(e.currentTarget.value)}>
                {zones.all.map((z) => (
                  <option key={z} value={z}>
                    {z.replaceAll('_', ' ')}
                  </option>
                ))}
              </select>
            </div>
          </>
        )}
        <div class="field">
          <label for={`${id}-min`}>Minimum score</label>
          <input
            id={`${id}-min`}
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            step={1}
            placeholder={`Threshold (${props.threshold})`}
            value={minScore}
            onInput={(e) => setMinScore(e.currentTarget.value)}
            aria-describedby={`${id}-min-hint`}
          />
          <span id={`${id}-min-hint`} class="muted small">
            Empty: project threshold
          </span>
        </div>
      </div>
      {channel === 'email' && (
        <p class="muted small">
          An address other than your account’s gets a confirmation link first; nothing else is sent to it
          until the link is opened.
        </p>
      )}
      <p id={errorId} class="error" role="alert" hidden={!error}>
        {error}
      </p>
      <div class="form-actions">
        <button type="submit" class="btn btn-primary" disabled={busy}>
          {busy ? 'Adding…' : 'Add destination'}
        </button>
      </div>
    </form>
  );
}
