import { useState } from 'preact/hooks';
import { api, messageOf } from '../api.ts';
import { ConfirmButton, ErrorMessage } from '../components/ui.tsx';
import { plural } from '../format.ts';
import { useResource } from '../resource.ts';
import { navigate } from '../router.ts';
import type { BelowThreshold, DeletionImpact, LeadStatusChanges, ProjectDetail } from '../types.ts';
import { AlertsSection } from './alerts-section.tsx';
import { ProjectForm, useLimits } from './project-form.tsx';

/** A project's settings: the form, its alerts, and deleting it after saying what goes with it. */
export function ProjectSettingsTab(props: {
  project: ProjectDetail | undefined;
  onSaved(p: ProjectDetail): void;
}) {
  const limits = useLimits();
  const [saves, setSaves] = useState(0);
  const p = props.project;
  if (!p) return <div class="skeleton-list" aria-hidden="true" />;
  return (
    <section aria-label="Settings" class="stack">
      <ErrorMessage>{limits.error}</ErrorMessage>
      <ProjectForm
        key={p.id}
        project={p}
        limits={limits.data}
        onSaved={(saved) => {
          props.onSaved(saved);
          setSaves((n) => n + 1);
        }}
      />
      {saves > 0 && <BelowThresholdOffer key={saves} projectId={p.id} />}
      <AlertsSection project={p} />
      <DeleteProject project={p} />
    </section>
  );
}

function DeleteProject({ project }: { project: ProjectDetail }) {
  const path = `/projects/${encodeURIComponent(project.id)}`;
  const impact = useResource(`${path}/deletion`, (signal) =>
    api<DeletionImpact>('GET', `${path}/deletion`, undefined, { signal }),
  );
  const i = impact.data;
  return (
    <section class="card danger-zone" aria-labelledby="delete-project-title">
      <h2 id="delete-project-title">Delete this project</h2>
      <p class="muted">
        {i
          ? `Goes with it: ${plural(i.leads, 'lead')}, ${plural(i.webhooks, 'webhook')} and ${plural(i.scans, 'scan')} in the history.`
          : 'Its leads, webhooks and scan history go with it.'}{' '}
        Export your projects first to keep a copy of its settings.
      </p>
      <ErrorMessage>{impact.error}</ErrorMessage>
      <ConfirmButton
        label="Delete project"
        buttonClass="btn btn-danger"
        title={`Delete “${project.name}”?`}
        confirmLabel="Delete project"
        message={
          <>
            <p>
              This deletes <strong>{project.name}</strong> for good, with{' '}
              {i ? (
                <>
                  its <strong>{plural(i.leads, 'lead')}</strong> (with their drafted replies),{' '}
                  <strong>{plural(i.webhooks, 'webhook')}</strong> and their delivery log, and{' '}
                  <strong>{plural(i.scans, 'scan')}</strong> of history
                </>
              ) : (
                'its leads, webhooks and scan history'
              )}
              . Its spend no longer counts in the account’s usage.
            </p>
            {i && i.activeScans > 0 && (
              <p class="warn-text">A scan of it is running now: deleting is refused until it has finished.</p>
            )}
          </>
        }
        onConfirm={async () => {
          await api('DELETE', path);
          navigate('/', { replace: true });
        }}
      />
    </section>
  );
}

/**
 * After a save: the New leads scoring below the threshold, found before it was raised, and one action to hide
 * them, undoable (docs/decisions/0098-replied-marker.md). Hidden this way, they teach triage nothing.
 */
function BelowThresholdOffer({ projectId }: { projectId: string }) {
  const path = `/projects/${encodeURIComponent(projectId)}/leads`;
  const below = useResource(`${path}/below-threshold`, (signal) =>
    api<BelowThreshold>('GET', `${path}/below-threshold`, undefined, { signal }),
  );
  const [hidden, setHidden] = useState<LeadStatusChanges | null>(null);
  const [state, setState] = useState<'idle' | 'busy' | 'undone'>('idle');
  const [error, setError] = useState<string | null>(null);
  const b = below.data;

  async function hide() {
    setState('busy');
    setError(null);
    try {
      setHidden(await api<LeadStatusChanges>('POST', `${path}/below-threshold/hide`, {}));
      setState('idle');
    } catch (err) {
      setError(`Not hidden: ${messageOf(err)}`);
      setState('idle');
    }
  }
  async function undo() {
    if (!hidden) return;
    setState('busy');
    setError(null);
    try {
      for (let i = 0; i < hidden.leads.length; i += 100) {
        const leads = hidden.leads.slice(i, i + 100).map((l) => ({ id: l.id, status: l.previousStatus }));
        await api('POST', `${path}/status/restore`, { leads });
      }
      setState('undone');
    } catch (err) {
      setError(`Not undone: ${messageOf(err)}`);
      setState('idle');
    }
  }

  if (!b && !below.error) return null;
  return (
    <div class="callout threshold-offer" role="status">
      <ErrorMessage>{below.error ?? error}</ErrorMessage>
      {b && state === 'undone' && <p>Undone: {plural(hidden?.changed ?? 0, 'lead')} back in New.</p>}
      {b && state !== 'undone' && hidden && (
        <p>
          Hidden: {plural(hidden.changed, 'lead')} scoring below {b.threshold}, now under Hidden marked “Below{' '}
          {b.threshold}”.{' '}
          <button type="button" class="btn-link" disabled={state === 'busy'} onClick={undo}>
            Undo
          </button>
        </p>
      )}
      {b && !hidden && b.count === 0 && (
        <p>The threshold of {b.threshold} applies to the next scans; no lead in New scores below it.</p>
      )}
      {b && !hidden && b.count > 0 && (
        <p>
          The threshold of {b.threshold} applies to the next scans. {plural(b.count, 'lead')} in New{' '}
          {b.count === 1 ? 'scores' : 'score'} below it (found before it was set).{' '}
          <button type="button" class="btn btn-small" disabled={state === 'busy'} onClick={hide}>
            Hide {b.count === 1 ? 'it' : `these ${b.count}`}
          </button>
        </p>
      )}
    </div>
  );
}
