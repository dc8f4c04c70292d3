// Triage (new <-> hidden <-> not_fit) from the dashboard API and the set_lead_status tool, as REST and list_leads
// then see it: bulk, undo, tenant isolation, and bad input that changes nothing.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { dashboardClient } from './dashboard-helpers.ts';
import { createAccount, createProject, getJson, insertLeads, startTestApp, type TestApp } from './harness.ts';
import { callTool } from './mcp-helpers.ts';

let t: TestApp;
let alice: Awaited<ReturnType<typeof createAccount>>;
let bob: Awaited<ReturnType<typeof createAccount>>;
let project: { id: string };
let bobProject: { id: string };
let ids: string[];
let bobIds: string[];
const a = () => {
  const d = dashboardClient(t);
  return d.signIn(alice.userId).then(() => d);
};

before(async () => {
  t = await startTestApp();
  alice = await createAccount(t.services);
  bob = await createAccount(t.services);
  project = await createProject(t.services, alice.userId, { name: 'Triage' });
  bobProject = await createProject(t.services, bob.userId, { name: 'Bob' });
  bobIds = await insertLeads(t.db, bobProject.id, [{ score: 70 }, { score: 60 }]);
});
after(() => t.close());

/** Five fresh new leads for each test, scores 90..50, so one test's triage does not leak into the next. */
beforeEach(async () => {
  await t.db.query('DELETE FROM leads WHERE project_id = $1', [project.id]);
  ids = await insertLeads(
    t.db,
    project.id,
    [90, 80, 70, 60, 50].map((score) => ({ score })),
  );
});

const statuses = async (leadIds: string[]) => {
  const rows = await t.db.query<{ id: string; status: string }>(
    'SELECT id, status FROM leads WHERE id = ANY($1::text[])',
    [leadIds],
  );
  const byId = new Map(rows.map((r) => [r.id, r.status]));
  return leadIds.map((id) => byId.get(id));
};
const restIds = async (query: string, key = alice.restKey, projectId = project.id) => {
  const res = await getJson(t.baseUrl, `/api/v1/projects/${projectId}/leads?${query}`, key);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.leads.map((l: { id: string }) => l.id) as string[];
};
const newLeads = async () => {
  const res = await getJson(t.baseUrl, `/api/v1/projects/${project.id}`, alice.restKey);
  return res.body.project.newLeads as number;
};

