// A new project shows leads from its first scan without anyone pressing Run scan or calling run_scan: created in
// the dashboard, imported, made with create_project through the official MCP SDK client, or given a new keyword
// (docs/decisions/0119-first-scan-at-once.md). The job queue runs as in `npm start` (ROLE=all); the upstream is the
// replay of the shipped sample corpus. Deadlines are generous: these tests wait for leads, they do not time them.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { DEMO_PROJECT } from '../src/demo.ts';
import { type JobRunner, startJobs } from '../src/jobs/jobs.ts';
import { freshTarget, runCli } from './cli-helpers.ts';
import { createClusterDb, type Proc, startProcess, terminate } from './cluster.ts';
import { dashboardClient } from './dashboard-helpers.ts';
import { createAccount, startTestApp, TEST_DATABASE_URL, type TestApp } from './harness.ts';
import { freePort, spawnService } from './service-process.ts';

const silent = { info() {}, warn() {} };
const { name: _demo, ...PROFILE } = DEMO_PROJECT;
const DEADLINE_MS = 120_000;

interface Lead {
  id: string;
  matchedPhrase: string | null;
}

let t: TestApp;
let jobs: JobRunner;

before(async () => {
  // Hosted, so that the tier's project limit applies to the tools.
  t = await startTestApp({ config: { selfHosted: false } });
  jobs = await startJobs(t.services, { log: silent });
});
after(async () => {
  await jobs.stop();
  await t.close();
});

/** The project's leads over REST, asked again until there are some (or `until` holds) or the deadline passes. */
async function leadsOf(restKey: string, projectId: string, until = (l: Lead[]) => l.length > 0) {
  const stop = Date.now() + DEADLINE_MS;
  for (;;) {
    const res = await fetch(`${t.baseUrl}/api/v1/projects/${projectId}/leads?status=all&limit=100`, {
      headers: { authorization: `Bearer ${restKey}` },
    });
    assert.equal(res.status, 200);
    const { leads } = (await res.json()) as { leads: Lead[] };
    if (until(leads) || Date.now() > stop) return leads;
    await sleep(250);
  }
}

const triggers = async (projectId: string) =>
  (
    await t.db.query<{ trigger: string }>(
      'SELECT trigger FROM scans WHERE project_id = $1 ORDER BY created_at',
      [projectId],
    )
  ).map((r) => r.trigger);

async function scanDone(projectId: string) {
  const stop = Date.now() + DEADLINE_MS;
  while (Date.now() < stop) {
    const [active] = await t.db.query(
      `SELECT 1 FROM scans WHERE project_id = $1 AND status IN ('queued', 'running')`,
      [projectId],
    );
    if (!active) return;
    await sleep(200);
  }
  assert.fail('the scan did not end');
}

describe('the dashboard and the import', () => {
  test('a project created in the dashboard has leads from its first scan, with no Run scan', async () => {
    const acct = await createAccount(t.services);
    const dash = dashboardClient(t);
    await dash.signIn(acct.userId);
    const created = await dash.post('/projects', { ...PROFILE, name: 'Salon booking' });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const leads = await leadsOf(acct.restKey, created.body.id);
    assert.ok(leads.length > 0, 'leads from the first scan');
    assert.deepEqual(await triggers(created.body.id), ['first']);
    const listed = await dash.get('/projects');
    assert.equal(listed.body.projects[0].lastScan.trigger, 'first');
  });

  test('an imported project has leads from its first scan too', async () => {
    const acct = await createAccount(t.services);
    const dash = dashboardClient(t);
    await dash.signIn(acct.userId);
    const imported = await dash.post('/projects/import', [{ ...PROFILE, name: 'Imported salon booking' }]);
    assert.equal(imported.status, 200, JSON.stringify(imported.body));
    const id = imported.body.projects[0].id;
    assert.ok((await leadsOf(acct.restKey, id)).length > 0);
    assert.deepEqual(await triggers(id), ['first']);
  });

  test('a keyword added later scans at once and finds the posts already bought; an edit of the text does not', async () => {
    const acct = await createAccount(t.services);
    const dash = dashboardClient(t);
    await dash.signIn(acct.userId);
    const body = { ...PROFILE, name: 'Narrow salon booking', keywords: ['salon software'] };
    const created = await dash.post('/projects', body);
    const id = created.body.id;
    await scanDone(id);
    const before = await leadsOf(acct.restKey, id, () => true);
    assert.ok(!before.some((l) => l.matchedPhrase?.toLowerCase() === 'no-shows'));

    const edited = await dash.call('PUT', `/projects/${id}`, { ...body, pain: 'Missed appointments.' });
    assert.equal(edited.status, 200);
    assert.deepEqual(await triggers(id), ['first'], 'a new pain is no reason to scan');

    const widened = await dash.call('PUT', `/projects/${id}`, {
      ...body,
      keywords: ['salon software', 'no-shows'],
    });
    assert.equal(widened.status, 200);
    assert.deepEqual(await triggers(id), ['first', 'first']);
    const after = await leadsOf(acct.restKey, id, (l) =>
      l.some((x) => x.matchedPhrase?.toLowerCase() === 'no-shows'),
    );
    assert.ok(
      after.some((l) => l.matchedPhrase?.toLowerCase() === 'no-shows'),
      'the new keyword matched posts bought by the first scan',
    );
  });
});

