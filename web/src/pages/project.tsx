import { useEffect, useState } from 'preact/hooks';
import { ApiError, api } from '../api.ts';
import { Link } from '../components/link.tsx';
import { ScanButton } from '../components/scan-button.tsx';
import { ErrorMessage } from '../components/ui.tsx';
import { useResource } from '../resource.ts';
import type { Me, ProjectDetail } from '../types.ts';
import { AiTab } from './ai-tab.tsx';
import { KeywordsTab } from './keywords-tab.tsx';
import { LeadsTab } from './leads-tab.tsx';
import { ProjectSettingsTab } from './project-settings.tsx';
import { ScansTab } from './scans-tab.tsx';
import { SeoTab } from './seo-tab.tsx';
import { ThemesTab } from './themes-tab.tsx';
import { UsageTab } from './usage.tsx';
import { WebhooksTab } from './webhooks-tab.tsx';

export const PROJECT_TABS = {
  leads: 'Leads',
  keywords: 'Keywords',
  webhooks: 'Webhooks',
  themes: 'Pain themes',
  seo: 'SEO',
  'ai-visibility': 'AI visibility',
  scans: 'Scans',
  usage: 'Usage',
  settings: 'Settings',
} as const;
export type ProjectTab = keyof typeof PROJECT_TABS;

export function ProjectPage({
  projectId,
  tab,
  query,
}: {
  projectId: string;
  tab: ProjectTab;
  query: URLSearchParams;
}) {
  const base = `/projects/${encodeURIComponent(projectId)}`;
  // A deleted project or another account's (a stale link): said on its own, without tabs or Run scan.
  const [missing, setMissing] = useState(false);
  const project = useResource(projectId, (signal) =>
    api<ProjectDetail>('GET', base, undefined, { signal }).catch((err: unknown) => {
      if (err instanceof ApiError && err.status === 404) setMissing(true);
      throw err;
    }),
  );
  // Bumped when a scan ends, so the open tab shows what it found.
  const [scanGeneration, setScanGeneration] = useState(0);
  const p = project.data;
  const me = useResource('me', (signal) => api<Me>('GET', '/me', undefined, { signal }));

  useEffect(() => {
    document.title = missing
      ? 'Project not found · Lead Intelligence'
      : `${p ? p.name : 'Project'} · ${PROJECT_TABS[tab]} · Lead Intelligence`;
  }, [p?.name, tab, missing]);

  if (missing && !p) return <ProjectNotFound />;
  return (
    <div class="page">
      <nav aria-label="Breadcrumb" class="crumbs">
        <Link href="/">Projects</Link> <span aria-hidden="true">/</span>
      </nav>
      <div class="page-head">
        <div class="page-title">
          <h1>{p ? p.name : project.error ? 'Project' : '\u00a0'}</h1>
          <p
            class="muted project-meta"
            title={
              p ? `Keywords: ${p.keywords.join(', ')}\nSubreddits: ${p.subreddits.join(', ')}` : undefined
            }
          >
            {p ? (
              <>
                {p.keywords.length > 0 && (
                  <span>
                    Keywords: {p.keywords.slice(0, 6).join(', ')}
                    {p.keywords.length > 6 ? '…' : ''}
                  </span>
                )}
                {p.subreddits.length > 0 && (
                  <span>
                    {' '}
                    ·{' '}
                    {p.subreddits
                      .slice(0, 4)
                      .map((s) => `r/${s}`)
                      .join(', ')}
                    {p.subreddits.length > 4 ? '…' : ''}
                  </span>
                )}
              </>
            ) : (
              '\u00a0'
            )}
          </p>
        </div>
        <ScanButton
          projectId={projectId}
          onStarted={() => setScanGeneration((g) => g + 1)}
          onProgress={() => setScanGeneration((g) => g + 1)}
          onFinished={() => setScanGeneration((g) => g + 1)}
        />
      </div>
      <ErrorMessage>{project.error}</ErrorMessage>
      <nav class="tabs" aria-label="Project sections">
        <Link href={base} class="tab" current={tab === 'leads'}>
          Leads
        </Link>
        <Link href={`${base}/keywords`} class="tab" current={tab === 'keywords'}>
          Keywords
        </Link>
        <Link href={`${base}/webhooks`} class="tab" current={tab === 'webhooks'}>
          Webhooks
        </Link>
        <Link href={`${base}/themes`} class="tab" current={tab === 'themes'}>
          Pain themes
        </Link>
        <Link href={`${base}/seo`} class="tab" current={tab === 'seo'}>
          SEO
        </Link>
        <Link href={`${base}/ai-visibility`} class="tab" current={tab === 'ai-visibility'}>
          AI visibility
        </Link>
        {(['scans', 'usage', 'settings'] as const).map((t) => (
          <Link key={t} href={`${base}/${t}`} class="tab" current={tab === t}>
            {PROJECT_TABS[t]}
          </Link>
        ))}
      </nav>
      {(tab === 'leads' || tab === 'scans') && me.data?.sampleData && <SampleDataNotice />}
      {tab === 'leads' && (
        <LeadsTab projectId={projectId} base={base} query={query} generation={scanGeneration} />
      )}
      {tab === 'keywords' && (
        <KeywordsTab
          projectId={projectId}
          project={p}
          generation={scanGeneration}
          onSaved={(saved) => project.set(() => saved)}
        />
      )}
      {tab === 'webhooks' && <WebhooksTab projectId={projectId} generation={scanGeneration} />}
      {tab === 'themes' && <ThemesTab projectId={projectId} generation={scanGeneration} />}
      {tab === 'seo' && <SeoTab projectId={projectId} generation={scanGeneration} />}
      {tab === 'ai-visibility' && <AiTab projectId={projectId} project={p} generation={scanGeneration} />}
      {tab === 'scans' && (
        <ScansTab projectId={projectId} generation={scanGeneration} subreddits={p?.subreddits ?? []} />
      )}
      {tab === 'usage' && <UsageTab projectId={projectId} generation={scanGeneration} />}
      {tab === 'settings' && <ProjectSettingsTab project={p} onSaved={(saved) => project.set(() => saved)} />}
    </div>
  );
}

function ProjectNotFound() {
  return (
    <div class="page">
      <h1>Project not found</h1>
      <p>
        There is no such project on this account: it may have been deleted, or the link belongs to another
        account.
      </p>
      <p>
        <Link href="/">Back to your projects</Link>
      </p>
    </div>
  );
}

/** Said where leads and scans are read: the demo's upstream is a fixed sample, not Reddit. */
function SampleDataNotice() {
  return (
    <p class="callout callout-warn sample-notice" role="note">
      <span>
        <strong>Sample data, not live Reddit.</strong> Scans read a fixed sample of a few hundred posts by
        salon and barber owners, so other products mostly find unrelated posts. To scan Reddit, set{' '}
        <code>UPSTREAM</code> (README) and restart.
      </span>
    </p>
  );
}
