import { useState } from 'preact/hooks';
import { MAX_CAP_USD } from '../../../src/usage/spend-cap.limits.ts';
import { api, messageOf } from '../api.ts';
import { usd } from '../format.ts';
import type { Resource } from '../resource.ts';
import type { SpendCap } from '../types.ts';

/** From this share of the cap on, the dashboard warns before scans stop buying (ADR 0102). */
export const WARN_AT = 0.8;

const share = (cap: SpendCap) => (cap.capUsd ? cap.spentTodayUsd / cap.capUsd : cap.reached ? 1 : 0);

/** One line on today's spend against the cap: plain under 80 %, a warning from there, what happens once reached. */
export function SpendCapLine({ cap }: { cap: SpendCap }) {
  if (cap.capUsd === null)
    return <p class="muted">Today (UTC): {usd(cap.spentTodayUsd)} spent; no daily spend cap.</p>;
  const resets = `00:00 UTC (${cap.resetsAt.slice(0, 10)})`;
  const figures = `${usd(cap.spentTodayUsd)} of your ${usd(cap.capUsd)} daily spend cap`;
  if (cap.reached)
    return (
      <p class="warn-text" role="status">
        Daily spend cap reached: {figures} spent today (UTC). Scans buy nothing more until {resets}; they keep
        using data already bought.
      </p>
    );
  if (share(cap) >= WARN_AT)
    return (
      <p class="warn-text" role="status">
        {Math.floor(share(cap) * 100)}% of the daily spend cap used: {figures}, {usd(cap.leftUsd ?? 0)} left
        until {resets}.
      </p>
    );
  return (
    <p class="muted">
      Today (UTC): {figures} ({usd(cap.leftUsd ?? 0)} left).
    </p>
  );
}

/** Today's spend against the cap, a bar, and the account's own cap to set. */
export function SpendCapPanel({ resource }: { resource: Resource<SpendCap> }) {
  const cap = resource.data;
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!cap) return null;
  const save = async (dailyCapUsd: number | null) => {
    setBusy(true);
    setError(null);
    try {
      const saved = await api<SpendCap>('PUT', '/spend-cap', { dailyCapUsd });
      resource.set(() => saved);
      setValue(null);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  const typed = value ?? (cap.ownCapUsd === null ? '' : String(cap.ownCapUsd));
  const pct = Math.min(100, Math.round(share(cap) * 100));
  const fallback = cap.defaultCapUsd === null ? 'no cap' : usd(cap.defaultCapUsd);
  return (
    <section class="card stack" aria-labelledby="spend-cap-title">
      <h2 id="spend-cap-title">Daily spend cap</h2>
      <SpendCapLine cap={cap} />
      {cap.capUsd !== null && (
        <meter
          class="spend-meter"
          min={0}
          max={100}
          low={WARN_AT * 100}
          high={99}
          optimum={0}
          value={pct}
          aria-label={`${pct}% of the daily spend cap used`}
        />
      )}
      <form
        class="spend-cap-form"
        onSubmit={(e) => {
          e.preventDefault();
          // "$2.50" is read as 2.5; what is not an amount is refused here in the form's words, not the API's.
          const text = typed.trim().replace(/^\$\s*/, '');
          const n = text === '' ? null : Number(text);
          if (n !== null && (!Number.isFinite(n) || n < 0)) {
            setError(
              `Write the cap as an amount of US dollars, such as 2.50, or leave it empty for the default (${fallback}).`,
            );
            return;
          }
          const most = cap.maxCapUsd ?? MAX_CAP_USD;
          if (n !== null && n > most) {
            setError(
              `The cap can be at most ${usd(most)} a day${cap.maxCapUsd !== null ? ' on your plan' : ''}.`,
            );
            return;
          }
          void save(n);
        }}
      >
        <div class="field">
          <label for="daily-cap">Your daily cap (USD)</label>
          <input
            id="daily-cap"
            type="text"
            inputMode="decimal"
            value={typed}
            placeholder={`default: ${fallback}`}
            aria-describedby="daily-cap-hint"
            aria-invalid={error ? true : undefined}
            onInput={(e) => setValue((e.currentTarget as HTMLInputElement).value)}
          />
          <p id="daily-cap-hint" class="muted small">
            Upstream data all your projects buy per UTC day; empty: the default ({fallback})
            {cap.maxCapUsd !== null ? `, at most ${usd(cap.maxCapUsd)} on your plan` : ''}.
          </p>
          {error && <p class="field-error small">{error}</p>}
        </div>
        <button type="submit" class="btn" disabled={busy}>
          Save cap
        </button>
      </form>
    </section>
  );
}
