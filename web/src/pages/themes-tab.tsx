import { api } from '../api.ts';
import { ErrorMessage, Time } from '../components/ui.tsx';
import { plural } from '../format.ts';
import { useRefresh, useResource } from '../resource.ts';
import type { DashboardPainThemes } from '../types.ts';

export function ThemesTab({ projectId, generation }: { projectId: string; generation: number }) {
  const path = `/projects/${encodeURIComponent(projectId)}/pain-themes`;
  const data = useResource(`${path}#${generation}`, (signal) =>
    api<DashboardPainThemes>('GET', path, undefined, { signal }),
  );
  const { busy, error, run: refresh } = useRefresh(data, path);

  const d = data.data;
  const newest = d?.themes ?? [];
  const leads = new Map((d?.leads ?? []).map((l) => [l.id, l]));
  const run = d?.lastRun;

  return (
    <section aria-label="Pain themes" class="stack">
      <div class="insight-head">
        <p class="muted intro">
          What hurts, grouped from this project’s buyer leads of the last 30 days (seller-side leads left
          out). Themes are clustered again after a scan finds leads (at most hourly), every day, and when you
          ask.
        </p>
        <button type="button" class="btn btn-primary" onClick={refresh} disabled={busy}>
          {busy ? 'Clustering…' : 'Refresh themes'}
        </button>
      </div>
      <ErrorMessage>{error ?? data.error}</ErrorMessage>
      {!d && !data.error && <div class="skeleton-list" />}
      {run && (
        <p class="muted small" data-testid="themes-run">
          Clustered <Time iso={run.generatedAt} /> from {plural(run.leadsConsidered, 'lead')}:{' '}
          {plural(run.leadsThemed, 'lead')} in {plural(run.themes, 'theme')} (
          {run.method === 'tfidf' ? 'local TF-IDF' : run.method}).
          {run.errors.length > 0 && <span class="error-text"> {run.errors.join(' · ')}</span>}
        </p>
      )}
      {d && !run && (
        <div class="empty">
          <h2>No pain themes yet</h2>
          <p>
            Themes appear after a scan finds leads, or press “Refresh themes” to cluster the leads there are
            now.
          </p>
        </div>
      )}
      {run && newest.length === 0 && (
        <div class="empty">
          <h2>No theme among these leads</h2>
          <p>
            {run.leadsConsidered === 0
              ? 'This project has no buyer leads from the last 30 days to group.'
              : 'No three or more leads share a pain closely enough yet. Themes form as more leads come in.'}
          </p>
        </div>
      )}
      {newest.length > 0 && (
        <ol class="theme-list">
          {newest.map((t) => (
            <li class="card theme" key={t.id} data-theme-id={t.id}>
              <h2 class="label-heading theme-label">{t.label}</h2>
              <p class="small muted">{plural(t.leadIds.length, 'lead')}</p>
              {t.summary && <p class="theme-summary">{t.summary}</p>}
              <ul class="theme-leads">
                {t.leadIds.slice(0, 5).map((id) => {
                  const l = leads.get(id);
                  return l ? (
                    <li key={id}>
                      <a href={l.url} target="_blank" rel="noreferrer">
                        {l.comment ? `Comment: “${l.comment}${l.comment.length >= 140 ? '…' : ''}”` : l.title}
                      </a>{' '}
                      {l.comment && <span class="muted small">on “{l.title}” </span>}
                      <span class="muted small">
                        r/{l.subreddit} · score {l.score}
                      </span>
                    </li>
                  ) : null;
                })}
                {t.leadIds.length > 5 && <li class="muted small">and {t.leadIds.length - 5} more</li>}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
