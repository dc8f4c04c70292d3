// The project form, for a new project and for a project's settings: every ProjectDetail field, the three watch
// lists as editable lists with the plan's limit beside each. The service checks everything again; each field it
// refuses gets its sentence beside it, all at once (docs/decisions/0067-project-editing.md).
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { namesOnlyAProduct } from '../../../src/domain/scoring/generic.ts';
import { normalizeSubreddit } from '../../../src/domain/subreddit-name.ts';
import { ApiError, api, messageOf } from '../api.ts';
import { useResource } from '../resource.ts';
import { useLeaveGuard } from '../router.ts';
import type { ProjectDetail, ProjectLimits } from '../types.ts';

type ReplyTone = NonNullable<ProjectDetail['replyTone']>;
/** The reply tones as the form offers them (docs/decisions/0121-replies-a-person-would-post.md). */
const TONES: { value: ReplyTone; label: string }[] = [
  { value: 'plain', label: 'Plain: short and direct' },
  { value: 'friendly', label: 'Friendly: a warmer first line' },
  { value: 'expert', label: 'Expert: more specific, technical advice' },
];

type ListField = 'keywords' | 'subreddits' | 'competitors';
/** The service's sentence for each field it refused, by field name. */
type FieldErrors = Partial<Record<keyof ProjectDraft, string>>;

export interface ProjectDraft {
  name: string;
  url: string;
  pain: string;
  solution: string;
  targetUsers: string;
  geography: string;
  budgetFit: string;
  scoreThreshold: string;
  replyTone: ReplyTone;
  replySignature: string;
  keywords: string[];
  subreddits: string[];
  competitors: string[];
}

export const EMPTY: ProjectDraft = {
  name: '',
  url: '',
  pain: '',
  solution: '',
  targetUsers: '',
  geography: '',
  budgetFit: '',
  scoreThreshold: '',
  replyTone: 'plain',
  replySignature: '',
  keywords: [],
  subreddits: [],
  competitors: [],
};

function draftOf(p: ProjectDetail): ProjectDraft {
  return {
    name: p.name,
    url: p.url ?? '',
    pain: p.pain ?? '',
    solution: p.solution ?? '',
    targetUsers: p.targetUsers ?? '',
    geography: p.geography ?? '',
    budgetFit: p.budgetFit ?? '',
    scoreThreshold: p.scoreThreshold === null ? '' : String(p.scoreThreshold),
    replyTone: p.replyTone ?? 'plain',
    replySignature: p.replySignature ?? '',
    keywords: p.keywords,
    subreddits: p.subreddits,
    competitors: p.competitors,
  };
}

/** The body the service reads: blank text is null, the threshold a number when given. */
function bodyOf(d: ProjectDraft) {
  const text = (v: string) => (v.trim() ? v.trim() : null);
  const threshold = d.scoreThreshold.trim();
  return {
    name: d.name.trim(),
    url: text(d.url),
    pain: text(d.pain),
    solution: text(d.solution),
    targetUsers: text(d.targetUsers),
    geography: text(d.geography),
    budgetFit: text(d.budgetFit),
    // Anything but digits goes as typed, so the service's sentence for the field comes back.
    scoreThreshold: threshold === '' ? null : /^\d+$/.test(threshold) ? Number(threshold) : threshold,
    replyTone: d.replyTone,
    replySignature: text(d.replySignature),
    keywords: d.keywords,
    subreddits: d.subreddits,
    competitors: d.competitors,
  };
}

/** The project as the body of its PUT: every field, as the form would send it unchanged. */
export const projectBody = (p: ProjectDetail) => bodyOf(draftOf(p));

export function useLimits() {
  return useResource('limits', (signal) => api<ProjectLimits>('GET', '/limits', undefined, { signal }));
}

const LISTS: {
  field: ListField;
  label: string;
  one: string;
  limit: keyof ProjectLimits;
  hint: string;
  placeholder: string;
}[] = [
  {
    field: 'keywords',
    label: 'Keywords',
    one: 'keyword',
    limit: 'keywordsPerProject',
    hint: 'Phrases a buyer would write, matched with their plurals, spellings ("co-founder", "cofounder") and words in any order close together. In "quotes", only as written. Start one with - to exclude posts that match it.',
    placeholder: 'e.g. invoice reminder',
  },
  {
    field: 'subreddits',
    label: 'Subreddits',
    one: 'subreddit',
    limit: 'subredditsPerProject',
    hint: 'Paste r/name, /r/name/ or a reddit.com link; without any, Reddit is searched site-wide.',
    placeholder: 'e.g. r/freelance',
  },
  {
    field: 'competitors',
    label: 'Competitors',
    one: 'competitor',
    limit: 'competitorsPerProject',
    hint: 'Products people compare you with; a post naming one is a stronger lead.',
    placeholder: 'e.g. FreshBooks',
  },
];

