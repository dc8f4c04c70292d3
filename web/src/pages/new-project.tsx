// The new-project page (docs/onboarding.md): paste the product's page or a paragraph, review the suggested profile
// with what its keywords match in posts already stored, save, and land on the queue while the first scan runs.
import { useCallback, useEffect, useId, useRef, useState } from 'preact/hooks';
import { api, messageOf } from '../api.ts';
import { Link } from '../components/link.tsx';
import { ErrorMessage } from '../components/ui.tsx';
import { plural } from '../format.ts';
import { scoreClass } from '../leads/lead-row.tsx';
import { navigate } from '../router.ts';
import type { Preview, Suggestion } from '../types.ts';
import { EMPTY, type ProjectDraft, ProjectForm, useLimits } from './project-form.tsx';

/** A suggestion as the form's fields. */
function draftOfSuggestion(s: Suggestion['project']): ProjectDraft {
  return {
    ...EMPTY,
    name: s.name,
    url: s.url ?? '',
    pain: s.pain ?? '',
    solution: s.solution ?? '',
    targetUsers: s.targetUsers ?? '',
    geography: s.geography ?? '',
    budgetFit: s.budgetFit ?? '',
    keywords: s.keywords,
    subreddits: s.subreddits,
    competitors: s.competitors,
  };
}

export function NewProjectPage() {
  useEffect(() => {
    document.title = 'New project · Lead Intelligence';
  }, []);
  const limits = useLimits();
  const l = limits.data;
  const full = l && l.projects !== null && l.projectCount >= l.projects;
  const [suggestion, setSuggestion] = useState<Suggestion | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  // The form starts again from each new suggestion; its fields as they are now, for "Preview these keywords".
  const [generation, setGeneration] = useState(0);
  const latest = useRef<ProjectDraft>(EMPTY);
  const onDraft = useCallback((d: ProjectDraft) => {
    latest.current = d;
  }, []);

  return (
    <div class="page">
      <nav aria-label="Breadcrumb" class="crumbs">
        <Link href="/">Projects</Link> <span aria-hidden="true">/</span>
      </nav>
      <div class="page-head">
        <h1>New project</h1>
      </div>
      <ErrorMessage>{limits.error}</ErrorMessage>
      {full && (
        <p class="callout callout-warn" role="status">
          The {l.tier} plan allows {l.projects} project{l.projects === 1 ? '' : 's'} and this account has{' '}
          {l.projectCount}: delete one before creating another.
        </p>
      )}
      <SuggestPanel
        onSuggested={(s) => {
          setSuggestion(s);
          setPreview(s.preview);
          setGeneration((g) => g + 1);
        }}
      />
      {preview && (
        <PreviewPanel
          preview={preview}
          notes={suggestion?.notes ?? []}
          onRefresh={async (fresh) => {
            const d = latest.current;
            const keywords = d.keywords.filter((k) => k.trim());
            if (!keywords.length) throw new Error('Add a keyword first.');
            if (fresh && !d.subreddits.length) throw new Error('Add a subreddit to read first.');
            setPreview(
              await api<Preview>('POST', '/projects/preview', {
                keywords,
                subreddits: fresh ? d.subreddits.slice(0, 5) : d.subreddits,
                ...(fresh ? { fresh: true } : {}),
                profile: {
                  name: d.name,
                  url: d.url.trim() || null,
                  pain: d.pain.trim() || null,
                  solution: d.solution.trim() || null,
                  targetUsers: d.targetUsers.trim() || null,
                  geography: d.geography.trim() || null,
                  budgetFit: d.budgetFit.trim() || null,
                  competitors: d.competitors,
                },
              }),
            );
          }}
        />
      )}
      <ProjectForm
        key={generation}
        project={null}
        limits={l}
        initial={suggestion ? draftOfSuggestion(suggestion.project) : undefined}
        onDraft={onDraft}
        onSaved={(p) => navigate(`/projects/${encodeURIComponent(p.id)}`)}
      />
    </div>
  );
}