describe('create_project and update_project through the official MCP SDK client', () => {
  async function connect(key: string): Promise<Client> {
    const c = new Client({ name: 'first-scan-test', version: '1.0.0' });
    await c.connect(
      new StreamableHTTPClientTransport(new URL(`${t.baseUrl}/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${key}` } },
      }),
    );
    return c;
  }
  const text = (r: Record<string, unknown>) => (r.content as { text: string }[])[0]!.text;

  test('create_project answers the project and its first scan; leads follow without run_scan', async () => {
    const acct = await createAccount(t.services);
    const client = await connect(acct.mcpKey);
    try {
      const { tools } = await client.listTools();
      const create = tools.find((x) => x.name === 'create_project');
      assert.equal(create?.annotations?.readOnlyHint, false);
      assert.deepEqual(create?.inputSchema.required, ['name']);

      const result = await client.callTool({
        name: 'create_project',
        arguments: { ...PROFILE, name: 'Agent salon booking' },
      });
      assert.notEqual(result.isError, true, text(result));
      const { project, scan } = result.structuredContent as {
        project: { id: string; name: string; keywords: string[] };
        scan: { scanId: string; trigger: string; status: string; projectId: string };
      };
      assert.equal(project.name, 'Agent salon booking');
      assert.deepEqual(project.keywords, PROFILE.keywords);
      assert.equal(scan.trigger, 'first');
      assert.equal(scan.projectId, project.id);
      assert.ok(['queued', 'running', 'done'].includes(scan.status));
      assert.ok((await leadsOf(acct.restKey, project.id)).length > 0);
      assert.deepEqual(await triggers(project.id), ['first']);
    } finally {
      await client.close();
    }
  });

  test('update_project changes the given fields and keeps the others; a new subreddit scans at once', async () => {
    const acct = await createAccount(t.services);
    const client = await connect(acct.mcpKey);
    try {
      const made = await client.callTool({
        name: 'create_project',
        arguments: { ...PROFILE, name: 'Barbers only', subreddits: ['Barber'] },
      });
      const { project } = made.structuredContent as { project: { id: string } };
      await scanDone(project.id);

      const renamed = await client.callTool({
        name: 'update_project',
        arguments: { projectId: project.id, name: 'Barbers only (renamed)' },
      });
      assert.notEqual(renamed.isError, true, text(renamed));
      const r = renamed.structuredContent as { project: { name: string; pain: string }; scan: unknown };
      assert.equal(r.project.name, 'Barbers only (renamed)');
      assert.equal(r.project.pain, PROFILE.pain, 'a field not given is kept');
      assert.equal(r.scan, null, 'a new name watches nothing new');

      const widened = await client.callTool({
        name: 'update_project',
        arguments: { projectId: project.id, subreddits: ['Barber', 'hairstylist'] },
      });
      const w = widened.structuredContent as {
        project: { subreddits: string[] };
        scan: { trigger: string; projectId: string };
      };
      assert.deepEqual(w.project.subreddits, ['Barber', 'hairstylist']);
      assert.equal(w.scan.trigger, 'first');
      await scanDone(project.id);
      const [{ n }] = (await t.db.query(
        `SELECT count(*)::int AS n FROM upstream_calls WHERE project_id = $1 AND api LIKE 'replay.%'
            AND scan_id = (SELECT id FROM scans WHERE project_id = $1 ORDER BY created_at DESC LIMIT 1)`,
        [project.id],
      )) as [{ n: number }];
      assert.ok(n > 0, 'the new subreddit was read');
    } finally {
      await client.close();
    }
  });

  test('bad fields, a taken name, an unknown project and a plan at its project limit are tool errors that change nothing', async () => {
    const acct = await createAccount(t.services, 'free');
    const client = await connect(acct.mcpKey);
    const count = async () =>
      ((await t.db.query('SELECT 1 FROM projects WHERE user_id = $1', [acct.userId])) as unknown[]).length;
    try {
      const bad = await client.callTool({
        name: 'create_project',
        arguments: { name: '', keyword: ['crm'], scoreThreshold: 500 },
      });
      assert.equal(bad.isError, true);
      assert.match(text(bad), /name: Name is required\./);
      assert.match(text(bad), /scoreThreshold: Score threshold must be a whole number from 0 to 100\./);
      assert.match(text(bad), /"keyword" is not a project field/);
      const noName = await client.callTool({ name: 'create_project', arguments: {} });
      assert.equal(noName.isError, true);
      assert.match(text(noName), /Name is required/);
      assert.equal(await count(), 0);

      const first = await client.callTool({
        name: 'create_project',
        arguments: { name: 'Only one', keywords: ['booking software'], subreddits: ['Barber'] },
      });
      assert.notEqual(first.isError, true, text(first));
      const taken = await client.callTool({ name: 'create_project', arguments: { name: 'Only one' } });
      assert.equal(taken.isError, true);
      assert.match(text(taken), /A project named "Only one" is already on this account/);
      const over = await client.callTool({ name: 'create_project', arguments: { name: 'Second' } });
      assert.equal(over.isError, true);
      assert.match(text(over), /The free plan allows 1 project; this would make 2/);
      assert.equal(await count(), 1);

      const { project } = first.structuredContent as { project: { id: string } };
      const tooMany = await client.callTool({
        name: 'update_project',
        arguments: { projectId: project.id, keywords: Array.from({ length: 11 }, (_, i) => `kw ${i}`) },
      });
      assert.equal(tooMany.isError, true);
      assert.match(text(tooMany), /keywords: 11 entered; the free plan allows 10 per project/);
      const unknown = await client.callTool({
        name: 'update_project',
        arguments: { projectId: 'no-such-project', name: 'X' },
      });
      assert.equal(unknown.isError, true);
      assert.match(text(unknown), /No such project/);
      const kept = await client.callTool({ name: 'get_project', arguments: { projectId: project.id } });
      assert.deepEqual((kept.structuredContent as { project: { keywords: string[] } }).project.keywords, [
        'booking software',
      ]);
    } finally {
      await client.close();
    }
  });

  test('a tool key issued before tools:projects existed is refused with what to do', async () => {
    const acct = await createAccount(t.services);
    await t.db.query(`UPDATE api_keys SET scopes = '{tools:read,tools:scan,tools:triage}' WHERE id = $1`, [
      acct.mcpKeyId,
    ]);
    const client = await connect(acct.mcpKey);
    try {
      const refused = await client.callTool({ name: 'create_project', arguments: { name: 'Nope' } });
      assert.equal(refused.isError, true);
      assert.match(text(refused), /lacks the tools:projects scope/);
      const rows = await t.db.query('SELECT 1 FROM projects WHERE user_id = $1', [acct.userId]);
      assert.equal(rows.length, 0);
    } finally {
      await client.close();
    }
  });
});

