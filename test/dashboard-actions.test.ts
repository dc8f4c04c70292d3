import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { dashboardClient } from './dashboard-helpers.ts';
import {
  announceLeads,
  createAccount,
  createProject,
  getJson,
  insertLeads,
  startTestApp,
  type TestApp,
  testConfig,
} from './harness.ts';
import { postMcp } from './mcp-helpers.ts';
import { makeTestCa, type Receiver, startReceiver, type TestCa } from './receivers.ts';

// The dashboard's state-changing routes (webhooks, scans, keys) over real HTTP, and its cross-site rules.

let ca: TestCa;
let t: TestApp;
const receivers: Receiver[] = [];

before(async () => {
  ca = makeTestCa();
  t = await startTestApp({
    config: {
      publicBaseUrl: 'http://dash.example:3000',
      webhooks: { ...testConfig().webhooks, extraCaPem: ca.caPem, allowPrivate: true },
    },
  });
});
after(async () => {
  await t.close();
  await Promise.all(receivers.map((r) => r.close()));
});

async function receiver() {
  const r = await startReceiver(ca);
  receivers.push(r);
  return r;
}

/** A signed-in account with one project and one lead. */
async function signedIn() {
  const acct = await createAccount(t.services);
  const project = await createProject(t.services, acct.userId);
  const [leadId] = await insertLeads(t.db, project.id, [{ title: 'Which CRM?', reply: 'Try Acme.' }]);
  const d = dashboardClient(t);
  await d.signIn(acct.userId);
  return { ...acct, project, leadId: leadId!, d };
}

function emitLead(_projectId: string, leadId: string) {
  return announceLeads(t.services, [leadId]);
}

