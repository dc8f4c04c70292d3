import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { dashboardClient } from './dashboard-helpers.ts';
import { createAccount, createProject, getJson, insertLeads, startTestApp, type TestApp } from './harness.ts';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

test('the dashboard’s leads carry the drafted reply (null when none); the REST and tool leads never do', async () => {
  const acct = await createAccount(t.services);
  const project = await createProject(t.services, acct.userId);
  await insertLeads(t.db, project.id, [
    { title: 'With a draft', score: 80, reply: 'Have a look at Acme.' },
    { title: 'Without', score: 20, reply: null },
  ]);
  const c = dashboardClient(t);
  await c.signIn(acct.userId);
  const res = await c.get(`/projects/${project.id}/leads`);
  assert.equal(res.status, 200);
  assert.deepEqual(
    res.body.leads.map((l: { title: string; reply: string | null }) => [l.title, l.reply]),
    [
      ['With a draft', 'Have a look at Acme.'],
      ['Without', null],
    ],
  );

  const rest = await getJson(t.baseUrl, `/api/v1/projects/${project.id}/leads?include=body`, acct.restKey);
  assert.equal(rest.status, 200);
  assert.equal(rest.body.leads.length, 2);
  assert.ok(rest.body.leads.every((l: object) => !('reply' in l)));
  const tool = await t.services.leads.listLeads(acct.userId, project.id, { include: 'body' });
  assert.ok(tool.leads.every((l) => !('reply' in l)));
});
