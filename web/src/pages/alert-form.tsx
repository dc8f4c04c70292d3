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

/** When a destination hears of leads: the cadence, a daily digest's hour and zone, the minimum score as typed. */
export interface Schedule {
  cadence: Cadence;
  hour: number;
  zone: string;
  minScore: string;
}

export function scheduleOf(d: AlertDestination): Schedule {
  return {
    cadence: d.cadence,
    hour: d.dailyHour,
    zone: d.timeZone,
    minScore: d.minScore === null ? '' : String(d.minScore),
  };
}

/** The request fields of a schedule, or what is wrong with it. */
export function scheduleBody(
  v: Schedule,
): { cadence: Cadence; minScore: number | null; dailyHour?: number; timeZone?: string } | string {
  const min = v.minScore.trim();
  if (min && !(/^\d+$/.test(min) && Number(min) <= 100)) {
    return 'The minimum score is a whole number from 0 to 100, or empty for the project threshold.';
  }
  return {
    cadence: v.cadence,
    minScore: min ? Number(min) : null,
    ...(v.cadence === 'daily' ? { dailyHour: v.hour, timeZone: v.zone } : {}),
  };
}

/** The cadence, hour, zone and minimum-score fields, shared by the add form and a destination's edit form. */
export function ScheduleFields(props: {
  value: Schedule;
  onChange(v: Schedule): void;
  zones: string[];
  threshold: number;
}) {
  const v = props.value;
  const set = (change: Partial<Schedule>) => props.onChange({ ...v, ...change });
  const id = useId();
  const zones = v.zone && !props.zones.includes(v.zone) ? [v.zone, ...props.zones] : props.zones;
  return (
    <>
      <div class="field">
        <label for={`${id}-cadence`}>When</label>
        <select
          id={`${id}-cadence`}
          value={v.cadence}
          onChange={(e) => set({ cadence: e.currentTarget.value as Cadence })}
        >
          {(Object.keys(CADENCE_LABELS) as Cadence[]).map((c) => (
            <option key={c} value={c}>
              {CADENCE_LABELS[c]}
            </option>
          ))}
        </select>
      </div>
      {v.cadence === 'daily' && (
        <>
          <div class="field">
            <label for={`${id}-hour`}>At</label>
            <select
              id={`${id}-hour`}
              value={String(v.hour)}
              onChange={(e) => set({ hour: Number(e.currentTarget.value) })}
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
            <select id={`${id}-zone`} value={v.zone} onChange={(e) => set({ zone: e.currentTarget.value })}>
              {zones.map((z) => (
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
          value={v.minScore}
          onInput={(e) => set({ minScore: e.currentTarget.value })}
          aria-describedby={`${id}-min-hint`}
        />
        <span id={`${id}-min-hint`} class="muted small">
          Empty: project threshold
        </span>
      </div>
    </>
  );
}

/** The browser's zone, and the zones to choose from (the browser's list, with it and UTC surely in it). */
export function timeZones(): { own: string; all: string[] } {
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
  const [schedule, setSchedule] = useState<Schedule>({
    cadence: 'instant',
    hour: 8,
    zone: zones.own,
    minScore: '',
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const targetRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const errorId = `${id}-error`;

  const submit = async (e: Event) => {
    e.preventDefault();
    setError(null);
    const to = target.trim();
    if (!to) {
      setError(`Give the ${TARGET_LABELS[channel].toLowerCase()}.`);
      targetRef.current?.focus();
      return;
    }
    const settings = scheduleBody(schedule);
    if (typeof settings === 'string') {
      setError(settings);
      return;
    }
    setBusy(true);
    try {
      const created = await api<AlertDestination>(
        'POST',
        `/projects/${encodeURIComponent(props.projectId)}/alerts`,
        { channel, ...(channel === 'email' ? { to } : { url: to }), ...settings },
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
        <ScheduleFields
          value={schedule}
          onChange={setSchedule}
          zones={zones.all}
          threshold={props.threshold}
        />
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