describe('webhooks', () => {
  test('register shows the secret once; the list never shows it', async () => {
    const { d, project } = await signedIn();
    const r = await receiver();
    const created = await d.post(`/projects/${project.id}/webhooks`, { url: r.url });
    assert.equal(created.status, 201);
    assert.match(created.body.secret, /^whsec_/);
    assert.equal(created.body.url, r.url);
    assert.equal(created.body.projectId, project.id);
    const list = await d.get(`/projects/${project.id}/webhooks`);
    assert.equal(list.status, 200);
    assert.deepEqual(
      list.body.webhooks.map((w: { id: string; lastOutcome: null }) => [w.id, w.lastOutcome]),
      [[created.body.id, null]],
    );
    assert.ok(!JSON.stringify(list.body).includes(created.body.secret));
    assert.ok(!('secret' in list.body.webhooks[0]));
  });

  test('an http:// URL, a non-URL or a missing url is 400 with the reason, and nothing is added', async () => {
    const { d, project } = await signedIn();
    let res = await d.post(`/projects/${project.id}/webhooks`, { url: 'http://hooks.example.com/x' });
    assert.equal(res.status, 400);
    assert.equal(res.body.error.code, 'invalid_request');
    assert.match(res.body.error.message, /Only https URLs are accepted/);
    res = await d.post(`/projects/${project.id}/webhooks`, { url: 'not a url' });
    assert.equal(res.status, 400);
    assert.match(res.body.error.message, /not a URL/);
    res = await d.post(`/projects/${project.id}/webhooks`, {});
    assert.equal(res.status, 400);
    assert.match(res.body.error.message, /url/);
    res = await d.post(`/projects/${project.id}/webhooks`, { url: `https://x.example/${'a'.repeat(3000)}` });
    assert.equal(res.status, 400);
    assert.equal(res.body.error.message, 'Invalid url: must be at most 2000 characters.');
    res = await d.post(`/projects/${project.id}/webhooks`, []);
    assert.equal(res.status, 400);
    assert.equal(res.body.error.message, 'The request body must be a JSON object.');
    assert.deepEqual((await d.get(`/projects/${project.id}/webhooks`)).body.webhooks, []);
  });

  test('attempts are listed after a delivery; redeliver records a new attempt; delete stops it', async () => {
    const { d, project, leadId } = await signedIn();
    const r = await receiver();
    const hook = (await d.post(`/projects/${project.id}/webhooks`, { url: r.url })).body;
    await emitLead(project.id, leadId);
    await r.waitFor(1);
    await t.services.webhooks.idle();
    let attempts = await d.get(`/webhooks/${hook.id}/attempts`);
    assert.equal(attempts.status, 200);
    assert.deepEqual(
      attempts.body.attempts.map((a: Record<string, unknown>) => [
        a.leadId,
        a.attempt,
        a.outcome,
        a.redelivery,
      ]),
      [[leadId, 1, 'delivered', false]],
    );

    const again = await d.post(`/webhooks/${hook.id}/redeliver`, { leadId });
    assert.equal(again.status, 201);
    assert.equal(again.body.attempt, 2);
    assert.equal(again.body.redelivery, true);
    assert.equal(again.body.outcome, 'delivered');
    assert.equal(again.body.eventId, attempts.body.attempts[0].eventId, 'same webhook-id');
    assert.equal(r.received.length, 2);
    attempts = await d.get(`/webhooks/${hook.id}/attempts?limit=1&leadId=${leadId}`);
    assert.deepEqual(
      attempts.body.attempts.map((a: { id: string }) => a.id),
      [again.body.id],
      'newest first',
    );
    assert.equal((await d.get(`/webhooks/${hook.id}/attempts?limit=501`)).status, 400);
    assert.equal((await d.post(`/webhooks/${hook.id}/redeliver`, { leadId: 'no-such-lead' })).status, 404);
    assert.equal((await d.post(`/webhooks/${hook.id}/redeliver`, {})).status, 400);

    assert.equal((await d.del(`/webhooks/${hook.id}`)).status, 204);
    assert.deepEqual((await d.get(`/projects/${project.id}/webhooks`)).body.webhooks, []);
    assert.equal((await d.del(`/webhooks/${hook.id}`)).status, 404);
    assert.equal((await d.get(`/webhooks/${hook.id}/attempts`)).body.attempts.length, 2, 'history stays');
    assert.equal((await d.post(`/webhooks/${hook.id}/redeliver`, { leadId })).status, 404);
  });

  test('Send a test event: a signed webhook.test, recorded in the attempts without a lead; not to a deleted webhook', async () => {
    const { d, project, userId } = await signedIn();
    const r = await receiver();
    const hook = (await d.post(`/projects/${project.id}/webhooks`, { url: r.url })).body;
    const sent = await d.post(`/webhooks/${hook.id}/test`);
    assert.equal(sent.status, 201, JSON.stringify(sent.body));
    assert.equal(sent.body.event, 'webhook.test');
    assert.equal(sent.body.leadId, null);
    assert.equal(sent.body.outcome, 'delivered');
    assert.equal(sent.body.statusCode, 204);
    assert.equal(sent.body.redelivery, false);
    assert.match(sent.body.eventId, /^evt_test_[0-9a-f-]{36}$/);
    assert.equal(r.received.length, 1);
    const got = r.received[0]!;
    // Verified by an independent implementation, and by the reference receiver's GitHub-style header.
    const body = new StandardWebhook(hook.secret).verify(got.raw.toString('utf8'), {
      'webhook-id': got.headers['webhook-id'] as string,
      'webhook-timestamp': got.headers['webhook-timestamp'] as string,
      'webhook-signature': got.headers['webhook-signature'] as string,
    }) as { event: string; data: Record<string, unknown> };
    assert.equal(got.headers['webhook-id'], sent.body.eventId);
    assert.equal(body.event, 'webhook.test');
    assert.deepEqual(Object.keys(body.data).sort(), ['message', 'product', 'projectId', 'test', 'webhookId']);
    assert.equal(body.data.test, true);
    assert.equal(body.data.webhookId, hook.id);
    assert.equal(body.data.projectId, project.id);
    assert.match(String(body.data.message), /It is not a lead/);
    assert.ok(!('leadId' in body.data) && !('url' in body.data), 'nothing a lead receiver would store');

    // A second test is a new event (a receiver that drops repeated webhook-ids still sees it).
    const again = await d.post(`/webhooks/${hook.id}/test`);
    assert.notEqual(again.body.eventId, sent.body.eventId);
    const attempts = (await d.get(`/webhooks/${hook.id}/attempts`)).body.attempts;
    assert.deepEqual(
      attempts.map((a: Record<string, unknown>) => [a.id, a.event, a.leadId, a.attempt]),
      [
        [again.body.id, 'webhook.test', null, 1],
        [sent.body.id, 'webhook.test', null, 1],
      ],
    );
    const listed = (await d.get(`/projects/${project.id}/webhooks`)).body.webhooks[0];
    assert.equal(listed.lastOutcome, 'delivered');
    assert.equal((await t.services.webhooks.listAttempts(userId, hook.id)).length, 2);

    assert.equal((await d.del(`/webhooks/${hook.id}`)).status, 204);
    const gone = await d.post(`/webhooks/${hook.id}/test`);
    assert.equal(gone.status, 404);
    assert.equal(gone.body.error.code, 'not_found');
    assert.equal(r.received.length, 2);
  });

  test('another account’s project or webhook is 404 on every webhook route, and nothing changes', async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const r = await receiver();
    const hook = (await alice.d.post(`/projects/${alice.project.id}/webhooks`, { url: r.url })).body;
    const tries = [
      await bob.d.get(`/projects/${alice.project.id}/webhooks`),
      await bob.d.post(`/projects/${alice.project.id}/webhooks`, { url: r.url }),
      await bob.d.get(`/webhooks/${hook.id}/attempts`),
      await bob.d.post(`/webhooks/${hook.id}/redeliver`, { leadId: alice.leadId }),
      await bob.d.post(`/webhooks/${hook.id}/redeliver`, { leadId: bob.leadId }),
      await bob.d.post(`/webhooks/${hook.id}/test`),
      await bob.d.del(`/webhooks/${hook.id}`),
      await bob.d.del('/webhooks/%00'),
      await bob.d.get(`/webhooks/${'x'.repeat(500)}/attempts`),
    ];
    for (const res of tries) {
      assert.equal(res.status, 404);
      assert.equal(res.body.error.code, 'not_found');
    }
    assert.equal((await alice.d.get(`/projects/${alice.project.id}/webhooks`)).body.webhooks.length, 1);
    assert.equal(r.received.length, 0);
  });
});

