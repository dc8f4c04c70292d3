import { useEffect, useRef, useState } from 'preact/hooks';
import { api, messageOf } from '../api.ts';
import { plural, usd } from '../format.ts';
import type { Scan, SpendCap } from '../types.ts';
import { SpendCapLine, WARN_AT } from './spend-cap.tsx';

const POLL_MS = 1000;

/**
 * A scan that read and bought nothing: every listing had just been read (Run scan reuses data bought in the last
 * minute, a scheduled scan within half the scan interval; ADR 0100), which a bare "0" does not tell.
 */
export const nothingRead = (scan: Scan) =>
  scan.status === 'done' &&
  scan.calls === 0 &&
  scan.itemsSeen === 0 &&
  !scan.errors.length &&
  !scan.spendCapReached;

function describe(scan: Scan): string {
  const cost = ` · ${usd(scan.costUsd)} (${plural(scan.calls, 'upstream call')})`;
  switch (scan.status) {
    case 'queued':
      return 'Scan queued…';
    case 'running':
      return `Scanning… ${plural(scan.newLeads, 'lead')} found so far`;
    case 'done':
      if (nothingRead(scan))
        return 'Scan done: up to date. Every listing was read less than a minute ago, so nothing was bought.';
      return `Scan done: ${plural(scan.newLeads, 'lead')} found${cost}`;
    case 'failed':
      return `Scan failed${scan.errors.length ? `: ${scan.errors.join('; ')}` : '.'}`;
  }
}

/** Starts a scan (it buys upstream data) and follows it until it ends. */
export function ScanButton({
  projectId,
  onStarted,
  onProgress,
  onFinished,
}: {
  projectId: string;
  onStarted?(scan: Scan): void;
  /** A followed scan wrote more leads (a scan commits them a piece at a time). */
  onProgress?(scan: Scan): void;
  onFinished(scan: Scan): void;
}) {
  const [scan, setScan] = useState<Scan | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [cap, setCap] = useState<SpendCap | null>(null);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const base = `/projects/${encodeURIComponent(projectId)}/scans`;

  /** Polls a scan until it ends, telling the page each time it has written more leads. */
  const follow = async (started: Scan) => {
    let s = started;
    let leads = s.newLeads;
    while (alive.current) {
      setScan(s);
      if (s.status === 'done' || s.status === 'failed') break;
      await new Promise((r) => setTimeout(r, POLL_MS));
      if (!alive.current) return null;
      s = await api<Scan>('GET', `${base}/${encodeURIComponent(s.scanId)}`);
      if (s.newLeads > leads && s.status === 'running') onProgress?.(s);
      leads = s.newLeads;
    }
    if (alive.current) onFinished(s);
    return s;
  };

  // A scan already under way when the page opens (a new project's first scan, one started elsewhere) is followed
  // too, so that its leads show as it writes them instead of after a reload.
  useEffect(() => {
    let cancelled = false;
    api<{ scans: Scan[] }>('GET', `${base}?limit=1`)
      .then(async ({ scans: [latest] }) => {
        if (cancelled || !latest || (latest.status !== 'queued' && latest.status !== 'running')) return;
        setBusy(true);
        try {
          onStarted?.(latest);
          await follow(latest);
        } finally {
          if (alive.current) setBusy(false);
        }
      })
      .catch(() => {}); // the button still works; the history tab shows the scans
    return () => {
      cancelled = true;
    };
  }, [projectId]);

  const run = async () => {
    setBusy(true);
    setError(null);
    setCap(null);
    try {
      const s = await api<Scan>('POST', base, {});
      if (alive.current) onStarted?.(s);
      if (!(await follow(s))) return;
      // Where the day stands after this scan: warned before the cap stops scans buying, not after.
      const after = await api<SpendCap>('GET', '/spend-cap');
      if (alive.current) setCap(after);
    } catch (err) {
      if (alive.current) setError(messageOf(err));
    } finally {
      if (alive.current) setBusy(false);
    }
  };

  const warnings = scan?.status === 'done' ? scan.errors : [];
  return (
    <div class="scan">
      <button type="button" class="btn btn-primary" onClick={run} disabled={busy}>
        {busy ? 'Scanning…' : 'Run scan'}
      </button>
      <p class={`scan-status ${error || scan?.status === 'failed' ? 'error-text' : ''}`} aria-live="polite">
        {error ?? (scan ? describe(scan) : 'Buys fresh posts from the upstream provider.')}
      </p>
      {scan?.spendCapReached ? (
        <p class="scan-cap warn-text" role="status">
          {scan.spendCapReached.message}
        </p>
      ) : (
        cap?.capUsd != null &&
        (cap.reached || cap.spentTodayUsd >= WARN_AT * cap.capUsd) && (
          <div class="scan-cap">
            <SpendCapLine cap={cap} />
          </div>
        )
      )}
      {warnings.length > 0 && (
        <details class="scan-warnings">
          <summary class="warn-text">{plural(warnings.length, 'warning')}: the scan went past these</summary>
          <ul>
            {warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
