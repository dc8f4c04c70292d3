import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createAccount, createProject, getJson, insertLeads, startTestApp, type TestApp } from './harness.ts';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

test('a REST key lists its project leads', async () => {
  const acct = await createAccount(t.services);
  const project = await createProject(t.services, acct.userId);
  await insertLeads(t.db, project.id, [{ score: 90 }, { score: 10 }]);
  const res = await getJson(t.baseUrl, `/api/v1/projects/${project.id}/leads`, acct.restKey);
  assert.equal(res.status, 200);
  assert.deepEqual(
    res.body.leads.map((l: { score: number }) => l.score),
    [90, 10],
  );
  assert.equal(res.headers.get('x-request-cost-usd'), '0');
});