describe('scans', () => {
  test('a scan starts with trigger dashboard and can be followed to its end', async () => {
    const { d, project } = await signedIn();
    const started = await d.post(`/projects/${project.id}/scans`);
    assert.equal(started.status, 202);
    assert.equal(started.body.projectId, project.id);
    assert.equal(started.body.trigger, 'dashboard');
    assert.ok(['queued', 'running'].includes(started.body.status));
    let scan = started.body;
    for (let i = 0; i < 300 && !['done', 'failed'].includes(scan.status); i++) {
      await new Promise((r) => setTimeout(r, 100));
      const res = await d.get(`/projects/${project.id}/scans/${started.body.scanId}`);
      assert.equal(res.status, 200);
      scan = res.body;
    }
    assert.equal(scan.status, 'done', JSON.stringify(scan));
    assert.equal(typeof scan.newLeads, 'number');
    assert.deepEqual(scan.errors, []);

    // The project list says when the project was last scanned and what that found.
    const second = await d.post(`/projects/${project.id}/scans`);
    await t.services.scans.waitForScan(second.body.scanId, 30_000);
    const list = await d.get('/projects');
    const listed = list.body.projects.find((p: { id: string }) => p.id === project.id);
    assert.equal(listed.lastScan.scanId, second.body.scanId, 'the newest of the two scans');
    assert.equal(listed.lastScan.status, 'done');
    assert.ok(listed.lastScan.finishedAt);
  });

  test('another account’s scan, or a scan under another project, is 404; starting one there too', async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const other = await createProject(t.services, alice.userId, { name: 'Other' });
    const scan = (await alice.d.post(`/projects/${alice.project.id}/scans`)).body;
    for (const res of [
      await bob.d.get(`/projects/${alice.project.id}/scans/${scan.scanId}`),
      await bob.d.get(`/projects/${bob.project.id}/scans/${scan.scanId}`),
      await alice.d.get(`/projects/${other.id}/scans/${scan.scanId}`),
      await alice.d.get(`/projects/${alice.project.id}/scans/%00`),
      await bob.d.post(`/projects/${alice.project.id}/scans`),
    ]) {
      assert.equal(res.status, 404);
      assert.equal(res.body.error.code, 'not_found');
    }
    await t.services.scans.waitForScan(scan.scanId, 30_000);
    const bobs = (await bob.d.get('/projects')).body.projects;
    assert.deepEqual(
      bobs.map((p: { lastScan: unknown }) => p.lastScan),
      [null],
      'another account’s scan never shows',
    );
  });
});

