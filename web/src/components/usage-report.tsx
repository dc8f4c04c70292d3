// The last 30 days of upstream calls and spend as plain SVG and HTML bars, each with its numbers in a table
// beside it (docs/decisions/0068-scan-history-and-usage.md).
import type { ComponentChildren } from 'preact';
import { useId, useState } from 'preact/hooks';
import { plural, usd } from '../format.ts';
import type { UsageReport } from '../types.ts';
import { Link } from './link.tsx';

type Day = UsageReport['daily'][number];
type Metric = 'calls' | 'cost';

const dayLabel = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const fmtDay = (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`));

/** A round number at or above `max`, for the top of the axis. */
function niceMax(max: number): number {
  if (max <= 0) return 1;
  const step = 10 ** Math.floor(Math.log10(max));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * step >= max) return m * step;
  return 10 * step;
}

function DailyChart({ daily, metric }: { daily: Day[]; metric: Metric }) {
  const titleId = useId();
  const W = 600;
  const H = 180;
  const gap = 4;
  const bar = W / daily.length - gap;
  const value = (d: Day) => (metric === 'calls' ? d.calls : d.costUsd);
  const top = niceMax(Math.max(...daily.map(value)));
  const y = (v: number) => (v / top) * H;
  const total = daily.reduce((n, d) => n + value(d), 0);
  const summary =
    metric === 'calls'
      ? `Upstream calls per day, ${fmtDay(daily[0]!.day)} to ${fmtDay(daily.at(-1)!.day)}: ${plural(total, 'call')} in all; dark is fetched (paid), light is reused.`
      : `Upstream spend per day, ${fmtDay(daily[0]!.day)} to ${fmtDay(daily.at(-1)!.day)}: ${usd(total)} in all.`;
  return (
    <figure class="chart">
      <div class="chart-axis muted small" aria-hidden="true">
        <span>{metric === 'calls' ? top.toLocaleString('en') : usd(top)}</span>
        <span>0</span>
      </div>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        preserveAspectRatio="none"
        role="img"
        aria-labelledby={titleId}
        class="chart-svg"
      >
        <title id={titleId}>{summary}</title>
        <line x1="0" y1={H - 0.5} x2={W} y2={H - 0.5} class="chart-base" />
        {daily.map((d, i) => {
          const x = i * (bar + gap) + gap / 2;
          const label =
            metric === 'calls'
              ? `${fmtDay(d.day)}: ${plural(d.calls, 'call')} (${d.fetched} fetched, ${d.reused} reused), ${usd(d.costUsd)}`
              : `${fmtDay(d.day)}: ${usd(d.costUsd)} for ${plural(d.fetched, 'fetched call')}`;
          if (metric === 'cost') {
            const h = y(d.costUsd);
            return (
              <rect key={d.day} x={x} y={H - h} width={bar} height={h} class="bar-fetched">
                <title>{label}</title>
              </rect>
            );
          }
          const hf = y(d.fetched);
          const hr = y(d.reused);
          return (
            <g key={d.day}>
              <title>{label}</title>
              <rect x={x} y={H - hf} width={bar} height={hf} class="bar-fetched" />
              <rect x={x} y={H - hf - hr} width={bar} height={hr} class="bar-reused" />
            </g>
          );
        })}
      </svg>
      <figcaption class="chart-x muted small">
        <span>{fmtDay(daily[0]!.day)}</span>
        <span>{fmtDay(daily.at(-1)!.day)} (today, UTC)</span>
      </figcaption>
    </figure>
  );
}

/** A horizontal bar split into fetched and reused, scaled to the largest row. */
function SplitBar({ fetched, reused, max }: { fetched: number; reused: number; max: number }) {
  const pct = (n: number) => `${max ? (n / max) * 100 : 0}%`;
  return (
    <span class="split-bar" aria-hidden="true">
      <span class="bar-fetched" style={{ width: pct(fetched) }} />
      <span class="bar-reused" style={{ width: pct(reused) }} />
    </span>
  );
}

function Legend() {
  return (
    <p class="legend muted small">
      <span class="legend-item">
        <span class="swatch bar-fetched" aria-hidden="true" /> fetched (paid)
      </span>
      <span class="legend-item">
        <span class="swatch bar-reused" aria-hidden="true" /> reused (bought by another project, free here)
      </span>
    </p>
  );
}

interface Row {
  key: string;
  label: ComponentChildren;
  calls: number;
  fetched: number;
  reused: number;
  costUsd: number;
}

function BreakdownTable(props: { caption: string; head: string; rows: Row[] }) {
  const { caption, head, rows } = props;
  const max = Math.max(0, ...rows.map((r) => r.calls));
  return (
    <div class="table-scroll">
      <table class="usage-table stack-table">
        <caption class="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{head}</th>
            <th scope="col" class="col-bar">
              <span class="sr-only">Share of calls</span>
            </th>
            <th scope="col" class="num">
              Calls
            </th>
            <th scope="col" class="num">
              Fetched
            </th>
            <th scope="col" class="num">
              Reused
            </th>
            <th scope="col" class="num">
              Cost
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row" class="row-head">
                {r.label}
              </th>
              <td class="col-bar">
                <SplitBar fetched={r.fetched} reused={r.reused} max={max} />
              </td>
              <FigureCells row={r} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A row's calls, items fetched and reused, and cost: the same four cells in every usage table. */
function FigureCells({ row }: { row: { calls: number; fetched: number; reused: number; costUsd: number } }) {
  return (
    <>
      <td class="num" data-label="Calls">
        {row.calls.toLocaleString('en')}
      </td>
      <td class="num" data-label="Fetched">
        {row.fetched.toLocaleString('en')}
      </td>
      <td class="num" data-label="Reused">
        {row.reused.toLocaleString('en')}
      </td>
      <td class="num" data-label="Cost">
        {usd(row.costUsd)}
      </td>
    </>
  );
}

export function UsageReportView({ report, scope }: { report: UsageReport; scope: 'account' | 'project' }) {
  const [metric, setMetric] = useState<Metric>('calls');
  const t = report.totals;
  const days = report.daily.filter((d) => d.calls > 0).reverse();
  const name = useId();
  return (
    <div class="stack usage">
      <dl class="totals">
        <div>
          <dt>Upstream calls</dt>
          <dd data-testid="usage-calls">{t.calls.toLocaleString('en')}</dd>
        </div>
        <div>
          <dt>Fetched (paid)</dt>
          <dd>{t.fetched.toLocaleString('en')}</dd>
        </div>
        <div>
          <dt>Reused (free)</dt>
          <dd>{t.reused.toLocaleString('en')}</dd>
        </div>
        {t.failed > 0 && (
          <div>
            <dt>Failed (no cost)</dt>
            <dd data-testid="usage-failed">{t.failed.toLocaleString('en')}</dd>
          </div>
        )}
        <div>
          <dt>Cost</dt>
          <dd data-testid="usage-cost">{usd(t.costUsd)}</dd>
        </div>
      </dl>
      <section class="card" aria-labelledby={`${name}-daily`}>
        <div class="section-head">
          <h2 id={`${name}-daily`}>Per day</h2>
          <fieldset class="segmented">
            <legend class="sr-only">Chart shows</legend>
            {(['calls', 'cost'] as const).map((m) => (
              <label key={m} class={metric === m ? 'is-on' : undefined}>
                <input
                  type="radio"
                  name={`${name}-metric`}
                  value={m}
                  checked={metric === m}
                  onChange={() => setMetric(m)}
                />
                {m === 'calls' ? 'Calls' : 'Cost'}
              </label>
            ))}
          </fieldset>
        </div>
        <div class="usage-grid">
          <div>
            <DailyChart daily={report.daily} metric={metric} />
            {metric === 'calls' && <Legend />}
          </div>
          {/* Scrolls when there are many days: a region the keyboard can reach and scroll (WCAG 2.1.1). */}
          <section
            class="table-scroll day-table"
            aria-label="Calls and cost per day"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to scroll by keyboard
            tabIndex={0}
          >
            {days.length === 0 ? (
              <p class="muted">No upstream calls in the last 30 days.</p>
            ) : (
              <table class="usage-table stack-table">
                <caption class="sr-only">
                  Upstream calls and cost per day (days with calls), newest first
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Day (UTC)</th>
                    <th scope="col" class="num">
                      Calls
                    </th>
                    <th scope="col" class="num">
                      Fetched
                    </th>
                    <th scope="col" class="num">
                      Reused
                    </th>
                    <th scope="col" class="num">
                      Cost
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {days.map((d) => (
                    <tr key={d.day}>
                      <th scope="row" class="row-head">
                        <time dateTime={d.day}>{fmtDay(d.day)}</time>
                      </th>
                      <FigureCells row={d} />
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </div>
      </section>
      <section class="card" aria-labelledby={`${name}-api`}>
        <h2 id={`${name}-api`}>Per upstream endpoint</h2>
        {report.perApi.length === 0 ? (
          <p class="muted">No upstream calls in the last 30 days.</p>
        ) : (
          <>
            <BreakdownTable
              caption="Upstream calls and cost per endpoint, last 30 days"
              head="Endpoint"
              rows={report.perApi.map((r) => ({ ...r, key: r.api, label: <code>{r.api}</code> }))}
            />
            <Legend />
          </>
        )}
      </section>
      {scope === 'account' && (
        <section class="card" aria-labelledby={`${name}-projects`}>
          <h2 id={`${name}-projects`}>Per project</h2>
          {report.perProject.length === 0 ? (
            <p class="muted">No project made upstream calls in the last 30 days.</p>
          ) : (
            <BreakdownTable
              caption="Upstream calls and cost per project, last 30 days"
              head="Project"
              rows={report.perProject.map((r) => ({
                ...r,
                key: r.projectId ?? r.name,
                label: r.projectId ? (
                  <Link href={`/projects/${encodeURIComponent(r.projectId)}/usage`}>{r.name}</Link>
                ) : (
                  r.name
                ),
              }))}
            />
          )}
        </section>
      )}
    </div>
  );
}
