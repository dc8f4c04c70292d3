import { useId, useState } from 'preact/hooks';
import { api, messageOf } from '../api.ts';
import { ErrorMessage, Time } from '../components/ui.tsx';
import { useResource } from '../resource.ts';
import type { DashboardAiVisibility, ProjectDetail, VisibilityCheck } from '../types.ts';

/** A product name guessed from the project: its URL's host without www and TLD, else its name. */
function guessProduct(p: ProjectDetail | undefined): string {
  if (!p) return '';
  if (p.url && URL.canParse(p.url)) {
    const host = new URL(p.url).hostname.replace(/^www\./, '').split('.')[0];
    if (host) return host.charAt(0).toUpperCase() + host.slice(1);
  }
  return p.name;
}

const pct = (v: number | null) => (v === null ? '—' : `${Math.round(v * 100)}%`);

export function AiTab(props: { projectId: string; project: ProjectDetail | undefined; generation: number }) {
  const path = `/projects/${encodeURIComponent(props.projectId)}/ai-visibility`;
  const data = useResource(`${path}#${props.generation}`, (signal) =>
    api<DashboardAiVisibility>('GET', path, undefined, { signal }),
  );
  const [question, setQuestion] = useState('');
  const [product, setProduct] = useState<string | null>(null);
  const [save, setSave] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<VisibilityCheck | null>(null);
  const qId = useId();
  const pId = useId();
  const productName = product ?? guessProduct(props.project);

  const ask = async (e: Event) => {
    e.preventDefault();
    if (!question.trim()) {
      setError('Write the question a buyer would ask.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setResult(await api<VisibilityCheck>('POST', path, { question, productName, save }));
      data.reload();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  const forget = async (q: string) => {
    try {
      await api('DELETE', `${path}/questions`, { question: q });
      data.reload();
    } catch (err) {
      setError(messageOf(err));
    }
  };

  const d = data.data;
  const engines = [...new Set(d?.history.map((h) => h.engine) ?? [])];

  return (
    <section aria-label="AI visibility" class="stack">
      <p class="muted intro">
        Ask AI assistants what a buyer would ask and see whether they name your product, how high, next to
        which competitors, and which pages they cite. Saved questions are asked again every day.
      </p>
      <ErrorMessage>{data.error}</ErrorMessage>
      {!d && !data.error && <div class="skeleton-list" />}
      {d && d.engines.length === 0 && (
        <div class="empty" data-testid="ai-not-configured">
          <h2>No AI engines are configured</h2>
          <p>
            Set <code>AI_ENGINES</code> (or <code>AI_ENGINES_FILE</code>) where the service runs to a JSON
            array of OpenAI-compatible chat endpoints, e.g.{' '}
            <code>
              [{'{'}"name":"openai","baseUrl":"https://api.openai.com/v1","model":"gpt-4o-mini","apiKey":"…"
              {'}'}]
            </code>
            , then restart it. See the README, “AI visibility”.
          </p>
        </div>
      )}
      {d && d.engines.length > 0 && (
        <form class="card stack" onSubmit={ask}>
          <p class="small muted">
            Engines: {d.engines.map((e) => `${e.name} (${e.model}, ${e.samples}×)`).join(', ')}
          </p>
          <label for={qId}>Buyer question</label>
          <input
            id={qId}
            type="text"
            value={question}
            maxLength={2000}
            placeholder="What is the best booking app for a small barbershop?"
            onInput={(e) => setQuestion(e.currentTarget.value)}
          />
          <label for={pId}>Product to look for</label>
          <input
            id={pId}
            type="text"
            value={productName}
            maxLength={200}
            onInput={(e) => setProduct(e.currentTarget.value)}
          />
          <label class="small">
            <input type="checkbox" checked={save} onChange={(e) => setSave(e.currentTarget.checked)} /> Ask
            again every day
          </label>
          <ErrorMessage>{error}</ErrorMessage>
          <div>
            <button type="submit" class="btn btn-primary" disabled={busy}>
              {busy ? 'Asking…' : 'Check now'}
            </button>
          </div>
        </form>
      )}
      {result && (
        <div class="table-wrap table-scroll">
          <table>
            <caption>Answers to “{result.question}”</caption>
            <thead>
              <tr>
                <th scope="col">Engine</th>
                <th scope="col">Named</th>
                <th scope="col" class="num">
                  Rank
                </th>
                <th scope="col">Competitors named</th>
                <th scope="col">Excerpt and citations</th>
              </tr>
            </thead>
            <tbody>
              {result.engines.map((e) => (
                <tr key={e.engine}>
                  <td>{e.engine}</td>
                  <td>
                    {e.mentioned === null ? (
                      <span class="error-text">failed</span>
                    ) : (
                      `${e.mentioned ? 'yes' : 'no'} (${pct(e.mentionRate)} of ${e.answered})`
                    )}
                  </td>
                  <td class="num">{e.meanPosition ?? '—'}</td>
                  <td>{e.competitorsMentioned.join(', ') || '—'}</td>
                  <td>
                    {e.excerpt && <p class="small">{e.excerpt}</p>}
                    {e.citations.length > 0 && (
                      <ul class="small">
                        {e.citations.map((c) => (
                          <li key={c.url}>
                            <a href={c.url} target="_blank" rel="noreferrer">
                              {c.url}
                            </a>
                            {c.redditThread && <span class="badge"> Reddit thread</span>}
                          </li>
                        ))}
                      </ul>
                    )}
                    {e.error && <p class="error-text small">{e.error}</p>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {d && d.questions.length > 0 && (
        <div class="card">
          <h2>Saved questions</h2>
          <ul class="stack">
            {d.questions.map((q) => (
              <li key={q.question}>
                “{q.question}” for {q.productName} · checked <Time iso={q.lastCheckedAt} empty="never" />{' '}
                <button
                  type="button"
                  class="btn btn-small btn-danger-quiet"
                  onClick={() => forget(q.question)}
                >
                  Stop asking
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {engines.map((engine) => (
        <div class="table-wrap table-scroll" key={engine}>
          <table data-engine={engine}>
            <caption>Visibility over time: {engine}</caption>
            <thead>
              <tr>
                <th scope="col">Checked</th>
                <th scope="col">Question</th>
                <th scope="col" class="num">
                  Mention rate
                </th>
                <th scope="col" class="num">
                  Mean rank
                </th>
                <th scope="col">Competitors</th>
              </tr>
            </thead>
            <tbody>
              {d!.history
                .filter((h) => h.engine === engine)
                .map((h, i) => (
                  <tr key={`${h.checkedAt}-${i}`}>
                    <td>
                      <Time iso={h.checkedAt} />
                    </td>
                    <td>{h.question}</td>
                    <td class="num">
                      {h.error && h.mentionRate === null ? (
                        <span class="error-text">failed</span>
                      ) : (
                        pct(h.mentionRate)
                      )}
                    </td>
                    <td class="num">{h.meanPosition ?? '—'}</td>
                    <td>{h.competitorsMentioned.join(', ') || '—'}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        </div>
      ))}
    </section>
  );
}
