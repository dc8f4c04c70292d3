import { api } from '../api.ts';
import { ConfirmButton, ErrorMessage } from '../components/ui.tsx';
import { plural } from '../format.ts';
import { useResource } from '../resource.ts';
import { navigate } from '../router.ts';
import type { DeletionImpact, ProjectDetail } from '../types.ts';
import { ProjectForm, useLimits } from './project-form.tsx';

/** A project's settings: the form, and deleting it after saying what goes with it. */
export function ProjectSettingsTab(props: {
  project: ProjectDetail | undefined;
  onSaved(p: ProjectDetail): void;
}) {
  const limits = useLimits();
  const p = props.project;
  if (!p) return <div class="skeleton-list" aria-hidden="true" />;
  return (
    <section aria-label="Settings" class="stack">
      <ErrorMessage>{limits.error}</ErrorMessage>
      <ProjectForm key={p.id} project={p} limits={limits.data} onSaved={props.onSaved} />
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
