// Which keyword brings leads and which brings noise: each keyword's matches, leads, mean score and marks over a
// window, a plain hint where one looks noisy or dead, a keyword-health warning under a keyword that names only a
// kind of product or matches too much (docs/onboarding.md), and Remove (docs/decisions/0099-keyword-performance.md).
import { useRef, useState } from 'preact/hooks';
import { DEFAULT_SCORE_THRESHOLD } from '../../../src/domain/scoring/types.ts';
import { api, messageOf } from '../api.ts';
import { Link } from '../components/link.tsx';
import { ErrorMessage } from '../components/ui.tsx';
import { plural } from '../format.ts';
import { useResource } from '../resource.ts';
import type { KeywordStat, KeywordStats, ProjectDetail } from '../types.ts';
import { projectBody } from './project-form.tsx';

const WINDOWS = [7, 30, 90] as const;

/** The hint beside a keyword, and whether it calls for attention. */
function hintOf(k: KeywordStat, s: KeywordStats): { text: string; warn: boolean } {
  const leads = plural(k.leads, 'lead');
  switch (k.verdict) {
    case 'noisy':
      return {
        text: `Noisy: ${plural(k.matched ?? 0, 'match', 'matches')}, ${k.leads ? `only ${leads}` : 'no leads'}.`,
        warn: true,
      };
    case 'rejected':
      return {
        text: `Noisy: you marked ${k.notFit + k.hidden} of its ${leads} not a fit or hidden.`,
        warn: true,
      };
    case 'dead':
      return {
        text: `Dead: matched none of the ${plural(s.itemsSeen, 'post or comment', 'posts and comments')} read in ${s.days} days.`,
        warn: true,
      };
    case 'uncounted':
      return { text: 'Not counted yet: no scan has read new posts since it was added.', warn: false };
    case 'over-limit':
      return { text: 'Not scanned: past the plan’s number of keywords.', warn: true };
    case 'exclusion':
      return { text: 'Excludes the posts and comments it matches.', warn: false };
    default:
      return { text: k.replied ? `You replied to ${plural(k.replied, 'lead')}.` : '—', warn: false };
  }
}

const counted = (k: KeywordStat) => k.verdict !== 'exclusion' && k.verdict !== 'over-limit';
const figure = (n: number | null) => (n === null ? '—' : n.toLocaleString('en'));
/** The table's figure columns: header (and a phone card's label) and the stat it shows. */
const FIGURES = [
  ['Matched', 'matched'],
  ['Leads', 'leads'],
  ['Mean score', 'meanScore'],
  ['Not a fit', 'notFit'],
  ['Hidden', 'hidden'],
] as const satisfies readonly (readonly [string, keyof KeywordStat])[];