/** The product's page and/or a paragraph, sent to the service's suggestion. */
function SuggestPanel(props: { onSuggested(s: Suggestion): void }) {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const id = useId();

  const submit = async (e: Event) => {
    e.preventDefault();
    setError(null);
    setDone(null);
    const page = url.trim();
    const text = description.trim();
    if (!page && !text) {
      setError("Paste your product's page address or describe the product in a few sentences.");
      return;
    }
    setBusy(true);
    try {
      const s = await api<Suggestion>('POST', '/projects/suggest', {
        ...(page ? { url: /^https?:\/\//i.test(page) ? page : `https://${page}` } : {}),
        ...(text ? { description: text } : {}),
      });
      props.onSuggested(s);
      setDone(
        `Suggested: ${plural(s.project.keywords.length, 'keyword')}, ${plural(s.project.subreddits.length, 'subreddit')} and ${plural(s.project.competitors.length, 'competitor')}. Review them below, then create the project.`,
      );
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="card suggest" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Start from your product</h2>
      <p class="muted intro">
        Paste your product’s page, or describe it in a few sentences. The profile, keywords, subreddits and
        competitors are suggested for you to review, with what the keywords match in posts already collected
        (at no cost). Nothing is saved until you create the project.
      </p>
      <form class="suggest-form" onSubmit={submit} noValidate>
        <div class="field">
          <label for={`${id}-url`}>Product page</label>
          <input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            placeholder="e.g. https://invoicesnap.com"
            value={url}
            onInput={(e) => setUrl(e.currentTarget.value)}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </div>
        <div class="field">
          <label for={`${id}-description`}>Or describe it</label>
          <textarea
            id={`${id}-description`}
            rows={3}
            placeholder="What it does, the pain it solves, who buys it, what it costs, what people use instead."
            value={description}
            onInput={(e) => setDescription(e.currentTarget.value)}
          />
        </div>
        <p id={`${id}-error`} class="error" role="alert" hidden={!error}>
          {error}
        </p>
        <div class="form-actions">
          <button type="submit" class="btn btn-primary" disabled={busy}>
            {busy ? 'Reading…' : 'Suggest a profile'}
          </button>
          <span class="notice-ok" role="status">
            {done ?? ''}
          </span>
        </div>
      </form>
    </section>
  );
}

/** Per keyword and subreddit, what it matched in the stored posts of the window, and the best examples. */
function PreviewPanel(props: {
  preview: Preview;
  notes: string[];
  onRefresh(fresh: boolean): Promise<void>;
}) {
  const p = props.preview;
  const [busy, setBusy] = useState<'stored' | 'fresh' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const refresh = async (fresh: boolean) => {
    setBusy(fresh ? 'fresh' : 'stored');
    setError(null);
    try {
      await props.onRefresh(fresh);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(null);
    }
  };
  return (
    <section class="card preview" aria-labelledby={`${id}-title`}>
      <div class="section-head">
        <h2 id={`${id}-title`}>What these keywords match</h2>
        <button type="button" class="btn btn-small" onClick={() => refresh(false)} disabled={busy !== null}>
          {busy === 'stored' ? 'Counting…' : 'Preview the keywords below'}
        </button>
        <button
          type="button"
          class="btn btn-small"
          onClick={() => refresh(true)}
          disabled={busy !== null}
          title="Reads the last 7 days of the form's subreddits (up to 5) from the data provider now; this costs as a scan does and shows in Usage."
        >
          {busy === 'fresh' ? 'Reading…' : 'Read the subreddits now (paid)'}
        </button>
      </div>
      <p class="muted small">{p.note}</p>
      <p class="error" role="alert" hidden={!error}>
        {error}
      </p>
      <table class="preview-keywords">
        <caption class="sr-only">Keywords and their matches in the last {p.days} days</caption>
        <thead>
          <tr>
            <th scope="col">Keyword</th>
            <th scope="col" class="num">
              Matches, {p.days} days
            </th>
            <th scope="col">Health</th>
          </tr>
        </thead>
        <tbody>
          {p.keywords.map((k) => (
            <tr key={k.keyword} data-warning={k.warning ? 'yes' : 'no'}>
              <th scope="row">{k.keyword}</th>
              <td class="num">{k.keyword.startsWith('-') ? 'excludes' : k.matches.toLocaleString('en')}</td>
              <td class={k.warning ? 'warn-text small' : 'muted small'}>{k.warning ?? 'Fine'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {p.subreddits.length > 0 && (
        <p class="small preview-subreddits">
          <strong>Subreddits:</strong>{' '}
          {p.subreddits.map((r, i) => (
            <span key={r.name}>
              {i > 0 && ', '}r/{r.name} ({r.matches} of {plural(r.items, 'item')})
            </span>
          ))}
        </p>
      )}
      {props.notes.length > 0 && (
        <ul class="muted small preview-notes">
          {props.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
      <h3>Examples, scored as leads would be</h3>
      {p.examples.length === 0 ? (
        <p class="muted small">
          No stored post matches these keywords yet: the first scan will look upstream.
        </p>
      ) : (
        <ul class="preview-examples">
          {p.examples.map((e) => (
            <li key={e.url}>
              <span class={scoreClass(e.score)} title={`Score ${e.score} of 100`}>
                {e.score}
              </span>{' '}
              <a href={e.url} target="_blank" rel="noopener noreferrer">
                {e.title}
              </a>{' '}
              <span class="muted small">
                r/{e.subreddit}
                {e.reason ? ` · ${e.reason}` : ''}
                {e.sellerSide ? ' · seller side' : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
