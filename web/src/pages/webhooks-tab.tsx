import { useId, useState } from 'preact/hooks';
import { api, messageOf } from '../api.ts';
import { ConfirmButton, ErrorMessage, SecretBox, Time } from '../components/ui.tsx';
import { useResource } from '../resource.ts';
import type { CreatedWebhook, Lead, LeadList, Webhook, WebhookAttempt } from '../types.ts';
import { Attempts, describeAttempt, OutcomeBadge } from './webhook-attempts.tsx';

export function WebhooksTab({ projectId, generation }: { projectId: string; generation: number }) {
  const path = `/projects/${encodeURIComponent(projectId)}/webhooks`;
  const hooks = useResource(`${path}#${generation}`, (signal) =>
    api<{ webhooks: Webhook[] }>('GET', path, undefined, { signal }).then((r) => r.webhooks),
  );
  // Lead titles for the attempts tables (best effort: recent leads of any status).
  const titles = useResource(`${projectId}#titles#${generation}`, (signal) =>
    api<LeadList>('GET', `/projects/${encodeURIComponent(projectId)}/leads?status=all&limit=100`, undefined, {
      signal,
    }).then((r) => new Map(r.leads.map((l: Lead) => [l.id, l.title]))),
  );
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const list = hooks.data;

  return (
    <section aria-label="Webhooks" class="stack">
      <p class="muted intro">
        Each new lead is POSTed to every webhook of this project, signed with that webhook’s own secret (
        <code>X-Service-Signature: sha256=…</code>). One attempt per lead, no automatic retries; redeliver
        from the attempts below. <strong>Send a test event</strong> posts a signed <code>webhook.test</code>{' '}
        to check an endpoint without waiting for a lead.
      </p>
      <AddWebhookForm
        path={path}
        onCreated={(w) => {
          setCreated(w);
          hooks.reload();
        }}
      />
      {created && (
        <SecretBox
          title="Signing secret"
          value={created.secret}
          warning={
            <>
              <strong>Copy it now: it is shown only this once.</strong> Your receiver verifies every delivery
              to <code>{created.url}</code> with it. To rotate it, delete the webhook and add it again.
            </>
          }
          onDone={() => setCreated(null)}
        />
      )}
      <ErrorMessage>{hooks.error}</ErrorMessage>
      {!list && !hooks.error && <div class="skeleton-list" />}
      {list && list.length === 0 && (
        <div class="empty">
          <h2>No webhooks</h2>
          <p>Add an https URL above to receive each new lead as it is found.</p>
        </div>
      )}
      {list && list.length > 0 && (
        <ul class="webhook-list">
          {list.map((w) => (
            <WebhookItem
              key={w.id}
              webhook={w}
              titles={titles.data}
              generation={generation}
              onDeleted={() => {
                hooks.set((ws) => ws?.filter((x) => x.id !== w.id));
                // Its secret is forgotten by the service: the panel showing it goes too.
                setCreated((c) => (c?.id === w.id ? null : c));
              }}
              onAttempt={(a) =>
                hooks.set((ws) =>
                  ws?.map((x) =>
                    x.id === w.id ? { ...x, lastOutcome: a.outcome, lastAttemptAt: a.attemptedAt } : x,
                  ),
                )
              }
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function AddWebhookForm({ path, onCreated }: { path: string; onCreated(w: CreatedWebhook): void }) {
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const created = await api<CreatedWebhook>('POST', path, { url: url.trim() });
      setUrl('');
      onCreated(created);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="add-form" onSubmit={submit} noValidate>
      <label for={inputId}>Endpoint URL (https)</label>
      <div class="add-row">
        <input
          id={inputId}
          type="url"
          inputMode="url"
          placeholder="https://example.com/hooks/leads"
          value={url}
          onInput={(e) => setUrl(e.currentTarget.value)}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          autoComplete="off"
          spellcheck={false}
        />
        <button type="submit" class="btn btn-primary" disabled={busy || !url.trim()}>
          {busy ? 'Adding…' : 'Add webhook'}
        </button>
      </div>
      <p id={errorId} class="error" role="alert" hidden={!error}>
        {error}
      </p>
    </form>
  );
}

function WebhookItem(props: {
  webhook: Webhook;
  titles: Map<string, string> | undefined;
  generation: number;
  onDeleted(): void;
  onAttempt(a: WebhookAttempt): void;
}) {
  const w = props.webhook;
  const [open, setOpen] = useState(false);
  const [testing, setTesting] = useState(false);
  const [tested, setTested] = useState<{ ok: boolean; text: string } | null>(null);
  /** Tests sent from here: the open attempts table loads again to show each. */
  const [sent, setSent] = useState(0);
  const panelId = useId();
  const sendTest = async () => {
    setTesting(true);
    setTested(null);
    try {
      const a = await api<WebhookAttempt>('POST', `/webhooks/${encodeURIComponent(w.id)}/test`);
      props.onAttempt(a);
      setSent((n) => n + 1);
      setTested({ ok: a.outcome === 'delivered', text: `Test event: ${describeAttempt(a)}.` });
    } catch (err) {
      setTested({ ok: false, text: `Test event not sent: ${messageOf(err)}` });
    } finally {
      setTesting(false);
    }
  };
  return (
    <li class="webhook card">
      <div class="webhook-head">
        <div class="webhook-main">
          <code class="webhook-url">{w.url}</code>
          <p class="muted small">
            Added <Time iso={w.createdAt} /> ·{' '}
            {w.lastAttemptAt && (
              <>
                Last delivery <Time iso={w.lastAttemptAt} />{' '}
              </>
            )}
            <OutcomeBadge outcome={w.lastOutcome} />
          </p>
        </div>
        <div class="webhook-actions">
          <button
            type="button"
            class="btn btn-small"
            onClick={sendTest}
            disabled={testing}
            aria-label={`Send a test event to ${w.url}`}
          >
            {testing ? 'Sending…' : 'Send a test event'}
          </button>
          <button
            type="button"
            class="btn btn-small"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen(!open)}
          >
            {open ? 'Hide attempts' : 'Attempts'}
          </button>
          <ConfirmButton
            label="Delete"
            ariaLabel={`Delete webhook ${w.url}`}
            title="Delete this webhook?"
            message={
              <p>
                Deliveries to <code>{w.url}</code> stop at once. To receive them again, add the URL again; it
                gets a new secret.
              </p>
            }
            confirmLabel="Delete webhook"
            onConfirm={async () => {
              await api('DELETE', `/webhooks/${encodeURIComponent(w.id)}`);
              props.onDeleted();
            }}
          />
        </div>
      </div>
      <p class={`notice test-notice small ${tested?.ok ? 'notice-ok' : 'error-text'}`} aria-live="polite">
        {tested?.text ?? ''}
      </p>
      <div id={panelId} hidden={!open}>
        {open && (
          <Attempts
            webhookId={w.id}
            titles={props.titles}
            generation={props.generation + sent}
            onAttempt={props.onAttempt}
          />
        )}
      </div>
    </li>
  );
}