/** One new entry, or several separated by commas or new lines; subreddits normalised as the service does. */
function splitEntries(field: ListField, text: string): { values: string[]; error: string | null } {
  const parts = pendingEntries(field, text);
  if (field !== 'subreddits') return { values: parts, error: null };
  const values: string[] = [];
  for (const part of parts) {
    const r = normalizeSubreddit(part);
    if ('error' in r) return { values: [], error: r.error };
    values.push(r.name);
  }
  return { values, error: null };
}

/** Text typed into a list's box but not yet added, as entries; the service normalises and checks them. */
function pendingEntries(field: ListField, text: string): string[] {
  return text
    .split(field === 'keywords' ? /\n/ : /[\n,]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

function addUnique(list: string[], values: string[]): string[] {
  const seen = new Set(list.map((v) => v.toLowerCase()));
  const out = [...list];
  for (const v of values) {
    if (seen.has(v.toLowerCase())) continue;
    seen.add(v.toLowerCase());
    out.push(v);
  }
  return out;
}

function ListEditor(props: {
  spec: (typeof LISTS)[number];
  values: string[];
  max: number | null;
  tier: string;
  pending: string;
  /** The service's sentence for this list, from the last save. */
  error: string | undefined;
  onPending(text: string): void;
  onChange(values: string[]): void;
}) {
  const { spec, values, max } = props;
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const countId = useId();
  const [addError, setAddError] = useState<string | null>(null);
  const error = addError ?? props.error ?? null;
  const over = max !== null && values.length > max;
  const add = () => {
    const { values: added, error } = splitEntries(spec.field, props.pending);
    setAddError(error);
    if (error || !added.length) return;
    props.onChange(addUnique(values, added));
    props.onPending('');
  };
  return (
    <fieldset class="list-editor" data-list={spec.field}>
      <legend>
        {spec.label}{' '}
        <span id={countId} class={over ? 'list-count error-text' : 'list-count muted'}>
          {max === null ? `${values.length} · no limit` : `${values.length} of ${max}`}
        </span>
      </legend>
      <p id={hintId} class="muted small">
        {spec.hint}
      </p>
      {values.length > 0 ? (
        <ul class="list-items" aria-label={spec.label}>
          {values.map((v, i) => (
            <li key={v} class="list-item">
              <span>{spec.field === 'subreddits' ? `r/${v}` : v}</span>
              <button
                type="button"
                class="list-remove"
                aria-label={`Remove ${spec.one} ${v}`}
                onClick={() => props.onChange(values.filter((_, j) => j !== i))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p class="muted small">No {spec.label.toLowerCase()} yet.</p>
      )}
      {spec.field === 'keywords' && <GenericKeywords values={values} />}
      {over && (
        <p class="error-text small" role="status">
          {values.length - max} over the {props.tier} plan’s limit of {max}: remove{' '}
          {values.length - max === 1 ? 'one' : values.length - max} to save.
        </p>
      )}
      <div class="add-row">
        <label for={inputId} class="sr-only">
          Add {spec.one}
        </label>
        <input
          id={inputId}
          value={props.pending}
          placeholder={spec.placeholder}
          aria-describedby={`${hintId} ${countId}${error ? ` ${errorId}` : ''}`}
          aria-invalid={error ? true : undefined}
          autoComplete="off"
          spellcheck={false}
          onInput={(e) => {
            props.onPending(e.currentTarget.value);
            setAddError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <button type="button" class="btn" onClick={add} disabled={!props.pending.trim()}>
          Add {spec.one}
        </button>
      </div>
      <p id={errorId} class="error small" role="alert" hidden={!error}>
        {error}
      </p>
    </fieldset>
  );
}

/**
 * Keywords that name only a kind of product ("software", "app"): they find posts, but the scorer reads the project
 * without them (docs/scoring.md), so a user who relies on one is told what to write instead.
 */
function GenericKeywords(props: { values: string[] }) {
  const generic = props.values.filter((v) => !v.startsWith('-') && namesOnlyAProduct(v));
  if (!generic.length) return null;
  const named = generic.map((g) => `“${g}”`).join(', ');
  return (
    <p class="muted small" data-generic-keywords>
      {named} {generic.length === 1 ? 'names' : 'name'} only a kind of product:{' '}
      {generic.length === 1 ? 'it finds' : 'they find'} posts, but every request for any{' '}
      {generic.length === 1 ? generic[0] : 'such product'} would match, so scoring ignores{' '}
      {generic.length === 1 ? 'it' : 'them'}. Say what kind, e.g. “bookkeeping {generic[0]}”.
    </p>
  );
}

/** How the project's reply drafts sound: applies to drafts written from the next scan on. */
function ToneField(props: { value: ReplyTone; error?: string; onChange(v: ReplyTone): void }) {
  const id = useId();
  const hintId = useId();
  return (
    <div class="field">
      <label for={id}>Reply tone</label>
      <select
        id={id}
        value={props.value}
        aria-describedby={hintId}
        aria-invalid={props.error ? true : undefined}
        onChange={(e) => props.onChange((e.currentTarget as HTMLSelectElement).value as ReplyTone)}
      >
        {TONES.map((t) => (
          <option key={t.value} value={t.value}>
            {t.label}
          </option>
        ))}
      </select>
      {props.error && <p class="field-error small">{props.error}</p>}
      <p id={hintId} class="muted small">
        How the reply drafts of new leads sound.
      </p>
    </div>
  );
}

function TextField(props: {
  label: string;
  value: string;
  onInput(v: string): void;
  hint?: string;
  multiline?: boolean;
  type?: 'text' | 'url';
  required?: boolean;
  inputMode?: 'numeric';
  placeholder?: string;
  /** Why the service refused the value; the field is marked invalid and described by it. */
  error?: string;
}) {
  const id = useId();
  const hintId = useId();
  const errorId = useId();
  const describedBy = [props.error && errorId, props.hint && hintId].filter(Boolean).join(' ');
  const common = {
    id,
    value: props.value,
    placeholder: props.placeholder,
    'aria-describedby': describedBy || undefined,
    'aria-invalid': props.error ? true : undefined,
    onInput: (e: Event) => props.onInput((e.currentTarget as HTMLInputElement).value),
  };
  return (
    <div class="field">
      <label for={id}>
        {props.label}
        {props.required && <span aria-hidden="true"> *</span>}
      </label>
      {props.multiline ? (
        <textarea {...common} rows={3} />
      ) : props.type === 'url' ? (
        <input {...common} type="url" inputMode="url" />
      ) : (
        <input {...common} type="text" required={props.required} inputMode={props.inputMode} />
      )}
      {props.error && (
        <p id={errorId} class="field-error small">
          {props.error}
        </p>
      )}
      {props.hint && (
        <p id={hintId} class="muted small">
          {props.hint}
        </p>
      )}
    </div>
  );
}

/** The form itself; `project` null for a new one. Resolves to the saved project. */
export function ProjectForm(props: {
  project: ProjectDetail | null;
  limits: ProjectLimits | undefined;
  /** A new project's fields to start from (a suggestion); still unsaved, so leaving asks. */
  initial?: ProjectDraft;
  /** Each change of the fields, for a preview of what they match. */
  onDraft?(d: ProjectDraft): void;
  onSaved(p: ProjectDetail): void;
}) {
  const [draft, setDraft] = useState<ProjectDraft>(
    props.project ? draftOf(props.project) : (props.initial ?? EMPTY),
  );
  const onDraft = props.onDraft;
  useEffect(() => onDraft?.(draft), [draft, onDraft]);
  const [pending, setPending] = useState<Record<ListField, string>>({
    keywords: '',
    subreddits: '',
    competitors: '',
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  /** Bumped by each refused save, so the focus moves even when the same fields are refused again. */
  const [refusals, setRefusals] = useState(0);
  const [saved, setSaved] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const set = (changes: Partial<ProjectDraft>) => {
    setDraft((d) => ({ ...d, ...changes }));
    // A field being changed is no longer marked with the old refusal.
    setFieldErrors((f) => {
      const next = { ...f };
      for (const key of Object.keys(changes)) delete next[key as keyof ProjectDraft];
      return next;
    });
    setSaved(false);
  };
  // The first refused field takes the focus (it is described by its sentence); otherwise the message does.
  useEffect(() => {
    if (!refusals) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid ?? errorRef.current)?.focus();
  }, [refusals]);
  const refuse = (message: string | null, fields: FieldErrors) => {
    setError(message);
    setFieldErrors(fields);
    setRefusals((n) => n + 1);
  };

  // Leaving with edits not saved asks first. The form's state as the guard reads it, set again on a save so that
  // going on to the saved project does not ask.
  const initial = useRef(JSON.stringify(props.project ? draftOf(props.project) : EMPTY));
  const current = useRef({ draft, pending });
  current.current = { draft, pending };
  useLeaveGuard(
    () =>
      JSON.stringify(current.current.draft) !== initial.current ||
      Object.values(current.current.pending).some((t) => t.trim()),
  );

  const submit = async (e: Event) => {
    e.preventDefault();
    // Text typed into a list's box but not yet added is meant to be saved too. It goes as typed: the service
    // normalises it, or refuses it beside every other field it refuses (not instead of them).
    let next = draft;
    for (const { field } of LISTS)
      next = { ...next, [field]: addUnique(next[field], pendingEntries(field, pending[field])) };
    setBusy(true);
    setError(null);
    setFieldErrors({});
    setSaved(false);
    try {
      const p = props.project
        ? await api<ProjectDetail>('PUT', `/projects/${encodeURIComponent(props.project.id)}`, bodyOf(next))
        : await api<ProjectDetail>('POST', '/projects', bodyOf(next));
      const savedDraft = draftOf(p);
      const cleared = { keywords: '', subreddits: '', competitors: '' };
      initial.current = JSON.stringify(savedDraft);
      current.current = { draft: savedDraft, pending: cleared };
      setDraft(savedDraft);
      setPending(cleared);
      setSaved(true);
      props.onSaved(p);
    } catch (err) {
      const fields: FieldErrors = {};
      const other: string[] = [];
      for (const f of err instanceof ApiError ? err.fields : []) {
        if (f.field in EMPTY) fields[f.field as keyof ProjectDraft] = f.message;
        else other.push(`${f.field}: ${f.message}`);
      }
      const n = Object.keys(fields).length;
      const summary = `Nothing was saved: ${n === 1 ? 'one field needs' : `${n} fields need`} a change (marked above).`;
      refuse(n ? [summary, ...other].join(' ') : messageOf(err), fields);
    } finally {
      setBusy(false);
    }
  };

  const limits = props.limits;
  return (
    <form ref={formRef} class="project-form" onSubmit={submit} noValidate>
      <div class="form-grid">
        <TextField
          label="Name"
          value={draft.name}
          error={fieldErrors.name}
          onInput={(name) => set({ name })}
          required
        />
        <TextField
          label="Website"
          value={draft.url}
          error={fieldErrors.url}
          onInput={(url) => set({ url })}
          type="url"
          placeholder="e.g. pawledger.com"
          hint="With or without https:// in front."
        />
        <TextField
          label="Pain"
          value={draft.pain}
          error={fieldErrors.pain}
          onInput={(pain) => set({ pain })}
          multiline
          hint="The problem your buyers describe, in their words."
        />
        <TextField
          label="Solution"
          value={draft.solution}
          error={fieldErrors.solution}
          onInput={(solution) => set({ solution })}
          multiline
          hint="What your product does about it."
        />
        <TextField
          label="Target users"
          value={draft.targetUsers}
          error={fieldErrors.targetUsers}
          onInput={(targetUsers) => set({ targetUsers })}
        />
        <TextField
          label="Geography"
          value={draft.geography}
          error={fieldErrors.geography}
          onInput={(geography) => set({ geography })}
          hint="Where your buyers are; leaving it empty means anywhere."
        />
        <TextField
          label="Budget fit"
          value={draft.budgetFit}
          error={fieldErrors.budgetFit}
          onInput={(budgetFit) => set({ budgetFit })}
          hint="What your buyers pay, e.g. under $50 per month."
        />
        <TextField
          label="Score threshold (0-100)"
          value={draft.scoreThreshold}
          error={fieldErrors.scoreThreshold}
          onInput={(scoreThreshold) => set({ scoreThreshold })}
          inputMode="numeric"
          hint="Applies to the next scans: a match scoring below it is not kept. Leads already found stay (after saving you can hide those below it). Empty uses the service default (40)."
        />
        <ToneField
          value={draft.replyTone}
          error={fieldErrors.replyTone}
          onChange={(replyTone) => set({ replyTone })}
        />
        <TextField
          label="Reply signature"
          value={draft.replySignature}
          error={fieldErrors.replySignature}
          onInput={(replySignature) => set({ replySignature })}
          placeholder="— Sam from SnapBill"
          hint="Optional line ending every reply draft: at most 80 characters, no link."
        />
      </div>
      {LISTS.map((spec) => (
        <ListEditor
          key={spec.field}
          spec={spec}
          values={draft[spec.field]}
          max={(limits?.[spec.limit] as number | null | undefined) ?? null}
          tier={limits?.tier ?? ''}
          pending={pending[spec.field]}
          error={fieldErrors[spec.field]}
          onPending={(text) => setPending((p) => ({ ...p, [spec.field]: text }))}
          onChange={(values) => set({ [spec.field]: values })}
        />
      ))}
      <p ref={errorRef} tabIndex={-1} class="error" role="alert" hidden={!error}>
        {error}
      </p>
      <div class="form-actions">
        <button type="submit" class="btn btn-primary" disabled={busy}>
          {busy ? 'Saving…' : props.project ? 'Save changes' : 'Create project'}
        </button>
        <span class="notice-ok" role="status">
          {saved && props.project ? 'Saved.' : ''}
        </span>
      </div>
    </form>
  );
}
