import { useEffect, useState } from 'preact/hooks';
import { api } from '../api.ts';
import { nothingRead } from '../components/scan-button.tsx';
import { ErrorMessage, Time } from '../components/ui.tsx';
import { plural, usd } from '../format.ts';
import { useResource } from '../resource.ts';
import type { Scan } from '../types.ts';

const PAGE = 25;
const POLL_MS = 2000;

interface ScanPage {
  scans: Scan[];
  pagination: { limit: number; offset: number; hasMore: boolean };
}

const isActive = (s: Scan) => s.status === 'queued' || s.status === 'running';

/** "4.2 s", "3 min 10 s"; for a running scan, the time so far. */
function duration(s: Scan, now: number): string {
  if (!s.startedAt) return '—';
  const ms = (s.finishedAt ? new Date(s.finishedAt).getTime() : now) - new Date(s.startedAt).getTime();
  if (ms < 0) return '—';
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

const STATUS_LABEL: Record<Scan['status'], string> = {
  queued: 'Queued',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
};

/**
 * The scan's items, and per subreddit where it read subreddits: a subreddit that gave nothing is said plainly,
 * not hidden in the total.
 */
function ItemsSeen({ scan, spelled }: { scan: Scan; spelled: (name: string) => string }) {
  const total = scan.itemsSeen.toLocaleString('en');
  if (nothingRead(scan))
    return (
      <span class="items-seen">
        <span>0</span>
        <span class="muted small">up to date: every listing had just been read, nothing bought</span>
      </span>
    );
  if (scan.subreddits.length === 0) return <>{total}</>;
  const empty = scan.subreddits.filter((r) => r.itemsSeen === 0);
  const some = scan.subreddits.filter((r) => r.itemsSeen > 0).sort((a, b) => b.itemsSeen - a.itemsSeen);
  return (
    <span class="items-seen">
      <span>{total}</span>
      <ul class="sub-counts small" aria-label="Items seen per subreddit">
        {empty.map((r) =>
          // While the scan runs, a subreddit may simply not have been read yet.
          isActive(scan) ? (
            <li key={r.name} class="muted">
              r/{spelled(r.name)}: none yet
            </li>
          ) : (
            <li key={r.name} class="warn-text">
              r/{spelled(r.name)}: no posts returned
            </li>
          ),
        )}
        {some.map((r) => (
          <li key={r.name} class="muted">
            r/{spelled(r.name)}: {r.itemsSeen.toLocaleString('en')}
          </li>
        ))}
      </ul>
    </span>
  );
}

/** Every scan of the project, newest first; a queued or running one is followed live. */
export function ScansTab({
  projectId,
  generation,
  subreddits,
}: {
  projectId: string;
  generation: number;
  /** The project's subreddits as the user spelled them: a scan counts them by lower-case name. */
  subreddits: string[];
}) {
  const spelling = new Map(subreddits.map((s) => [s.toLowerCase(), s]));
  const spelled = (name: string) => spelling.get(name.toLowerCase()) ?? name;
  const path = `/projects/${encodeURIComponent(projectId)}/scans`;
  const [offset, setOffset] = useState(0);
  const scans = useResource(`${path}?${offset}#${generation}`, (signal) =>
    api<ScanPage>('GET', `${path}?limit=${PAGE}&offset=${offset}`, undefined, { signal }),
  );
  const list = scans.data?.scans;
  const active = list?.some(isActive) ?? false;

  // While a scan is queued or running, ask again every 2 s; the rows show its progress.
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(scans.reload, POLL_MS);
    return () => clearTimeout(timer);
  }, [active, list]);

  const now = Date.now();
  return (
    <section aria-labelledby="scans-title" class="stack">
      <div class="section-head">
        <h2 id="scans-title">Scan history</h2>
        <p class="muted small" aria-live="polite">
          {active ? 'A scan is in progress: this list follows it.' : 'Scheduled, tool and dashboard scans.'}
        </p>
      </div>
      <ErrorMessage>{scans.error}</ErrorMessage>
      {!list && !scans.error && <div class="skeleton-table" aria-hidden="true" />}
      {list && list.length === 0 && offset === 0 && (
        <div class="empty">
          <h2>No scans yet</h2>
          <p>Run scan (above) buys fresh posts and scores them; scheduled scans appear here too.</p>
        </div>
      )}
      {list && list.length > 0 && (
        <div class="table-scroll">
          <table class="scans-table stack-table">
            <caption class="sr-only">Scans of this project, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Started</th>
                <th scope="col">Status</th>
                <th scope="col" class="num">
                  Duration
                </th>
                <th scope="col" class="num">
                  Items seen
                </th>
                <th scope="col" class="num">
                  Upstream calls
                </th>
                <th scope="col" class="num">
                  Cost
                </th>
                <th scope="col" class="num">
                  New leads
                </th>
                <th scope="col">Errors</th>
              </tr>
            </thead>
            <tbody>
              {list.map((s) => (
                <tr key={s.scanId} data-scan-id={s.scanId} class={isActive(s) ? 'is-active' : undefined}>
                  <td data-label="Started">
                    <span>
                      <Time iso={s.startedAt} empty="not started" />
                      <span class="muted small"> · {s.trigger}</span>
                    </span>
                  </td>
                  <td data-label="Status">
                    <span
                      class={`badge ${s.status === 'failed' ? 'badge-bad' : s.status === 'done' ? 'badge-ok' : 'badge-live'}`}
                    >
                      {STATUS_LABEL[s.status]}
                      {isActive(s) ? '…' : ''}
                    </span>
                  </td>
                  <td class="num" data-label="Duration">
                    {duration(s, now)}
                  </td>
                  <td class="num" data-label="Items seen">
                    <ItemsSeen scan={s} spelled={spelled} />
                  </td>
                  <td class="num" data-label="Upstream calls">
                    {s.calls.toLocaleString('en')}
                  </td>
                  <td class="num" data-label="Cost">
                    {usd(s.costUsd)}
                  </td>
                  <td class="num" data-label="New leads">
                    {s.newLeads.toLocaleString('en')}
                  </td>
                  <td class="scan-errors" data-label="Errors">
                    {s.spendCapReached && (
                      <p class="warn-text small" title={s.spendCapReached.message}>
                        Spend cap reached: bought nothing more
                      </p>
                    )}
                    {s.errors.length === 0 ? (
                      <span class="muted">none</span>
                    ) : (
                      <details>
                        <summary class={s.status === 'failed' ? 'error-text' : 'warn-text'}>
                          {plural(s.errors.length, 'error')}
                        </summary>
                        <ul>
                          {s.errors.map((e, i) => (
                            <li key={`${i}:${e}`}>{e}</li>
                          ))}
                        </ul>
                      </details>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {(offset > 0 || scans.data?.pagination.hasMore) && (
        <div class="pager">
          <button
            type="button"
            class="btn btn-small"
            disabled={offset === 0}
            onClick={() => setOffset(Math.max(0, offset - PAGE))}
          >
            Newer
          </button>
          <span class="muted small">
            {offset + 1}–{offset + (list?.length ?? 0)}
          </span>
          <button
            type="button"
            class="btn btn-small"
            disabled={!scans.data?.pagination.hasMore}
            onClick={() => setOffset(offset + PAGE)}
          >
            Older
          </button>
        </div>
      )}
    </section>
  );
}
