// Import and export of the projects file: the JSON array `npm run setup -- --import` reads.
import { useId, useRef, useState } from 'preact/hooks';
import { ApiError, api, messageOf } from '../api.ts';
import { CopyButton } from '../components/ui.tsx';
import { plural } from '../format.ts';
import type { ImportResult, ProjectsFile } from '../types.ts';

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The service names a file's entry by its place ("/0/subreddits: …"); a person counts from one: "Project 1, subreddits: …". */
function inPlainWords(message: string): string {
  return message.replace(
    /(^|\s)\/(\d+)\/(\w+):/g,
    (_, space, i, field) => `${space}Project ${Number(i) + 1}, ${field}:`,
  );
}

export function ProjectsFileActions({ onImported }: { onImported(): void }) {
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'import' | 'export' | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** Every problem of a refused import file (invalid fields, or what the plan refuses), listed one a line. */
  const [problems, setProblems] = useState<string[]>([]);
  const [result, setResult] = useState<ImportResult | null>(null);

  const exportFile = async () => {
    setBusy('export');
    setError(null);
    try {
      const file = await api<ProjectsFile>('GET', '/projects/export');
      download('projects.json', `${JSON.stringify(file, null, 2)}\n`);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(null);
    }
  };

  const importFile = async (file: File) => {
    setBusy('import');
    setError(null);
    setProblems([]);
    setResult(null);
    try {
      let data: unknown;
      try {
        data = JSON.parse(await file.text());
      } catch (err) {
        throw new Error(`${file.name} is not JSON: ${messageOf(err)}`);
      }
      setResult(await api<ImportResult>('POST', '/projects/import', data));
      onImported();
    } catch (err) {
      const listed = err instanceof ApiError ? err.fields : [];
      if (listed.length > 1) {
        setError(`Nothing was imported: ${listed.length} things in the file to change.`);
        setProblems(listed.map((f) => inPlainWords(f.field ? `${f.field}: ${f.message}` : f.message)));
      } else setError(`Nothing was imported. ${inPlainWords(messageOf(err))}`);
    } finally {
      setBusy(null);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const secrets = result?.projects.flatMap((p) => p.webhooks.filter((w) => w.secret)) ?? [];
  const created = result?.projects.filter((p) => p.created).length ?? 0;
  return (
    <div class="file-actions">
      <div class="file-buttons">
        <label for={inputId} class={`btn ${busy ? 'is-disabled' : ''}`}>
          {busy === 'import' ? 'Importing…' : 'Import…'}
        </label>
        <input
          id={inputId}
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          class="sr-only"
          aria-label="Import projects from a JSON file"
          disabled={busy !== null}
          onChange={(e) => {
            const f = e.currentTarget.files?.[0];
            if (f) void importFile(f);
          }}
        />
        <button type="button" class="btn" onClick={exportFile} disabled={busy !== null}>
          {busy === 'export' ? 'Exporting…' : 'Export'}
        </button>
      </div>
      <div class="error" role="alert" hidden={!error}>
        <p>{error}</p>
        {problems.length > 0 && (
          <ul class="import-problems">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        )}
      </div>
      {result && (
        <div class="callout" role="status">
          <p>
            Imported {plural(result.projects.length, 'project')}: {created} new,{' '}
            {result.projects.length - created} updated.
          </p>
          {secrets.length > 0 && (
            <>
              <p class="warn-text">
                <strong>New webhook signing secrets, shown only this once:</strong>
              </p>
              <ul class="secret-list">
                {secrets.map((w) => (
                  <li key={w.id}>
                    <span class="webhook-url">{w.url}</span>
                    <code class="secret">{w.secret}</code>
                    <CopyButton text={w.secret!} what={`secret of ${w.url}`} />
                  </li>
                ))}
              </ul>
            </>
          )}
          <button type="button" class="btn btn-small" onClick={() => setResult(null)}>
            Dismiss
          </button>
        </div>
      )}
    </div>
  );
}
