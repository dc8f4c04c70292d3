import { api } from '../api.ts';
import { ErrorMessage, Time } from '../components/ui.tsx';
import { plural, usd } from '../format.ts';
import { useRefresh, useResource } from '../resource.ts';
import type { DashboardSeo } from '../types.ts';

export function SeoTab({ projectId, generation }: { projectId: string; generation: number }) {
  const path = `/projects/${encodeURIComponent(projectId)}/seo`;
  const data = useResource(`${path}#${generation}`, (signal) =>
    api<DashboardSeo>('GET', path, undefined, { signal }),
  );
  const { busy, error, run: refresh } = useRefresh(data, path);
  const d = data.data;
  const last = d?.lastRefresh;

  return (
    <section aria-label="SEO opportunities" class="stack">
      <div class="insight-head">
        <p class="muted intro">
          Reddit threads that already rank on Google for this project’s keywords: a reply there keeps being
          read by people who search. Best position first; “competitors named” lists those of your competitors
          the thread names.
        </p>
        {d?.provider && (
          <button type="button" class="btn btn-primary" onClick={refresh} disabled={busy}>
            {busy ? 'Searching…' : 'Refresh now'}
          </button>
        )}
      </div>
      <ErrorMessage>{error ?? data.error}</ErrorMessage>
      {!d && !data.error && <div class="skeleton-list" />}
      {d && !d.provider && (
        <div class="empty" data-testid="seo-not-configured">
          <h2>No SEO provider is configured</h2>
          <p>
            Set <code>SEO_PROVIDER=serper</code> and <code>SERPER_API_KEY</code> (or{' '}
            <code>SEO_PROVIDER=serpapi</code> and <code>SERPAPI_API_KEY</code>) where the service runs, then
            restart it. Until then no search calls are made and this list stays empty.
          </p>
        </div>
      )}
      {d?.provider?.sample && (
        <p class="notice" data-testid="seo-sample">
          <strong>Sample data.</strong> These results come from the demo’s recorded file, not from a live
          search. Configure a provider (README, “SEO opportunities”) for real results.
        </p>
      )}
      {d?.provider && last && (
        <p class="muted small">
          Refreshed <Time iso={last.refreshedAt} /> from {last.provider}: {plural(last.keywords, 'keyword')},{' '}
          {plural(last.calls, 'call')}, {usd(last.costUsd)}.
          {last.errors.length > 0 && (
            <span class="error-text">
              {' '}
              {plural(last.errors.length, 'problem')}: {last.errors.join(' · ')}
            </span>
          )}
        </p>
      )}
      {d?.provider && !last && (
        <div class="empty">
          <h2>Not searched yet</h2>
          <p>The first search runs within the hour; “Refresh now” runs it at once.</p>
        </div>
      )}
      {d?.provider && last && d.opportunities.length === 0 && (
        <div class="empty">
          <h2>No Reddit thread ranks for these keywords</h2>
          <p>
            {d.provider.sample
              ? 'The shipped sample only covers the demo project’s keywords. For real searches, set SEO_PROVIDER=serper and SERPER_API_KEY (or serpapi and SERPAPI_API_KEY) and restart the service.'
              : d.provider.name === 'replay'
                ? 'The recorded file holds no results for this project’s keywords.'
                : 'None of the results for this project’s keywords was a Reddit thread.'}
          </p>
        </div>
      )}
      {d && d.opportunities.length > 0 && (
        <div class="table-wrap table-scroll">
          <table class="seo-table">
            <caption class="sr-only">SEO opportunities</caption>
            <thead>
              <tr>
                <th scope="col" class="num">
                  Position
                </th>
                <th scope="col">Keyword</th>
                <th scope="col">Thread</th>
                <th scope="col">Competitors named</th>
                <th scope="col" class="num">
                  Searches / month
                </th>
              </tr>
            </thead>
            <tbody>
              {d.opportunities.map((o) => (
                <tr key={o.id} data-seo-id={o.id}>
                  <td class="num">{o.position ?? '—'}</td>
                  <td>{o.keyword}</td>
                  <td>
                    {o.post ? (
                      <>
                        <a href={o.post.url} target="_blank" rel="noreferrer">
                          {o.post.title}
                        </a>{' '}
                        <span class="muted small">r/{o.post.subreddit}</span>
                      </>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td>
                    {o.competitorsNamed.length > 0 ? (
                      <span class="badge badge-bad">{o.competitorsNamed.join(', ')}</span>
                    ) : o.competitorPresent ? (
                      // Computed before the names were kept: the next refresh names them.
                      <span class="badge badge-bad">present</span>
                    ) : o.competitorKnown ? (
                      <span class="muted">no</span>
                    ) : (
                      <span class="muted" title="The thread could not be read at the last refresh">
                        unknown
                      </span>
                    )}
                  </td>
                  <td class="num">{o.searchVolume?.toLocaleString('en-US') ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