describe('keys', () => {
  test('lists the account’s keys without the key itself', async () => {
    const { d, restKeyId, mcpKeyId, restKey } = await signedIn();
    const res = await d.get('/keys');
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.body.keys
        .map((k: Record<string, unknown>) => [k.id, k.kind, k.scopes, k.revokedAt])
        .sort((x: string[], y: string[]) => (x[1]! < y[1]! ? 1 : -1)),
      [
        [restKeyId, 'rest', ['read'], null],
        [mcpKeyId, 'mcp', ['tools:read', 'tools:scan', 'tools:triage', 'tools:projects'], null],
      ],
    );
    assert.ok(restKey.startsWith(res.body.keys.find((k: { kind: string }) => k.kind === 'rest').prefix));
    assert.ok(!JSON.stringify(res.body).includes(restKey));
  });

  test('a created key works on REST or the tool endpoint; once revoked it gets 401', async () => {
    const { d, userId } = await signedIn();
    const rest = await d.post('/keys', { kind: 'rest' });
    assert.equal(rest.status, 201);
    assert.match(rest.body.key, /^rl_sk_/);
    assert.ok(rest.body.key.startsWith(rest.body.prefix));
    assert.deepEqual(rest.body.scopes, ['read']);
    const me = await getJson(t.baseUrl, '/api/v1/me', rest.body.key);
    assert.equal(me.status, 200);
    assert.equal(me.body.user.id, userId);

    const mcp = await d.post('/keys', { kind: 'mcp' });
    assert.equal(mcp.status, 201);
    assert.match(mcp.body.key, /^sbk_/);
    const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    assert.equal((await postMcp(t.baseUrl, list, { key: mcp.body.key })).status, 200);

    assert.equal((await d.del(`/keys/${rest.body.id}`)).status, 204);
    assert.equal((await getJson(t.baseUrl, '/api/v1/me', rest.body.key)).status, 401);
    assert.equal((await d.del(`/keys/${mcp.body.id}`)).status, 204);
    assert.equal((await postMcp(t.baseUrl, list, { key: mcp.body.key })).status, 401);
    const listed = (await d.get('/keys')).body.keys.find((k: { id: string }) => k.id === rest.body.id);
    assert.equal(typeof listed.revokedAt, 'string');
    assert.ok(!JSON.stringify((await d.get('/keys')).body).includes(rest.body.key));
    assert.equal((await d.del(`/keys/${rest.body.id}`)).status, 204, 'revoking twice is fine');
  });

  test('a bad kind is 400; another account’s key is 404 and keeps working', async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const res = await alice.d.post('/keys', { kind: 'admin' });
    assert.equal(res.status, 400);
    assert.match(res.body.error.message, /kind/);
    for (const id of [bob.restKeyId, 'no-such-key', '%00']) {
      const del = await alice.d.del(`/keys/${id}`);
      assert.equal(del.status, 404, id);
      assert.equal(del.body.error.code, 'not_found');
    }
    assert.equal((await getJson(t.baseUrl, '/api/v1/me', bob.restKey)).status, 200);
  });
});

