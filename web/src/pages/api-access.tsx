import { useEffect, useState } from 'preact/hooks';
import { api, messageOf } from '../api.ts';
import { ConfirmButton, CopyButton, ErrorMessage, SecretBox, Time } from '../components/ui.tsx';
import { useResource } from '../resource.ts';
import type { ApiKey, CreatedKey, KeyKind } from '../types.ts';
import { useLimits } from './project-form.tsx';

const KIND_LABELS: Record<KeyKind, string> = { rest: 'REST', mcp: 'Tool (MCP)' };

export function ApiAccessPage() {
  useEffect(() => {
    document.title = 'API access · Lead Intelligence';
  }, []);
  const keys = useResource('keys', (signal) =>
    api<{ keys: ApiKey[] }>('GET', '/keys', undefined, { signal }).then((r) => r.keys),
  );
  const [created, setCreated] = useState<CreatedKey | null>(null);
  const [busy, setBusy] = useState<KeyKind | null>(null);
  const [error, setError] = useState<string | null>(null);

  const create = async (kind: KeyKind) => {
    setBusy(kind);
    setError(null);
    try {
      const key = await api<CreatedKey>('POST', '/keys', { kind });
      setCreated(key);
      keys.reload();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(null);
    }
  };

  const origin = location.origin;
  const toolKey = created?.kind === 'mcp' ? created.key : 'sbk_…';
  const restKey = created?.kind === 'rest' ? created.key : 'rl_sk_…';
  const mcpUrl = `${origin}/mcp`;
  const mcpConfig = JSON.stringify(
    {
      mcpServers: {
        'lead-intelligence': { type: 'http', url: mcpUrl, headers: { Authorization: `Bearer ${toolKey}` } },
      },
    },
    null,
    2,
  );
  const claudeCommand = `claude mcp add --transport http lead-intelligence ${mcpUrl} \\\n  --header "Authorization: Bearer ${toolKey}"`;
  const curl = `curl -H "Authorization: Bearer ${restKey}" ${origin}/api/v1/projects`;
  const list = keys.data;
  const limits = useLimits().data;
  const active = (kind: KeyKind) => list?.filter((k) => k.kind === kind && !k.revokedAt).length ?? 0;

  return (
    <div class="page stack">
      <div class="page-head">
        <div class="page-title">
          <h1>API access</h1>
          <p class="muted">
            Keys for programs. A <strong>REST key</strong> (<code>rl_sk_</code>) reads leads from{' '}
            <code>/api/v1</code>; a <strong>tool key</strong> (<code>sbk_</code>) lets an AI agent use the MCP
            tool endpoint, including <code>run_scan</code>, which buys data.
          </p>
        </div>
        <div class="key-actions">
          <button type="button" class="btn" onClick={() => create('rest')} disabled={busy !== null}>
            {busy === 'rest' ? 'Creating…' : 'New REST key'}
          </button>
          <button
            type="button"
            class="btn btn-primary"
            onClick={() => create('mcp')}
            disabled={busy !== null}
          >
            {busy === 'mcp' ? 'Creating…' : 'New tool key'}
          </button>
        </div>
      </div>
      <ErrorMessage>{error}</ErrorMessage>
      {created && (
        <SecretBox
          level={2}
          title={`New ${KIND_LABELS[created.kind]} key`}
          value={created.key}
          warning={
            <>
              <strong>Copy it now: it is shown only this once.</strong> Store it where your program reads its
              secrets; anyone with it can{' '}
              {created.kind === 'rest' ? 'read your leads' : 'read your leads and run scans'}.
            </>
          }
          onDone={() => setCreated(null)}
        />
      )}

      <section aria-labelledby="keys-h" class="card">
        <h2 id="keys-h">Keys</h2>
        {limits && limits.apiKeys !== null && list && (
          <p class="muted" data-testid="key-limits">
            Active: {active('rest')} of {limits.apiKeys} REST keys and {active('mcp')} of {limits.apiKeys}{' '}
            tool keys the {limits.tier} plan allows. Each key has its own daily request allowance; revoke a
            key to make room for another.
          </p>
        )}
        <ErrorMessage>{keys.error}</ErrorMessage>
        {!list && !keys.error && <div class="skeleton-list" />}
        {list && list.length === 0 && <p class="muted">No keys yet.</p>}
        {list && list.length > 0 && (
          <div class="table-scroll">
            <table class="keys-table stack-table">
              <thead>
                <tr>
                  <th scope="col">Kind</th>
                  <th scope="col">Key</th>
                  <th scope="col">Scopes</th>
                  <th scope="col">Created</th>
                  <th scope="col">Last used</th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span class="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((k) => (
                  <tr key={k.id} class={k.revokedAt ? 'is-revoked' : ''} data-key-id={k.id}>
                    <td data-label="Kind">{KIND_LABELS[k.kind]}</td>
                    <td data-label="Key">
                      <code>{k.prefix}…</code>
                    </td>
                    <td data-label="Scopes">
                      <span>
                        {k.scopes.map((s) => (
                          <span class="chip" key={s}>
                            {s}
                          </span>
                        ))}
                      </span>
                    </td>
                    <td data-label="Created">
                      <Time iso={k.createdAt} />
                    </td>
                    <td data-label="Last used">
                      <Time iso={k.lastUsedAt} empty="never" />
                    </td>
                    <td data-label="Status">
                      {k.revokedAt ? (
                        <span class="badge badge-bad">
                          Revoked <Time iso={k.revokedAt} />
                        </span>
                      ) : (
                        <span class="badge badge-ok">Active</span>
                      )}
                    </td>
                    <td class="actions">
                      {!k.revokedAt && (
                        <ConfirmButton
                          label="Revoke"
                          ariaLabel={`Revoke key ${k.prefix}`}
                          title="Revoke this key?"
                          message={
                            <p>
                              Programs using <code>{k.prefix}…</code> get 401 from their next request. This
                              cannot be undone.
                            </p>
                          }
                          confirmLabel="Revoke key"
                          onConfirm={async () => {
                            await api('DELETE', `/keys/${encodeURIComponent(k.id)}`);
                            keys.reload();
                          }}
                        />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="mcp-h" class="card">
        <h2 id="mcp-h">MCP endpoint</h2>
        <div class="endpoint">
          <code data-testid="mcp-url">{mcpUrl}</code>
          <CopyButton text={mcpUrl} what="MCP endpoint URL" />
        </div>
        <p class="muted">
          Streamable HTTP and plain JSON-RPC 2.0 on one URL, with <code>Authorization: Bearer sbk_…</code>.
          {created?.kind === 'mcp' ? ' The snippets below carry the key you just created.' : ''}
        </p>
        <Snippet title="Client configuration (.mcp.json, Cursor, VS Code under “servers”)" text={mcpConfig} />
        <Snippet title="Claude Code" text={claudeCommand} />
      </section>

      <section aria-labelledby="rest-h" class="card">
        <h2 id="rest-h">REST API</h2>
        <div class="endpoint">
          <code>{origin}/api/v1</code>
          <CopyButton text={`${origin}/api/v1`} what="REST base URL" />
        </div>
        <p class="muted">
          Read-only, free to call. The OpenAPI document is at{' '}
          <a href="/api/v1/openapi.json" target="_blank" rel="noopener noreferrer">
            /api/v1/openapi.json
          </a>
          .
        </p>
        <Snippet title="Try it" text={curl} />
      </section>
    </div>
  );
}

function Snippet({ title, text }: { title: string; text: string }) {
  return (
    <figure class="snippet">
      <figcaption>
        <span>{title}</span>
        <CopyButton text={text} what={title} />
      </figcaption>
      <pre>
        <code>{text}</code>
      </pre>
    </figure>
  );
}
