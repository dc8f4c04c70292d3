// The dashboard's own marks on a lead (docs/decisions/0097-editable-replies.md, 0098-replied-marker.md): the
// edited reply, replied, and hidden below a raised threshold; the REST Lead keeps the contract's shape.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { dashboardClient } from './dashboard-helpers.ts';
import { createAccount, createProject, getJson, insertLeads, startTestApp, type TestApp } from './harness.ts';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

async function setup(leads: Parameters<typeof insertLeads>[2]) {
  const acct = await createAccount(t.services);
  const project = await createProject(t.services, acct.userId);
  const ids = await insertLeads(t.db, project.id, leads);
  const c = dashboardClient(t);
  await c.signIn(acct.userId);
  return { acct, project, ids, c, base: `/projects/${project.id}/leads` };
}

describe('editing a reply', () => {
  test('saved, kept across reads, in the CSV; the draft can be restored; errors say what is wrong', async () => {
    const { ids, c, base, acct, project } = await setup([{ title: 'A', score: 80, reply: 'The draft.' }]);
    const id = ids[0]!;
    const saved = await c.call('PUT', `${base}/${id}/reply`, { text: 'My own words.' });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.equal(saved.body.reply, 'My own words.');
    assert.ok(saved.body.replyEditedAt);
    // A second edit keeps the first draft to restore, not the first edit.
    assert.equal((await c.call('PUT', `${base}/${id}/reply`, { text: 'Better words.' })).status, 200);
    const listed = (await c.get(`${base}?status=all`)).body.leads[0];
    assert.equal(listed.reply, 'Better words.');
    assert.ok(listed.replyEditedAt);
    const csv = await c.get(`${base}.csv?status=all`);
    assert.match(csv.body, /Better words\./);
    assert.doesNotMatch(csv.body, /The draft\./);

    const empty = await c.call('PUT', `${base}/${id}/reply`, { text: '  \n ' });
    assert.equal(empty.status, 400);
    assert.match(empty.body.error.message, /empty/);
    const long = await c.call('PUT', `${base}/${id}/reply`, { text: 'x'.repeat(10_001) });
    assert.equal(long.status, 400);
    assert.equal(long.body.error.code, 'invalid_request');
    assert.equal((await c.call('PUT', `${base}/${id}/reply`, { text: 'x'.repeat(10_000) })).status, 200);

    const restored = await c.post(`${base}/${id}/reply/restore`);
    assert.equal(restored.status, 200);
    assert.deepEqual(restored.body, { id, reply: 'The draft.', replyEditedAt: null });

    // Another account's lead, through its own project or through this one: 404, nothing written.
    const other = await setup([{ title: 'B', reply: 'Theirs.' }]);
    for (const path of [`${other.base}/${other.ids[0]}/reply`, `${base}/${other.ids[0]}/reply`]) {
      const res = await c.call('PUT', path, { text: 'Hijack' });
      assert.equal(res.status, 404, path);
      assert.equal(res.body.error.code, 'not_found');
    }
    assert.equal((await other.c.get(`${other.base}`)).body.leads[0].reply, 'Theirs.');
    // The REST Lead has no reply field at all (ADR 0097).
    const rest = await getJson(t.baseUrl, `/api/v1/projects/${project.id}/leads?status=all`, acct.restKey);
    assert.ok(!('reply' in rest.body.leads[0]));
  });
});