describe('dashboard API', () => {
  test('hiding one lead: previous status answered; REST, newLeads, list_leads and the counts show it at once', async () => {
    const d = await a();
    assert.equal(await newLeads(), 5);
    const res = await d.post(`/projects/${project.id}/leads/status`, { leadIds: [ids[1]], status: 'hidden' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body, {
      leads: [{ id: ids[1], previousStatus: 'new', status: 'hidden' }],
      changed: 1,
    });

    assert.deepEqual(await restIds('status=hidden'), [ids[1]]);
    assert.deepEqual(await restIds(''), [ids[0], ids[2], ids[3], ids[4]]);
    assert.equal(await newLeads(), 4);
    const projects = await d.get('/projects');
    assert.equal(projects.body.projects.find((p: { id: string }) => p.id === project.id).newLeads, 4);
    const tool = await callTool(t.baseUrl, alice.mcpKey, 'list_leads', {
      projectId: project.id,
      status: 'hidden',
    });
    assert.deepEqual(
      tool.body.result.structuredContent.leads.map((l: { id: string; status: string }) => [l.id, l.status]),
      [[ids[1], 'hidden']],
    );
    const summary = await d.get(`/projects/${project.id}/leads/summary`);
    assert.deepEqual(summary.body.counts, { new: 4, hidden: 1, not_fit: 0, replied: 0 });
  });

  test('bulk: several leads at once, mixed previous statuses; undo restores each one exactly', async () => {
    const d = await a();
    await d.post(`/projects/${project.id}/leads/status`, { leadIds: [ids[0]], status: 'not_fit' });
    const bulk = await d.post(`/projects/${project.id}/leads/status`, {
      leadIds: [ids[0], ids[2], ids[3], ids[2]],
      status: 'hidden',
    });
    assert.equal(bulk.status, 200);
    assert.deepEqual(bulk.body, {
      leads: [
        { id: ids[0], previousStatus: 'not_fit', status: 'hidden' },
        { id: ids[2], previousStatus: 'new', status: 'hidden' },
        { id: ids[3], previousStatus: 'new', status: 'hidden' },
      ],
      changed: 3,
    });
    assert.deepEqual(await statuses(ids), ['hidden', 'new', 'hidden', 'hidden', 'new']);
    assert.equal(await newLeads(), 2);

    const undo = await d.post(`/projects/${project.id}/leads/status/restore`, {
      leads: bulk.body.leads.map((l: { id?: string; previousStatus: string }) => ({
        id: l.id,
        status: l.previousStatus,
      })),
    });
    assert.equal(undo.status, 200, JSON.stringify(undo.body));
    assert.equal(undo.body.changed, 3);
    assert.deepEqual(await statuses(ids), ['not_fit', 'new', 'new', 'new', 'new']);
    assert.deepEqual(await restIds('status=not_fit'), [ids[0]]);
    assert.equal(await newLeads(), 4);

    const again = await d.post(`/projects/${project.id}/leads/status`, { leadIds: [ids[1]], status: 'new' });
    assert.deepEqual(again.body, {
      leads: [{ id: ids[1], previousStatus: 'new', status: 'new' }],
      changed: 0,
    });
  });

  test('100 leads in one call; 101 is refused and changes nothing', async () => {
    const many = await insertLeads(
      t.db,
      project.id,
      Array.from({ length: 101 }, () => ({ score: 10 })),
    );
    const d = await a();
    const over = await d.post(`/projects/${project.id}/leads/status`, { leadIds: many, status: 'hidden' });
    assert.equal(over.status, 400);
    assert.equal(over.body.error.code, 'invalid_request');
    assert.match(over.body.error.message, /leadIds/);
    assert.ok((await statuses(many)).every((s) => s === 'new'));
    const ok = await d.post(`/projects/${project.id}/leads/status`, {
      leadIds: many.slice(0, 100),
      status: 'hidden',
    });
    assert.equal(ok.status, 200);
    assert.equal(ok.body.changed, 100);
    assert.equal((await restIds('status=hidden&limit=100')).length, 100);
  });

  test("another account's project or lead is 404 and nothing changes, not even the caller's own leads", async () => {
    const d = await a();
    const foreignProject = await d.post(`/projects/${bobProject.id}/leads/status`, {
      leadIds: [bobIds[0]],
      status: 'hidden',
    });
    assert.equal(foreignProject.status, 404);
    assert.equal(foreignProject.body.error.code, 'not_found');

    const mixed = await d.post(`/projects/${project.id}/leads/status`, {
      leadIds: [ids[0], bobIds[0], 'no-such-lead'],
      status: 'not_fit',
    });
    assert.equal(mixed.status, 404);
    assert.equal(mixed.body.error.code, 'not_found');
    assert.match(mixed.body.error.message, new RegExp(`${bobIds[0]}, no-such-lead\\. Nothing was changed`));
    assert.deepEqual(await statuses([...ids, ...bobIds]), Array(7).fill('new'));

    const restore = await d.post(`/projects/${project.id}/leads/status/restore`, {
      leads: [{ id: bobIds[1], status: 'hidden' }],
    });
    assert.equal(restore.status, 404);
    for (const path of ['summary', '']) {
      const res = await d.get(`/projects/${bobProject.id}/leads${path ? `/${path}` : ''}`);
      assert.equal(res.status, 404, path);
    }
    assert.equal((await d.get(`/projects/${bobProject.id}/leads.csv`)).status, 404);
    assert.deepEqual(await statuses(bobIds), ['new', 'new']);
  });

  test('bad input is 400 naming what is wrong, and changes nothing', async () => {
    const d = await a();
    const path = `/projects/${project.id}/leads/status`;
    const cases: [unknown, RegExp][] = [
      [{ leadIds: [], status: 'hidden' }, /leadIds/],
      [{ leadIds: [ids[0]], status: 'archived' }, /status.*new, hidden, not_fit/],
      [{ leadIds: [ids[0]] }, /Missing status/],
      [{ status: 'hidden' }, /Missing leadIds/],
      [{ leadIds: [''], status: 'hidden' }, /leadIds/],
      [{ leadIds: [{ id: ids[0] }], status: 'hidden' }, /leadIds/],
      [{ leadIds: ['x'.repeat(101)], status: 'hidden' }, /leadIds/],
      ['[1,2]', /JSON object|body/],
    ];
    for (const [body, message] of cases) {
      const res = await d.post(path, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.error.code, 'invalid_request');
      assert.match(res.body.error.message, message, JSON.stringify(body));
    }
    const conflict = await d.post(`${path}/restore`, {
      leads: [
        { id: ids[0], status: 'hidden' },
        { id: ids[0], status: 'not_fit' },
      ],
    });
    assert.equal(conflict.status, 400);
    assert.match(conflict.body.error.message, /given twice with different statuses/);
    assert.equal((await d.post(`${path}/restore`, { leads: [] })).status, 400);
    const form = await d.call('POST', path, `leadIds=${ids[0]}&status=hidden`, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    assert.equal(form.status, 400, 'a cross-site form cannot send JSON');
    const crossSite = await d.call(
      'POST',
      path,
      { leadIds: [ids[0]], status: 'hidden' },
      {
        origin: 'https://evil.example',
      },
    );
    assert.equal(crossSite.status, 403);
    const anonymous = dashboardClient(t);
    assert.equal((await anonymous.post(path, { leadIds: [ids[0]], status: 'hidden' })).status, 401);
    assert.deepEqual(await statuses(ids), Array(5).fill('new'));
  });

  test('the REST API stays read-only: no route changes a status', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const res = await fetch(`${t.baseUrl}/api/v1/projects/${project.id}/leads`, {
        method,
        headers: {
          authorization: `Bearer ${alice.restKey}`,
          ...(method === 'DELETE' ? {} : { 'content-type': 'application/json' }),
        },
        body: method === 'DELETE' ? undefined : JSON.stringify({ leadIds: [ids[0]], status: 'hidden' }),
      });
      assert.equal(res.status, 405, method);
      assert.equal(res.headers.get('allow'), 'GET, HEAD', method);
    }
    assert.deepEqual(await statuses(ids), Array(5).fill('new'));
  });
});

