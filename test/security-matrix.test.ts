import assert from 'node:assert/strict';
import dns from 'node:dns';
import { syncBuiltinESMExports } from 'node:module';
import { after, before, describe, test } from 'node:test';
import type { LeadCreatedEvent } from '../src/events.ts';
import { createWebhooksRepo } from '../src/webhooks/webhooks.repo.ts';
import { dashboardClient } from './dashboard-helpers.ts';
import { fuzzDigest } from './fuzz/digest.ts';
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
import { callTool, postMcp } from './mcp-helpers.ts';
import { makeTestCa, startReceiver } from './receivers.ts';

// docs/reliability.md, "Security": tenant isolation over every operation of every surface, key kinds and
// revocation on every surface, and the webhook SSRF guard at delivery time.

const REST_PROJECT_OPS = ['', '/leads', '/seo-opportunities', '/pain-themes', '/usage'];
const PROJECT_TOOLS = [
  'get_project',
  'list_leads',
  'run_scan',
  'get_usage',
  'list_pain_themes',
  'list_seo_opportunities',
];
const MCP_METHODS: [string, unknown][] = [
  [
    'initialize',
    { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
  ],
  ['ping', undefined],
  ['tools/list', undefined],
  ['tools/call', { name: 'list_projects', arguments: {} }],
];

describe('tenant isolation and key kinds', () => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof createAccount>>;
  let bob: Awaited<ReturnType<typeof createAccount>>;
  let bobProject: string;
  let bobWebhook: string;
  let bobScan: string;

  before(async () => {
    t = await startTestApp();
    alice = await createAccount(t.services);
    bob = await createAccount(t.services);
    await createProject(t.services, alice.userId, { name: 'Alice' });
    bobProject = (await createProject(t.services, bob.userId, { name: 'Bob' })).id;
    await insertLeads(t.db, bobProject, [{ score: 80 }]);
    bobWebhook = (await createWebhooksRepo(t.db).insert(bobProject, 'https://hooks.example.com/bob'))!.id;
    bobScan = (await t.services.scans.requestScan(bobProject, 'dashboard')).scanId;
    await t.services.scans.waitForScan(bobScan, 30_000);
  });
  after(() => t.close());

  test("every REST operation on another account's project is 404, the same as a missing one", async () => {
    for (const suffix of REST_PROJECT_OPS) {
      for (const id of [bobProject, 'prj_missing']) {
        const res = await getJson(t.baseUrl, `/api/v1/projects/${id}${suffix}`, alice.restKey);
        assert.equal(res.status, 404, `${suffix} ${id}`);
        assert.deepEqual(res.body, {
          error: { code: 'not_found', message: 'No such project on this account.' },
        });
      }
    }
    const mine = await getJson(t.baseUrl, '/api/v1/projects', alice.restKey);
    assert.deepEqual(
      mine.body.projects.map((p: { name: string }) => p.name),
      ['Alice'],
    );
    assert.equal((await getJson(t.baseUrl, '/api/v1/me', alice.restKey)).body.user.id, alice.userId);
  });

  test("every tool on another account's project is the not-found result; list_projects shows only the caller's", async () => {
    const before = await fuzzDigest(t.db);
    for (const name of PROJECT_TOOLS) {
      const res = await callTool(t.baseUrl, alice.mcpKey, name, { projectId: bobProject });
      assert.equal(res.body.result?.isError, true, name);
      assert.equal(res.body.result.content[0].text, 'No such project on this account.', name);
    }
    const list = await callTool(t.baseUrl, alice.mcpKey, 'list_projects', {});
    assert.deepEqual(
      list.body.result.structuredContent.projects.map((p: { name: string }) => p.name),
      ['Alice'],
    );
    assert.equal(await fuzzDigest(t.db), before, 'run_scan started nothing');
  });

  test("every dashboard route on another account's records is 404 and changes nothing", async () => {
    const d = dashboardClient(t);
    await d.signIn(alice.userId);
    const before = await fuzzDigest(t.db);
    const bobKeyId = bob.restKeyId;
    const cases: [string, string, unknown][] = [
      ['GET', `/projects/${bobProject}`, undefined],
      ['GET', `/projects/${bobProject}/leads`, undefined],
      ['GET', `/projects/${bobProject}/scans/${bobScan}`, undefined],
      ['GET', `/projects/${bobProject}/webhooks`, undefined],
      ['POST', `/projects/${bobProject}/scans`, {}],
      ['POST', `/projects/${bobProject}/webhooks`, { url: 'https://hooks.example.com/alice' }],
      ['GET', `/webhooks/${bobWebhook}/attempts`, undefined],
      ['POST', `/webhooks/${bobWebhook}/redeliver`, { leadId: 'x' }],
      ['POST', `/webhooks/${bobWebhook}/test`, {}],
      ['DELETE', `/webhooks/${bobWebhook}`, undefined],
      ['DELETE', `/keys/${bobKeyId}`, undefined],
    ];
    for (const [method, path, body] of cases) {
      const res = await d.call(method, path, body);
      assert.equal(res.status, 404, `${method} ${path}`);
      assert.equal(res.body.error.code, 'not_found', `${method} ${path}`);
    }
    const lists = [await d.get('/projects'), await d.get('/keys')];
    assert.deepEqual(
      lists[0]!.body.projects.map((p: { name: string }) => p.name),
      ['Alice'],
    );
    assert.ok(lists[1]!.body.keys.every((k: { id: string }) => k.id !== bobKeyId));
    assert.equal(await fuzzDigest(t.db), before);
    assert.equal((await getJson(t.baseUrl, '/api/v1/me', bob.restKey)).status, 200, "Bob's key still works");
  });

  test('REST: a tool key is 403; missing, unknown and revoked keys are 401, on every operation', async () => {
    const carol = await createAccount(t.services);
    const project = (await createProject(t.services, carol.userId)).id;
    await t.services.accounts.revokeKey(carol.userId, carol.restKeyId);
    const paths = ['/me', '/projects', ...REST_PROJECT_OPS.map((s) => `/projects/${project}${s}`)];
    for (const path of paths) {
      assert.equal((await getJson(t.baseUrl, `/api/v1${path}`, alice.mcpKey)).status, 403, path);
      for (const key of [undefined, 'rl_sk_unknown', carol.restKey]) {
        const res = await getJson(t.baseUrl, `/api/v1${path}`, key);
        assert.equal(res.status, 401, `${path} ${key}`);
        assert.equal(res.body.error.code, 'unauthorized');
      }
    }
  });

  test('/mcp: a REST key is 403 on every method (notifications too); missing and revoked keys are 401', async () => {
    const dave = await createAccount(t.services);
    await t.services.accounts.revokeKey(dave.userId, dave.mcpKeyId);
    const messages = [
      ...MCP_METHODS.map(([method, params], i) => ({ jsonrpc: '2.0', id: i + 1, method, params })),
      { jsonrpc: '2.0', method: 'notifications/initialized' },
    ];
    for (const message of messages) {
      const wrong = await postMcp(t.baseUrl, message, { key: alice.restKey });
      assert.equal(wrong.status, 403, `${message.method} with a REST key`);
      assert.equal(wrong.body.error.data.code, 'forbidden');
      for (const key of [undefined, 'sbk_unknown', dave.mcpKey]) {
        const res = await postMcp(t.baseUrl, message, { key });
        assert.equal(res.status, 401, `${message.method} ${key}`);
        assert.equal(res.body.error.data.code, 'unauthorized');
      }
    }
  });

  test('dashboard: API keys do not sign in; a signed-out session is refused on every route', async () => {
    const d = dashboardClient(t);
    for (const key of [alice.restKey, alice.mcpKey]) {
      const res = await d.call('GET', '/projects', undefined, { authorization: `Bearer ${key}` });
      assert.equal(res.status, 401);
    }
    await d.signIn(alice.userId);
    assert.equal((await d.get('/me')).status, 200);
    assert.equal((await d.post('/sign-out', {})).status, 204);
    for (const path of ['/me', '/projects', '/keys']) assert.equal((await d.get(path)).status, 401, path);
  });
});