describe('mark replied', () => {
  test('out of New into Replied (hidden on REST, shape unchanged); undo gives the exact state back', async () => {
    const { ids, c, base, acct, project } = await setup([
      { title: 'A', score: 90 },
      { title: 'B', score: 80 },
      { title: 'C', score: 70, status: 'hidden' },
    ]);
    const marked = await c.post(`${base}/replied`, { leadIds: [ids[0]] });
    assert.equal(marked.status, 200, JSON.stringify(marked.body));
    assert.deepEqual(marked.body, {
      leads: [{ id: ids[0], previousStatus: 'new', status: 'hidden' }],
      changed: 1,
    });
    const summary = (await c.get(`${base}/summary`)).body.counts;
    assert.deepEqual(summary, { new: 1, hidden: 1, not_fit: 0, replied: 1 });
    const replied = (await c.get(`${base}?status=replied`)).body.leads;
    assert.deepEqual(
      replied.map((l: { id: string }) => l.id),
      [ids[0]],
    );
    assert.ok(replied[0].repliedAt);
    assert.deepEqual(
      (await c.get(`${base}?status=hidden`)).body.leads.map((l: { id: string }) => l.id),
      [ids[2]],
    );
    const rest = await getJson(t.baseUrl, `/api/v1/projects/${project.id}/leads?status=hidden`, acct.restKey);
    assert.deepEqual(rest.body.leads.map((l: { id: string }) => l.id).sort(), [ids[0], ids[2]].sort());
    assert.ok(rest.body.leads.every((l: object) => !('repliedAt' in l)));
    const restStatus = await getJson(
      t.baseUrl,
      `/api/v1/projects/${project.id}/leads?status=replied`,
      acct.restKey,
    );
    assert.equal(restStatus.status, 400);

    // Undo: back to new; then redo and undo a move to not_fit, which restores the reply time exactly.
    const undo = await c.post(`${base}/status/restore`, { leads: [{ id: ids[0], status: 'new' }] });
    assert.equal(undo.status, 200);
    assert.equal((await c.get(`${base}/summary`)).body.counts.replied, 0);
    await c.post(`${base}/replied`, { leadIds: [ids[0]] });
    const at = (await c.get(`${base}?status=replied`)).body.leads[0].repliedAt;
    await c.post(`${base}/status`, { leadIds: [ids[0]], status: 'not_fit' });
    assert.equal((await c.get(`${base}/summary`)).body.counts.replied, 0);
    await c.post(`${base}/status/restore`, { leads: [{ id: ids[0], status: 'hidden', repliedAt: at }] });
    assert.equal((await c.get(`${base}?status=replied`)).body.leads[0].repliedAt, at);

    const other = await setup([{ title: 'X' }]);
    const foreign = await c.post(`${base}/replied`, { leadIds: [other.ids[0]] });
    assert.equal(foreign.status, 404);
  });
});

describe('hiding what a raised threshold leaves in New', () => {
  test('counts the New leads below it, hides them in one call, undo brings them back', async () => {
    const { ids, c, base, project } = await setup([
      { title: 'A', score: 90 },
      { title: 'B', score: 67 },
      { title: 'C', score: 44 },
      { title: 'D', score: 30, status: 'not_fit' },
    ]);
    assert.deepEqual((await c.get(`${base}/below-threshold`)).body, { threshold: 40, count: 0 });
    await t.db.query('UPDATE projects SET score_threshold = 70 WHERE id = $1', [project.id]);
    assert.deepEqual((await c.get(`${base}/below-threshold`)).body, { threshold: 70, count: 2 });
    const hid = await c.post(`${base}/below-threshold/hide`);
    assert.equal(hid.status, 200);
    assert.deepEqual(
      hid.body.leads.map((l: { id: string }) => l.id),
      [ids[1], ids[2]],
    );
    const hidden = (await c.get(`${base}?status=hidden`)).body.leads;
    assert.deepEqual(
      hidden.map((l: { belowThreshold: number }) => l.belowThreshold),
      [70, 70],
    );
    assert.equal((await c.get(`${base}/below-threshold`)).body.count, 0);
    await c.post(`${base}/status/restore`, {
      leads: hid.body.leads.map((l: { id: string }) => ({ id: l.id, status: 'new' })),
    });
    assert.equal((await c.get(`${base}/summary`)).body.counts.new, 3);
    assert.equal((await c.get(`${base}?status=new`)).body.leads[1].belowThreshold, null);
    const other = await setup([]);
    assert.equal((await c.get(`${other.base}/below-threshold`)).status, 404);
    assert.equal((await c.post(`${other.base}/below-threshold/hide`)).status, 404);
  });
});