describe('set_lead_status tool', () => {
  test('moves leads, answers previous statuses; REST and list_leads agree right after; the call is counted', async () => {
    const usage = async () =>
      (
        await t.db.query<{ requests: number }>('SELECT requests FROM api_key_usage WHERE key_id = $1', [
          alice.mcpKeyId,
        ])
      )[0]?.requests ?? 0;
    const before = await usage();
    const res = await callTool(t.baseUrl, alice.mcpKey, 'set_lead_status', {
      projectId: project.id,
      leadIds: [ids[3], ids[4]],
      status: 'not_fit',
    });
    assert.equal(res.status, 200);
    const result = res.body.result;
    assert.notEqual(result.isError, true, JSON.stringify(result));
    assert.deepEqual(result.structuredContent, {
      leads: [
        { id: ids[3], previousStatus: 'new', status: 'not_fit' },
        { id: ids[4], previousStatus: 'new', status: 'not_fit' },
      ],
      changed: 2,
    });
    assert.deepEqual(JSON.parse(result.content[0].text), result.structuredContent);
    assert.equal(await usage(), before + 1);
    assert.deepEqual(await restIds('status=not_fit'), [ids[3], ids[4]]);
    const listed = await callTool(t.baseUrl, alice.mcpKey, 'list_leads', { projectId: project.id });
    assert.deepEqual(
      listed.body.result.structuredContent.leads.map((l: { id: string }) => l.id),
      [ids[0], ids[1], ids[2]],
    );
    assert.equal(await newLeads(), 3);
  });

  test("another account's project or leads: isError, nothing changes", async () => {
    const foreign = await callTool(t.baseUrl, bob.mcpKey, 'set_lead_status', {
      projectId: project.id,
      leadIds: [ids[0]],
      status: 'hidden',
    });
    assert.equal(foreign.body.result.isError, true);
    assert.match(foreign.body.result.content[0].text, /No such project/);
    const mixed = await callTool(t.baseUrl, bob.mcpKey, 'set_lead_status', {
      projectId: bobProject.id,
      leadIds: [bobIds[0], ids[0]],
      status: 'hidden',
    });
    assert.equal(mixed.body.result.isError, true);
    assert.match(
      mixed.body.result.content[0].text,
      new RegExp(`No such lead.*${ids[0]}.*Nothing was changed`),
    );
    assert.deepEqual(await statuses([...ids, ...bobIds]), Array(7).fill('new'));
  });

  test('bad arguments are -32602 naming the argument; nothing changes', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ projectId: project.id, leadIds: [], status: 'hidden' }, 'leadIds'],
      [{ projectId: project.id, leadIds: Array(101).fill(ids[0]), status: 'hidden' }, 'leadIds'],
      [{ projectId: project.id, leadIds: [ids[0]], status: 'done' }, 'status'],
      [{ projectId: project.id, leadIds: [ids[0]] }, 'status'],
      [{ leadIds: [ids[0]], status: 'hidden' }, 'projectId'],
      [{ projectId: project.id, leadIds: [ids[0]], status: 'hidden', extra: 1 }, 'extra'],
    ];
    for (const [args, argument] of cases) {
      const res = await callTool(t.baseUrl, alice.mcpKey, 'set_lead_status', args);
      assert.equal(res.body.error?.code, -32602, JSON.stringify(args));
      assert.match(res.body.error.message, new RegExp(argument), JSON.stringify(res.body.error));
    }
    assert.deepEqual(await statuses(ids), Array(5).fill('new'));
  });

  test('a tool key issued before the tools:triage scope existed may read but not triage (ADR 0065)', async () => {
    await t.db.query("UPDATE api_keys SET scopes = '{tools:read,tools:scan}' WHERE id = $1", [bob.mcpKeyId]);
    try {
      const res = await callTool(t.baseUrl, bob.mcpKey, 'set_lead_status', {
        projectId: bobProject.id,
        leadIds: [bobIds[0]],
        status: 'hidden',
      });
      assert.equal(res.body.result.isError, true);
      assert.match(res.body.result.content[0].text, /lacks the tools:triage scope.*API access/);
      assert.deepEqual(await statuses(bobIds), ['new', 'new']);
      const read = await callTool(t.baseUrl, bob.mcpKey, 'list_leads', { projectId: bobProject.id });
      assert.equal(read.body.result.structuredContent.leads.length, 2);
    } finally {
      await t.db.query("UPDATE api_keys SET scopes = '{tools:read,tools:scan,tools:triage}' WHERE id = $1", [
        bob.mcpKeyId,
      ]);
    }
  });

  test('tools/list describes it: input and output schemas, not read-only, idempotent', async () => {
    const res = await fetch(`${t.baseUrl}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${alice.mcpKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    const tool = (await res.json()).result.tools.find((x: { name: string }) => x.name === 'set_lead_status');
    assert.deepEqual(tool.inputSchema.required.sort(), ['leadIds', 'projectId', 'status']);
    assert.equal(tool.inputSchema.properties.leadIds.maxItems, 100);
    assert.deepEqual(tool.inputSchema.properties.status.enum, ['new', 'hidden', 'not_fit']);
    assert.deepEqual(tool.outputSchema.required.sort(), ['changed', 'leads']);
    assert.equal(tool.annotations.readOnlyHint, false);
    assert.equal(tool.annotations.idempotentHint, true);
  });
});
