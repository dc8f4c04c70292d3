import { useEffect } from 'preact/hooks';
import { api } from '../api.ts';
import { SpendCapPanel } from '../components/spend-cap.tsx';
import { ErrorMessage } from '../components/ui.tsx';
import { UsageReportView } from '../components/usage-report.tsx';
import { useResource } from '../resource.ts';
import type { SpendCap, UsageReport } from '../types.ts';

/** The account's upstream calls and spend over the last 30 days. */
export function UsagePage() {
  useEffect(() => {
    document.title = 'Usage · Lead Intelligence';
  }, []);
  const report = useResource('usage', (signal) => api<UsageReport>('GET', '/usage', undefined, { signal }));
  const cap = useResource('spend-cap', (signal) => api<SpendCap>('GET', '/spend-cap', undefined, { signal }));
  return (
    <div class="page">
      <div class="page-head">
        <div class="page-title">
          <h1>Usage</h1>
          <p class="muted">
            Upstream calls and spend of all your projects, the last 30 days (UTC). Reading leads costs
            nothing.
          </p>
        </div>
      </div>
      {/* One stack, so the spend cap card keeps the same gap above the totals as every other card. */}
      <div class="stack">
        <ErrorMessage>{cap.error}</ErrorMessage>
        <SpendCapPanel resource={cap} />
        <ErrorMessage>{report.error}</ErrorMessage>
        {!report.data && !report.error && <div class="skeleton-list" aria-hidden="true" />}
        {report.data && <UsageReportView report={report.data} scope="account" />}
      </div>
    </div>
  );
}

/** One project's upstream calls and spend over the last 30 days. */
export function UsageTab({ projectId, generation }: { projectId: string; generation: number }) {
  const path = `/projects/${encodeURIComponent(projectId)}/usage`;
  const report = useResource(`${path}#${generation}`, (signal) =>
    api<UsageReport>('GET', path, undefined, { signal }),
  );
  return (
    <section aria-label="Usage" class="stack">
      <ErrorMessage>{report.error}</ErrorMessage>
      {!report.data && !report.error && <div class="skeleton-list" aria-hidden="true" />}
      {report.data && <UsageReportView report={report.data} scope="project" />}
    </section>
  );
}