describe('cross-site requests', () => {
  const keyCount = async (d: ReturnType<typeof dashboardClient>) => (await d.get('/keys')).body.keys.length;

  test('a form or text/plain body is refused and changes nothing', async () => {
    const { d, project } = await signedIn();
    const before = await keyCount(d);
    for (const [type, body] of [
      ['application/x-www-form-urlencoded', 'kind=rest'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="kind"\r\n\r\nrest\r\n--x--',
      ],
      ['text/plain', '{"kind":"rest"}'],
    ] as const) {
      const res = await d.call('POST', '/keys', body, { 'content-type': type });
      assert.equal(res.status, 400, type);
      assert.equal(res.body.error.code, 'invalid_request');
      assert.match(res.body.error.message, /application\/json/);
      const hook = await d.call('POST', `/projects/${project.id}/webhooks`, 'url=https://evil.example', {
        'content-type': type,
      });
      assert.equal(hook.status, 400);
    }
    assert.equal(await keyCount(d), before);
    assert.deepEqual((await d.get(`/projects/${project.id}/webhooks`)).body.webhooks, []);
  });

  test('a foreign Origin is 403 and changes nothing; the service’s own origin is accepted', async () => {
    const { d, restKeyId, restKey } = await signedIn();
    const before = await keyCount(d);
    for (const origin of [
      'https://evil.example',
      'null',
      'http://dash.example:3000.evil.example',
      // Issue 35: parsed with new URL, these read as the service's own origin.
      'http://evil.example@dash.example:3000',
      'http://dash.example:3000/',
      'http://dash.example:3000/evil',
    ]) {
      const res = await d.call('POST', '/keys', { kind: 'rest' }, { origin });
      assert.equal(res.status, 403, origin);
      assert.equal(res.body.error.code, 'forbidden');
      assert.equal((await d.call('DELETE', `/keys/${restKeyId}`, undefined, { origin })).status, 403);
      assert.equal((await d.call('POST', '/sign-out', {}, { origin })).status, 403);
    }
    assert.equal(await keyCount(d), before);
    assert.equal((await getJson(t.baseUrl, '/api/v1/me', restKey)).status, 200, 'the key was not revoked');
    assert.equal((await d.get('/me')).status, 200, 'still signed in');
    const own = await d.call('POST', '/keys', { kind: 'rest' }, { origin: 'http://dash.example:3000' });
    assert.equal(own.status, 201, 'PUBLIC_BASE_URL');
    // The Host header is the client's to choose (DNS rebinding): an Origin matching it is not enough.
    const host = new URL(t.baseUrl).host;
    const rebound = await d.call('POST', '/keys', { kind: 'rest' }, { origin: `http://${host}` });
    assert.equal(rebound.status, 403, 'an Origin equal to Host but not PUBLIC_BASE_URL');
    assert.equal(await keyCount(d), before + 1);
  });

  test('a DELETE without a body, or with an empty JSON body, is accepted', async () => {
    const { d } = await signedIn();
    const a = (await d.post('/keys', { kind: 'rest' })).body;
    const b = (await d.post('/keys', { kind: 'rest' })).body;
    assert.equal((await d.call('DELETE', `/keys/${a.id}`)).status, 204);
    assert.equal(
      (await d.call('DELETE', `/keys/${b.id}`, '', { 'content-type': 'application/json' })).status,
      204,
    );
  });
});