describe('webhook SSRF guard at delivery time (names re-resolved per connection)', () => {
  let t: TestApp;
  const answers = new Map<string, string>();
  const original = dns.lookup;

  before(async () => {
    // A local DNS: each test name answers what the table says right now, as a rebinding DNS server would.
    const fake = ((hostname: string, options: unknown, callback?: unknown) => {
      const cb = (typeof options === 'function' ? options : callback) as (...a: unknown[]) => void;
      const opts = (typeof options === 'object' && options) || {};
      const address = answers.get(hostname);
      if (address === undefined) return (original as (...a: unknown[]) => void)(hostname, options, callback);
      const family = address.includes(':') ? 6 : 4;
      process.nextTick(() =>
        (opts as { all?: boolean }).all ? cb(null, [{ address, family }]) : cb(null, address, family),
      );
    }) as typeof dns.lookup;
    dns.lookup = fake;
    syncBuiltinESMExports();
    t = await startTestApp({ config: { webhooks: { ...testConfig().webhooks, allowPrivate: false } } });
  });
  after(async () => {
    dns.lookup = original;
    syncBuiltinESMExports();
    await t.close();
  });

  test('names that were public at registration and resolve to private, loopback, link-local or IPv4-mapped addresses at delivery are blocked', async () => {
    const ca = makeTestCa();
    const receiver = await startReceiver(ca);
    const acct = await createAccount(t.services);
    const project = await createProject(t.services, acct.userId);
    const [leadId] = await insertLeads(t.db, project.id, [{ score: 90 }]);
    const targets: Record<string, string> = {
      'private.rebind.test': '10.1.2.3',
      'loopback.rebind.test': '127.0.0.1',
      'linklocal.rebind.test': '169.254.169.254',
      'mapped.rebind.test': '::ffff:127.0.0.1',
      'mapped-metadata.rebind.test': '::ffff:169.254.169.254',
    };
    const hooks: [string, string][] = [];
    for (const name of Object.keys(targets)) {
      answers.set(name, '93.184.215.14'); // public when it is registered
      const hook = await t.services.webhooks.register(
        acct.userId,
        project.id,
        `https://${name}:${receiver.port}/hook`,
      );
      hooks.push([name, hook.id]);
    }
    for (const [name, address] of Object.entries(targets)) answers.set(name, address);
    const event: LeadCreatedEvent = {
      leadId: leadId!,
      projectId: project.id,
      projectName: project.name,
      subreddit: 'smallbusiness',
      title: 'Looking for a CRM',
      url: 'https://www.reddit.com/r/smallbusiness/comments/x/',
      score: 90,
      reply: 'Try ours.',
      draftedAt: new Date(),
    };
    await announceLeads(t.services, [event.leadId]);
    await t.services.webhooks.idle();
    assert.equal(receiver.received.length, 0, 'nothing reached the local receiver');
    for (const [name, id] of hooks) {
      const [attempt] = await t.services.webhooks.listAttempts(acct.userId, id);
      assert.equal(attempt?.outcome, 'blocked', name);
      assert.match(attempt!.error!, /private or reserved address/, name);
    }
    await receiver.close();
  });

  test('a receiver that answers a redirect is recorded as such and the redirect is not followed', async () => {
    const ca = makeTestCa();
    const inner = await startReceiver(ca);
    const redirecting = await startReceiver(ca, {
      kind: 'status',
      status: 307,
      location: `https://127.0.0.1:${inner.port}/hook`,
    });
    const app = await startTestApp({
      config: { webhooks: { ...testConfig().webhooks, allowPrivate: ['127.0.0.1'], extraCaPem: ca.caPem } },
    });
    try {
      const acct = await createAccount(app.services);
      const project = await createProject(app.services, acct.userId);
      const [leadId] = await insertLeads(app.db, project.id, [{ score: 70 }]);
      const hook = await app.services.webhooks.register(acct.userId, project.id, redirecting.url);
      await announceLeads(app.services, [leadId!]);
      await app.services.webhooks.idle();
      assert.equal(redirecting.received.length, 1);
      assert.equal(inner.received.length, 0, 'the Location was not followed');
      const [attempt] = await app.services.webhooks.listAttempts(acct.userId, hook.id);
      assert.equal(attempt?.outcome, 'redirect');
    } finally {
      await app.close();
      await inner.close();
      await redirecting.close();
    }
  });
});
