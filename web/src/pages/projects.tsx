import { useEffect } from 'preact/hooks';
import { api } from '../api.ts';
import { Link } from '../components/link.tsx';
import { ErrorMessage, Time } from '../components/ui.tsx';
import { plural } from '../format.ts';
import { useResource } from '../resource.ts';
import type { Project, Scan } from '../types.ts';
import { ProjectsFileActions } from './projects-file.tsx';

export function ProjectsPage() {
  useEffect(() => {
    document.title = 'Projects · Lead Intelligence';
  }, []);
  const projects = useResource('projects', (signal) =>
    api<{ projects: Project[] }>('GET', '/projects', undefined, { signal }).then((r) => r.projects),
  );
  const list = projects.data;

  return (
    <div class="page">
      <div class="page-head">
        <h1>Projects</h1>
        <div class="head-actions">
          <ProjectsFileActions onImported={projects.reload} />
          <Link href="/projects/new" class="btn btn-primary">
            New project
          </Link>
        </div>
      </div>
      <ErrorMessage>{projects.error}</ErrorMessage>
      {!list && !projects.error && <div class="skeleton-list" aria-hidden="true" />}
      {list && list.length === 0 && (
        <div class="empty">
          <h2>No projects yet</h2>
          <p>
            Describe your product with <Link href="/projects/new">New project</Link>, or import a projects
            file (the JSON that <code>npm run setup -- --import</code> reads). Its leads appear here after the
            first scan.
          </p>
        </div>
      )}
      {list && list.length > 0 && (
        <ul class="project-list">
          {list.map((p) => (
            <li key={p.id}>
              <Link href={`/projects/${encodeURIComponent(p.id)}`} class="project-card">
                <span class="project-name">{p.name}</span>
                {p.url && <span class="project-url">{p.url.replace(/^https?:\/\//, '')}</span>}
                <span class="project-stats">
                  <span class={p.newLeads > 0 ? 'count count-hot' : 'count'}>
                    {p.newLeads.toLocaleString('en')} to review
                  </span>
                  <LastScan scan={p.lastScan} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** When the project was last scanned and what it found: the first question when leads look stale. */
function LastScan({ scan }: { scan: Scan | null }) {
  if (!scan) return <span class="muted">Not scanned yet</span>;
  if (scan.status === 'queued' || scan.status === 'running') return <span class="muted">Scanning now…</span>;
  const at = scan.finishedAt ?? scan.startedAt;
  if (scan.status === 'failed') {
    return (
      <span class="scan-failed">
        Last scan failed <Time iso={at} />
      </span>
    );
  }
  return (
    <span class="muted">
      Scanned <Time iso={at} /> · {plural(scan.newLeads, 'lead')} found
    </span>
  );
}