/** A project's keywords with what each found; Remove edits the project as Settings does (the same PUT). */
export function KeywordsTab(props: {
  projectId: string;
  project: ProjectDetail | undefined;
  generation: number;
  onSaved(p: ProjectDetail): void;
}) {
  const base = `/projects/${encodeURIComponent(props.projectId)}`;
  const [days, setDays] = useState<number>(30);
  const stats = useResource(`${base}/keywords?days=${days}#${props.generation}`, (signal) =>
    api<KeywordStats>('GET', `${base}/keywords?days=${days}`, undefined, { signal }),
  );
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [removed, setRemoved] = useState<{ keyword: string; index: number } | null>(null);
  const status = useRef<HTMLDivElement>(null);

  /** Reads the project afresh, so an edit made elsewhere meanwhile is kept, and saves it with `keywords`. */
  async function saveKeywords(change: (keywords: string[]) => string[]) {
    const fresh = await api<ProjectDetail>('GET', base);
    const saved = await api<ProjectDetail>(
      'PUT',
      base,
      projectBody({ ...fresh, keywords: change(fresh.keywords) }),
    );
    props.onSaved(saved);
    stats.reload();
    return fresh.keywords;
  }

  async function remove(keyword: string) {
    setBusy(keyword);
    setError(null);
    try {
      const before = await saveKeywords((list) => list.filter((k) => k !== keyword));
      setRemoved({ keyword, index: Math.max(0, before.indexOf(keyword)) });
      // The row and its button are gone: the focus goes to what happened, with its Undo.
      requestAnimationFrame(() => status.current?.focus());
    } catch (err) {
      setError(`“${keyword}” was not removed: ${messageOf(err)}`);
    } finally {
      setBusy(null);
    }
  }

  async function undo() {
    if (!removed) return;
    setBusy(removed.keyword);
    setError(null);
    try {
      await saveKeywords((list) =>
        list.includes(removed.keyword)
          ? list
          : [...list.slice(0, removed.index), removed.keyword, ...list.slice(removed.index)],
      );
      setRemoved(null);
    } catch (err) {
      setError(`Not undone: ${messageOf(err)}`);
    } finally {
      setBusy(null);
    }
  }

  const s = stats.data;
  const threshold = props.project?.scoreThreshold ?? DEFAULT_SCORE_THRESHOLD;
  const noisy = s?.keywords.filter((k) => hintOf(k, s).warn || k.warning).length ?? 0;
  return (
    <section aria-labelledby="keywords-title" class="stack">
      <div class="section-head">
        <h2 id="keywords-title">Keyword performance</h2>
        <label class="window-select">
          Window{' '}
          <select value={days} onChange={(e) => setDays(Number(e.currentTarget.value))}>
            {WINDOWS.map((d) => (
              <option key={d} value={d}>
                Last {d} days
              </option>
            ))}
          </select>
        </label>
      </div>
      <p class="muted small">
        Matched: the posts and comments a keyword found in the project’s scans, counted under the first
        keyword in each, whether or not they scored as leads. Leads: matches scoring {threshold} or more (the
        threshold), by when they were scored.
      </p>
      <div ref={status} tabIndex={-1} role="status" class="keyword-status">
        {removed && (
          <p>
            Removed “{removed.keyword}” from the project; the next scans no longer look for it.{' '}
            <button type="button" class="btn-link" disabled={busy !== null} onClick={undo}>
              Undo
            </button>
          </p>
        )}
      </div>
      <ErrorMessage>{stats.error ?? error}</ErrorMessage>
      {!s && !stats.error && <div class="skeleton-table" aria-hidden="true" />}
      {s && s.keywords.length === 0 && (
        <div class="empty">
          <h2>No keywords</h2>
          <p>
            Scans find posts by keywords: add some in <Link href={`${base}/settings`}>Settings</Link>.
          </p>
        </div>
      )}
      {s && s.keywords.length > 0 && (
        <>
          <p class="muted small">
            {plural(s.scans, 'scan')} in the last {s.days} days
            {s.scans === 0
              ? ': Run scan (above) to count what each keyword finds.'
              : `, ${plural(s.itemsSeen, 'post or comment', 'posts and comments')} read.`}
            {noisy > 0 && ` ${plural(noisy, 'keyword')} to look at.`}
          </p>
          <div class="table-scroll">
            <table class="keywords-table stack-table">
              <caption class="sr-only">
                The project’s keywords over the last {s.days} days: matches, leads, mean lead score, leads
                marked not a fit and hidden, and a hint
              </caption>
              <thead>
                <tr>
                  <th scope="col">Keyword</th>
                  {FIGURES.map(([label]) => (
                    <th key={label} scope="col" class="num">
                      {label}
                    </th>
                  ))}
                  <th scope="col">Hint</th>
                  <th scope="col">
                    <span class="sr-only">Action</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {s.keywords.map((k) => {
                  const hint = hintOf(k, s);
                  const shown = counted(k);
                  return (
                    <tr key={k.keyword} data-keyword={k.keyword} data-verdict={k.verdict}>
                      <th scope="row" class="row-head keyword-name">
                        <span class="keyword-text">{k.keyword}</span>
                        {k.warning && <span class="keyword-warning warn-text">{k.warning}</span>}
                      </th>
                      {FIGURES.map(([label, of]) => (
                        <td key={label} class="num" data-label={label}>
                          {shown ? figure(k[of]) : '—'}
                        </td>
                      ))}
                      <td
                        data-label="Hint"
                        class={`keyword-hint ${hint.warn ? 'warn-text' : 'muted'}${hint.text === '—' ? ' is-empty' : ''}`}
                      >
                        {hint.text}
                      </td>
                      <td>
                        <button
                          type="button"
                          class="btn btn-small"
                          disabled={busy !== null}
                          aria-label={`Remove keyword “${k.keyword}”`}
                          onClick={() => remove(k.keyword)}
                        >
                          {busy === k.keyword ? 'Removing…' : 'Remove keyword'}
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