describe('npm run setup -- --import while the service runs', () => {
  test('the imported project has leads from its first scan, with no Run scan', async () => {
    const target = await freshTarget();
    const port = await freePort();
    const service = spawnService({ ...target.env, PORT: String(port), DEMO: 'false', SEO_PROVIDER: 'none' });
    try {
      await service.ready;
      const file = join(target.env.DATA_DIR!, 'projects.json');
      writeFileSync(file, JSON.stringify([{ ...PROFILE, name: 'Imported from the terminal' }]));
      // The CLI's own environment: the service's DATA_DIR and database, not its PORT.
      const made = runCli(
        'src/cli/setup.ts',
        { ...target.env, PORT: '', PUBLIC_BASE_URL: '' },
        '--email',
        'cli@example.com',
        '--import',
        file,
      );
      assert.equal(made.code, 0, made.stderr);
      const { restKey, mcpKey, projects } = JSON.parse(made.stdout) as {
        restKey: string;
        mcpKey: string;
        projects: { id: string }[];
      };
      const stop = Date.now() + DEADLINE_MS;
      let leads: Lead[] = [];
      while (!leads.length && Date.now() < stop) {
        const res = await fetch(`http://127.0.0.1:${port}/api/v1/projects/${projects[0]!.id}/leads`, {
          headers: { authorization: `Bearer ${restKey}` },
        });
        leads = ((await res.json()) as { leads: Lead[] }).leads;
        if (!leads.length) await sleep(250);
      }
      assert.ok(leads.length > 0, service.output().slice(-3000));
      // The tool key setup printed may create projects (tools:projects) on a self-hosted instance.
      const rpc = await fetch(`http://127.0.0.1:${port}/mcp`, {
        method: 'POST',
        headers: { authorization: `Bearer ${mcpKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'create_project', arguments: { name: 'Made by an agent', keywords: ['booking'] } },
        }),
      });
      const answer = (await rpc.json()) as { result: { isError?: boolean; content: { text: string }[] } };
      assert.notEqual(answer.result.isError, true, answer.result.content[0]?.text);
    } finally {
      await service.stop();
      await target.drop();
    }
  });
});

describe('split roles on PostgreSQL (ROLE=api and ROLE=worker)', {
  skip: !TEST_DATABASE_URL && 'needs PostgreSQL (TEST_DATABASE_URL)',
}, () => {
  test('create_project on an api process is scanned by a worker; a project setup writes to the database is too', async () => {
    const cluster = await createClusterDb(TEST_DATABASE_URL!, 0);
    const procs: Proc[] = [];
    try {
      procs.push(await startProcess('api', cluster.url), await startProcess('worker', cluster.url));
      const [api, worker] = procs as [Proc, Proc];
      const res = await fetch(`${api.url}/mcp`, {
        method: 'POST',
        headers: { authorization: `Bearer ${cluster.mcpKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'create_project', arguments: { ...PROFILE, name: 'Made on the api process' } },
        }),
      });
      const body = (await res.json()) as { result: { structuredContent: { project: { id: string } } } };
      const made = body.result.structuredContent.project.id;

      // `npm run setup -- --import` with split roles writes to the database itself (no service socket).
      const dataDir = mkdtempSync(join(tmpdir(), 'first-scan-'));
      const file = join(dataDir, 'projects.json');
      writeFileSync(file, JSON.stringify([{ ...PROFILE, name: 'Written by setup' }]));
      const cli = runCli(
        'src/cli/setup.ts',
        { DATA_DIR: dataDir, DATABASE_URL: cluster.url, PORT: '', PUBLIC_BASE_URL: '' },
        '--email',
        'cluster@example.com',
        '--import',
        file,
      );
      assert.equal(cli.code, 0, cli.stderr);
      const written = (JSON.parse(cli.stdout) as { projects: { id: string }[] }).projects[0]!.id;

      for (const id of [made, written]) {
        const stop = Date.now() + DEADLINE_MS;
        let leads: Lead[] = [];
        while (!leads.length && Date.now() < stop) {
          const r = await fetch(`${api.url}/api/v1/projects/${id}/leads`, {
            headers: { authorization: `Bearer ${cluster.restKey}` },
          });
          leads = ((await r.json()) as { leads: Lead[] }).leads;
          if (!leads.length) await sleep(250);
        }
        assert.ok(leads.length > 0, worker.output().slice(-3000));
      }
      const scans = await cluster.db.query<{ trigger: string; n: number }>(
        'SELECT trigger, count(*)::int AS n FROM scans GROUP BY 1',
      );
      assert.deepEqual(scans, [{ trigger: 'first', n: 2 }], 'one first scan each, none twice');
      assert.doesNotMatch(api.output(), /"msg":"scan started"/, 'the api process queues, the worker scans');
    } finally {
      for (const p of procs) await terminate(p);
      await cluster.drop();
    }
  });
});
