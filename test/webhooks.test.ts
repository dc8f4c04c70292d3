import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { systemClock } from '../src/clock.ts';
import type { Config } from '../src/config/index.ts';
import { createDeletionsRepo } from '../src/deletions/deletions.repo.ts';
import { toLeadScore } from '../src/domain/scoring.ts';
import type { LeadCreatedEvent } from '../src/events.ts';
import { createServices, type Services } from '../src/services.ts';
import { enqueueLeadEvents } from '../src/webhooks/webhooks.outbox.ts';
import { createWebhooksRepo } from '../src/webhooks/webhooks.repo.ts';
import {
  createAccount,
  createProject,
  insertLeads,
  startTestApp,
  type TestApp,
  testConfig,
} from './harness.ts';
import { makeTestCa, type Receiver, startReceiver, type TestCa } from './receivers.ts';

const example = (await import(new URL('../docs/examples/receiver.mjs', import.meta.url).href)) as {
  verify(secret: string, raw: Buffer, header?: string): boolean;
};

let ca: TestCa;
let t: TestApp;
const receivers: Receiver[] = [];
const extraServices: Services[] = [];

function webhooksConfig(overrides: Partial<Config['webhooks']>): Config['webhooks'] {
  return { ...testConfig().webhooks, extraCaPem: ca.caPem, ...overrides };
}

/** Another set of services over the same database, with other webhook settings. */
function servicesWith(overrides: Partial<Config['webhooks']>, config: Partial<Config> = {}): Services {
  const s = createServices({
    db: t.db,
    clock: systemClock,
    config: testConfig({ ...config, webhooks: webhooksConfig(overrides) }),
  });
  extraServices.push(s);
  return s;
}

async function receiver(...args: Parameters<typeof startReceiver> extends [TestCa, ...infer R] ? R : never) {
  const r = await startReceiver(ca, ...args);
  receivers.push(r);
  return r;
}

before(async () => {
  ca = makeTestCa();
  t = await startTestApp({ config: { webhooks: webhooksConfig({ allowPrivate: true }) } });
});
after(async () => {
  for (const s of extraServices) await s.webhooks.close();
  await t.close();
  await Promise.all(receivers.map((r) => r.close()));
});

/** A delivery verified by the standardwebhooks library (an independent verifier): its parsed body. */
function standardVerified(secret: string, got: { raw: Buffer; headers: Record<string, unknown> }) {
  return new StandardWebhook(secret).verify(got.raw.toString('utf8'), {
    'webhook-id': got.headers['webhook-id'] as string,
    'webhook-timestamp': got.headers['webhook-timestamp'] as string,
    'webhook-signature': got.headers['webhook-signature'] as string,
  });
}

const scoreOf = (i: number) => (i * 17 + 10) % 101;

async function projectWithLeads(n: number, services = t.services) {
  const acct = await createAccount(services);
  const project = await createProject(services, acct.userId, { name: `Acme CRM ${Math.random()}` });
  const ids = await insertLeads(
    t.db,
    project.id,
    Array.from({ length: n }, (_, i) => ({
      title: `Which CRM for a 5-person team? #${i}`,
      subreddit: 'smallbusiness',
      url: `https://www.reddit.com/r/smallbusiness/comments/abc${i}/which_crm/`,
      score: scoreOf(i),
      reply: `Draft reply ${i}: have a look at Acme.`,
    })),
  );
  const events: LeadCreatedEvent[] = ids.map((leadId, i) => ({
    leadId,
    projectId: project.id,
    projectName: project.name,
    subreddit: 'smallbusiness',
    title: `Which CRM for a 5-person team? #${i}`,
    url: `https://www.reddit.com/r/smallbusiness/comments/abc${i}/which_crm/`,
    score: scoreOf(i),
    reply: `Draft reply ${i}: have a look at Acme.`,
    draftedAt: new Date(),
  }));
  return { userId: acct.userId, project, events };
}

/** What a scan does for its new leads: their deliveries written to the outbox in one transaction, then the wake-up. */
async function announce(services: Services, ...events: LeadCreatedEvent[]) {
  await services.db.transaction((tx) =>
    enqueueLeadEvents(
      tx,
      events.map((e) => e.leadId),
    ),
  );
  for (const e of events) assert.equal(services.events.emit('lead.created', e), true);
}

/** Active webhooks written straight to the table: the plan's count without resolving hosts. */
async function insertActiveWebhooks(projectId: string, n: number) {
  const repo = createWebhooksRepo(t.db);
  for (let i = 0; i < n; i++) await repo.insert(projectId, `https://hooks.example.com/${i}`);
}

describe('registration', () => {
  test('an https endpoint gets a whsec_ secret shown once; lists never show it', async () => {
    const { userId, project } = await projectWithLeads(0);
    const r = await receiver();
    const created = await t.services.webhooks.register(userId, project.id, r.url);
    assert.match(created.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.equal(Buffer.from(created.secret.slice(6), 'base64').length, 32);
    const listed = await t.services.webhooks.list(userId, project.id);
    assert.deepEqual(
      listed.map((w) => [w.id, w.url, w.lastOutcome]),
      [[created.id, r.url, null]],
    );
    assert.ok(!JSON.stringify(listed).includes(created.secret));
  });

  test('refuses anything but https, credentials, duplicates and other accounts’ projects, clearly', async () => {
    const { userId, project } = await projectWithLeads(0);
    const other = await projectWithLeads(0);
    const r = await receiver();
    const refuse = (url: string, pid = project.id, uid = userId) =>
      t.services.webhooks.register(uid, pid, url).then(
        () => assert.fail(`${url} was accepted`),
        (err) => err,
      );
    let err = await refuse(r.url.replace('https:', 'http:'));
    assert.equal(err.code, 'invalid_request');
    assert.match(err.message, /Only https URLs are accepted.*\(got http\)/);
    err = await refuse('ftp://example.com/x');
    assert.match(err.message, /Only https/);
    err = await refuse('not a url');
    assert.match(err.message, /is not a URL/);
    err = await refuse('https://user:pw@127.0.0.1/hook');
    assert.match(err.message, /user name or password/);
    await t.services.webhooks.register(userId, project.id, r.url);
    err = await refuse(r.url);
    assert.match(err.message, /already a webhook.*delete it and add it again/);
    err = await refuse(r.url, other.project.id);
    assert.equal(err.code, 'not_found');
  });

  test('refuses private, loopback, link-local and mapped addresses unless WEBHOOK_ALLOW_PRIVATE allows them', async () => {
    const strict = servicesWith({ allowPrivate: false });
    const { userId, project } = await projectWithLeads(0);
    for (const url of [
      'https://127.0.0.1/hook',
      'https://localhost:8443/hook',
      'https://10.1.2.3/hook',
      'https://192.168.0.10/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://[::ffff:a9fe:a9fe]/hook',
      'https://[fe80::1]/hook',
      'https://224.0.0.1/hook',
      'https://0.0.0.0/hook',
      'https://2130706433/hook',
      'https://100.64.0.1/hook',
    ]) {
      await assert.rejects(strict.webhooks.register(userId, project.id, url), (err: any) => {
        assert.equal(err.code, 'invalid_request', url);
        assert.match(err.message, /private or reserved address/, url);
        return true;
      });
    }
    await assert.rejects(
      strict.webhooks.register(userId, project.id, 'https://no-such-host.invalid/hook'),
      /Cannot resolve no-such-host\.invalid/,
    );
    // An operator's allow-list admits exactly what it lists.
    const listed = servicesWith({ allowPrivate: ['127.0.0.1/32', '10.0.0.0/8'] });
    await listed.webhooks.register(userId, project.id, 'https://127.0.0.1:9/hook');
    await listed.webhooks.register(userId, project.id, 'https://10.9.9.9/hook');
    await assert.rejects(listed.webhooks.register(userId, project.id, 'https://192.168.1.1/hook'), /private/);
  });

  test('a hosted free account cannot add webhooks; a paid one up to its tier limit', async () => {
    const hosted = servicesWith({ allowPrivate: true }, { selfHosted: false });
    const free = await createAccount(hosted, 'free');
    const freeProject = await createProject(hosted, free.userId);
    await assert.rejects(
      hosted.webhooks.register(free.userId, freeProject.id, 'https://127.0.0.1/a'),
      (err: any) => err.code === 'forbidden' && /not part of the free plan/.test(err.message),
    );
    const paid = await createAccount(hosted, 'connected');
    const paidProject = await createProject(hosted, paid.userId);
    const limit = hosted.config.tierLimits.connected.alertWebhooks!;
    const made = [];
    for (let i = 0; i < limit; i++) {
      made.push(await hosted.webhooks.register(paid.userId, paidProject.id, `https://127.0.0.1/${i}`));
    }
    await assert.rejects(
      hosted.webhooks.register(paid.userId, paidProject.id, 'https://127.0.0.1/one-more'),
      new RegExp(`allows ${limit} webhooks`),
    );
    await hosted.webhooks.delete(paid.userId, made[0]!.id);
    await hosted.webhooks.register(paid.userId, paidProject.id, 'https://127.0.0.1/one-more');
  });

  test('with every webhook of the plan used, a bad URL is still refused for what is wrong with it', async () => {
    const hosted = servicesWith({ allowPrivate: false }, { selfHosted: false });
    const paid = await createAccount(hosted, 'connected');
    const project = await createProject(hosted, paid.userId);
    const limit = hosted.config.tierLimits.connected.alertWebhooks!;
    await insertActiveWebhooks(project.id, limit);
    const refusals: [string, RegExp][] = [
      ['http://localhost:8443/x', /Only https URLs/],
      ['ftp://x', /Only https URLs/],
      ['not a url', /is not a URL/],
      ['https://user:pw@example.com/x', /user name or password/],
      ['https://10.1.2.3/x', /private or reserved/],
      ['https://no-such-host.invalid/x', /Cannot resolve no-such-host\.invalid/],
    ];
    for (const [url, message] of refusals) {
      await assert.rejects(
        hosted.webhooks.register(paid.userId, project.id, url),
        (err: any) => err.code === 'invalid_request' && message.test(err.message),
        url,
      );
    }
    // A good URL is then refused by the plan, in the plan's words.
    await assert.rejects(
      hosted.webhooks.register(paid.userId, project.id, 'https://93.184.215.14/hook'),
      (err: any) => err.code === 'forbidden' && err.message.includes(`allows ${limit} webhooks`),
    );
  });
});

describe('delivery', () => {
  test('one POST per new lead per webhook, with the exact headers and body, signed over the raw bytes', async () => {
    const { userId, project, events } = await projectWithLeads(3);
    const a = await receiver();
    const b = await receiver({ kind: 'ok' }, 'localhost');
    const hookA = await t.services.webhooks.register(userId, project.id, a.url);
    const hookB = await t.services.webhooks.register(userId, project.id, b.url);
    await announce(t.services, ...events);
    await Promise.all([a.waitFor(3), b.waitFor(3)]);
    await t.services.webhooks.idle();
    assert.equal(a.received.length, 3);
    assert.equal(b.received.length, 3);

    for (const [r, hook] of [
      [a, hookA],
      [b, hookB],
    ] as const) {
      const byLead = new Map(r.received.map((x) => [JSON.parse(x.raw.toString()).data.leadId, x]));
      for (const e of events) {
        const got = byLead.get(e.leadId)!;
        const h = got.headers;
        assert.equal(h['content-type'], 'application/json');
        assert.equal(h['user-agent'], 'Service-Webhooks/1.0');
        assert.ok(example.verify(hook.secret, got.raw, h['x-service-signature'] as string));
        assert.equal(h['webhook-id'], `evt_${e.leadId}`);
        assert.match(h['webhook-timestamp'] as string, /^\d{10}$/);
        assert.match(h['webhook-signature'] as string, /^v1,[A-Za-z0-9+/]+=*$/);
        const verified = standardVerified(hook.secret, got);
        const body = JSON.parse(got.raw.toString('utf8'));
        assert.deepEqual(verified, body);
        assert.deepEqual(Object.keys(body), ['event', 'created_at', 'data']);
        assert.equal(body.event, 'lead.created');
        assert.ok(Math.abs(Date.parse(body.created_at) - Date.now()) < 60_000);
        // The send time to the second, the same instant as webhook-timestamp.
        assert.equal(body.created_at, new Date(Number(h['webhook-timestamp']) * 1000).toISOString());
        assert.deepEqual(body.data, {
          subreddit: 'smallbusiness',
          title: e.title,
          url: e.url,
          leadScore: toLeadScore(e.score),
          product: project.name,
          reply: e.reply,
          leadId: e.leadId,
          projectId: project.id,
        });
        assert.ok(body.data.leadScore >= 1 && body.data.leadScore <= 5);
      }
      const attempts = await t.services.webhooks.listAttempts(userId, hook.id);
      assert.equal(attempts.length, 3);
      for (const at of attempts) {
        assert.equal(at.outcome, 'delivered');
        assert.equal(at.statusCode, 204);
        assert.equal(at.attempt, 1);
        assert.equal(at.error, null);
        assert.ok(at.latencyMs !== null && at.latencyMs >= 0);
      }
    }
    // Both webhooks get the same body bytes for a lead sent within one second; only the signatures differ.
    for (const x of a.received) {
      const leadId = JSON.parse(x.raw.toString()).data.leadId;
      const y = b.received.find((r) => JSON.parse(r.raw.toString()).data.leadId === leadId)!;
      if (x.headers['webhook-timestamp'] !== y.headers['webhook-timestamp']) continue;
      assert.deepEqual(x.raw, y.raw);
      assert.notEqual(x.headers['x-service-signature'], y.headers['x-service-signature']);
    }
    const listed = await t.services.webhooks.list(userId, project.id);
    assert.deepEqual(
      listed.map((w) => w.lastOutcome),
      ['delivered', 'delivered'],
    );
  });

  test('a receiver that hangs times out at about 5 s; the other endpoint is not held up', async () => {
    const { userId, project, events } = await projectWithLeads(2);
    const slow = await receiver({ kind: 'sleep', ms: 10_000 });
    const fast = await receiver();
    const slowHook = await t.services.webhooks.register(userId, project.id, slow.url);
    const fastHook = await t.services.webhooks.register(userId, project.id, fast.url);
    await announce(t.services, ...events);
    await fast.waitFor(2);
    // The healthy endpoint has its deliveries while the hanging one's attempts are still open.
    const fastDone = () => t.services.webhooks.listAttempts(userId, fastHook.id);
    while ((await fastDone()).length < 2) await new Promise((r) => setTimeout(r, 10));
    assert.equal((await t.services.webhooks.listAttempts(userId, slowHook.id)).length, 0);
    await t.services.webhooks.idle();
    const slowAttempts = await t.services.webhooks.listAttempts(userId, slowHook.id);
    assert.equal(slowAttempts.length, 2);
    for (const at of slowAttempts) {
      assert.equal(at.outcome, 'timeout');
      assert.equal(at.statusCode, null);
      assert.match(at.error!, /no response within 5 s/);
      assert.ok(at.latencyMs! >= 4900 && at.latencyMs! < 9000, `latency ${at.latencyMs}`);
    }
    assert.equal(slow.received.length, 2);
    assert.ok((await fastDone()).every((a) => a.outcome === 'delivered'));
  });

  test('500 and 302 are recorded failures, sent once, and the redirect is not followed', async () => {
    const { userId, project, events } = await projectWithLeads(1);
    const target = await receiver();
    const failing = await receiver({ kind: 'status', status: 500 });
    const moving = await receiver({ kind: 'status', status: 302, location: target.url });
    const failHook = await t.services.webhooks.register(userId, project.id, failing.url);
    const moveHook = await t.services.webhooks.register(userId, project.id, moving.url);
    await announce(t.services, events[0]!);
    await t.services.webhooks.idle();
    await new Promise((r) => setTimeout(r, 200));
    await t.services.webhooks.idle();
    assert.equal(failing.received.length, 1);
    assert.equal(moving.received.length, 1);
    assert.equal(target.received.length, 0);
    const [fail] = await t.services.webhooks.listAttempts(userId, failHook.id);
    assert.deepEqual([fail!.outcome, fail!.statusCode, fail!.error], ['http_error', 500, 'HTTP 500']);
    const moved = await t.services.webhooks.listAttempts(userId, moveHook.id);
    assert.equal(moved.length, 1);
    assert.equal(moved[0]!.outcome, 'redirect');
    assert.equal(moved[0]!.statusCode, 302);
    assert.match(
      moved[0]!.error!,
      /redirects are not followed \(Location: https:\/\/127\.0\.0\.1:\d+\/hook\)/,
    );
  });

  test('a long answer is not read past 64 KiB: the attempt counts as delivered and later ones still go', async () => {
    const { userId, project, events } = await projectWithLeads(2);
    const chatty = await receiver({ kind: 'body', bytes: 1024 * 1024 });
    const hook = await t.services.webhooks.register(userId, project.id, chatty.url);
    await announce(t.services, events[0]!);
    await t.services.webhooks.idle();
    await announce(t.services, events[1]!);
    await t.services.webhooks.idle();
    assert.equal(chatty.received.length, 2);
    const attempts = await t.services.webhooks.listAttempts(userId, hook.id);
    assert.deepEqual(
      attempts.map((a) => [a.outcome, a.statusCode]),
      [
        ['delivered', 200],
        ['delivered', 200],
      ],
    );
  });

  test('with WEBHOOK_RETRIES set, a 500 is retried with backoff, up to the bound', async () => {
    const retrying = servicesWith({ allowPrivate: true, retries: 2, retryBackoffMs: 100 });
    const { userId, project, events } = await projectWithLeads(1, retrying);
    const failing = await receiver({ kind: 'status', status: 503 });
    const hook = await retrying.webhooks.register(userId, project.id, failing.url);
    await announce(retrying, events[0]!);
    await retrying.webhooks.idle();
    assert.equal(failing.received.length, 3);
    const attempts = await retrying.webhooks.listAttempts(userId, hook.id);
    assert.deepEqual(attempts.map((a) => a.attempt).sort(), [1, 2, 3]);
    assert.deepEqual(new Set(failing.received.map((r) => r.headers['webhook-id'])).size, 1);
  });

  test('a lead whose post is deleted on Reddit before its retry is not sent again, nor redelivered', async () => {
    const retrying = servicesWith({ allowPrivate: true, retries: 2, retryBackoffMs: 400 });
    const { userId, project, events } = await projectWithLeads(1, retrying);
    const failing = await receiver({ kind: 'status', status: 503 });
    const hook = await retrying.webhooks.register(userId, project.id, failing.url);
    await announce(retrying, events[0]!);
    while (failing.received.length === 0) await new Promise((r) => setTimeout(r, 10));
    // Another worker's re-check learns the deletion: only the database knows (docs/decisions/0103-deleted-items.md).
    const [lead] = await t.db.query<{ post_id: string }>('SELECT post_id FROM leads WHERE id = $1', [
      events[0]!.leadId,
    ]);
    await createDeletionsRepo(t.db).forget([`t3_${lead!.post_id}`], new Date());
    await retrying.webhooks.idle();
    assert.equal(failing.received.length, 1, 'the retry was not sent');
    const attempts = await retrying.webhooks.listAttempts(userId, hook.id);
    assert.deepEqual(attempts.map((a) => [a.attempt, a.outcome]).sort(), [
      [1, 'http_error'],
      [2, 'dropped'],
    ]);
    assert.match(attempts.find((a) => a.attempt === 2)!.error ?? '', /deleted or removed on Reddit/);
    await assert.rejects(retrying.webhooks.redeliver(userId, hook.id, events[0]!.leadId), /No such lead/);
    assert.equal(failing.received.length, 1);
  });

  test('a lead found deleted on Reddit: the webhooks that were sent it get a signed lead.deleted, others nothing', async () => {
    const { userId, project, events } = await projectWithLeads(2);
    const sent = await receiver();
    const hook = await t.services.webhooks.register(userId, project.id, sent.url);
    await announce(t.services, ...events);
    await sent.waitFor(2);
    await t.services.webhooks.idle();
    // Added afterwards: never sent these leads, so not told of their deletion either.
    const late = await receiver();
    await t.services.webhooks.register(userId, project.id, late.url);

    // The re-check learns that the first lead's post is gone, as the deletions service does: forget, then announce.
    const gone = events[0]!;
    const [lead] = await t.db.query<{ post_id: string }>('SELECT post_id FROM leads WHERE id = $1', [
      gone.leadId,
    ]);
    const forgotten = await createDeletionsRepo(t.db).forget([`t3_${lead!.post_id}`], new Date());
    assert.deepEqual(
      forgotten.map((f) => f.id),
      [gone.leadId],
    );
    t.services.events.emit('leads.deleted', { leadIds: [gone.leadId] });
    await t.services.webhooks.idle();
    assert.equal(sent.received.length, 3, 'one lead.deleted, for the deleted lead only');
    assert.equal(late.received.length, 0);

    const got = sent.received[2]!;
    const h = got.headers;
    assert.ok(example.verify(hook.secret, got.raw, h['x-service-signature'] as string));
    assert.equal(h['webhook-id'], `evt_${gone.leadId}_deleted`);
    const verified = standardVerified(hook.secret, got);
    const body = JSON.parse(got.raw.toString('utf8'));
    assert.deepEqual(verified, body);
    assert.equal(body.event, 'lead.deleted');
    assert.deepEqual(body.data, {
      subreddit: 'smallbusiness',
      url: gone.url,
      product: project.name,
      leadId: gone.leadId,
      projectId: project.id,
      reason: 'The post or comment was deleted by its author or removed on Reddit.',
    });
    const attempts = await t.services.webhooks.listAttempts(userId, hook.id);
    assert.deepEqual(attempts.map((a) => [a.event, a.outcome]).sort(), [
      ['lead.created', 'delivered'],
      ['lead.created', 'delivered'],
      ['lead.deleted', 'delivered'],
    ]);
  });

  test('an http URL or a private address already stored is refused at delivery and recorded as blocked', async () => {
    const strict = servicesWith({ allowPrivate: false });
    const { userId, project, events } = await projectWithLeads(1, strict);
    const r = await receiver({ kind: 'ok' }, 'localhost');
    // Rows as an older release or a changed DNS answer could have left them.
    const repo = createWebhooksRepo(t.db);
    const viaName = await repo.addOrGet(project.id, r.url);
    const viaIp = await repo.addOrGet(project.id, `https://127.0.0.1:${r.port}/hook`);
    const plain = await repo.addOrGet(project.id, `http://127.0.0.1:${r.port}/hook`);
    await announce(strict, events[0]!);
    await strict.webhooks.idle();
    assert.equal(r.received.length, 0);
    const [name] = await strict.webhooks.listAttempts(userId, viaName.id);
    assert.equal(name!.outcome, 'blocked');
    assert.match(name!.error!, /localhost resolves to a private or reserved address/);
    const [ip] = await strict.webhooks.listAttempts(userId, viaIp.id);
    assert.equal(ip!.outcome, 'blocked');
    assert.match(ip!.error!, /127\.0\.0\.1 is a private or reserved address/);
    const [http] = await strict.webhooks.listAttempts(userId, plain.id);
    assert.equal(http!.outcome, 'blocked');
    assert.match(http!.error!, /Only https/);
  });

  test('a receiver whose certificate the sender does not trust gets nothing; the attempt says why', async () => {
    const untrusting = servicesWith({ allowPrivate: true, extraCaPem: null });
    const { userId, project, events } = await projectWithLeads(1, untrusting);
    const r = await receiver();
    const hook = await untrusting.webhooks.register(userId, project.id, r.url);
    await announce(untrusting, events[0]!);
    await untrusting.webhooks.idle();
    assert.equal(r.received.length, 0);
    const [attempt] = await untrusting.webhooks.listAttempts(userId, hook.id);
    assert.equal(attempt!.outcome, 'network_error');
    assert.match(attempt!.error!, /certificate/i);
  });

  test('many leads at once: every lead reaches every endpoint exactly once', async () => {
    const { userId, project, events } = await projectWithLeads(150);
    const rs = [await receiver(), await receiver(), await receiver({ kind: 'ok' }, 'localhost')];
    const hooks = [];
    for (const r of rs) hooks.push(await t.services.webhooks.register(userId, project.id, r.url));
    await announce(t.services, ...events);
    await t.services.webhooks.idle();
    for (const [i, r] of rs.entries()) {
      const leads = r.received.map((x) => JSON.parse(x.raw.toString()).data.leadId);
      assert.equal(leads.length, 150);
      assert.deepEqual(new Set(leads), new Set(events.map((e) => e.leadId)));
      for (const x of r.received) {
        assert.ok(example.verify(hooks[i]!.secret, x.raw, x.headers['x-service-signature'] as string));
      }
      const attempts = await t.services.webhooks.listAttempts(userId, hooks[i]!.id, { limit: 500 });
      assert.equal(attempts.filter((a) => a.outcome === 'delivered').length, 150);
    }
  });

  test('a slow endpoint with a backlog holds up only itself; its backlog waits in the outbox and all of it goes', async () => {
    const small = servicesWith({ allowPrivate: true, concurrencyPerEndpoint: 1, queuePerEndpoint: 2 });
    const { userId, project, events } = await projectWithLeads(6, small);
    const slow = await receiver({ kind: 'sleep', ms: 300 });
    const fast = await receiver();
    const slowHook = await small.webhooks.register(userId, project.id, slow.url);
    await small.webhooks.register(userId, project.id, fast.url);
    // Leads arrive one by one; the healthy endpoint keeps up while the slow one falls behind.
    for (const [i, e] of events.entries()) {
      await announce(small, e);
      await fast.waitFor(i + 1);
    }
    assert.ok(slow.received.length < 6, 'the slow endpoint was behind when the fast one had everything');
    await small.webhooks.idle();
    assert.equal(fast.received.length, 6);
    const attempts = await small.webhooks.listAttempts(userId, slowHook.id);
    assert.equal(attempts.length, 6);
    assert.ok(attempts.every((a) => a.outcome === 'delivered'));
    assert.equal((await t.db.query('SELECT 1 FROM outbox WHERE webhook_id = $1', [slowHook.id])).length, 0);
  });
});

describe('attempts recorded in batches', () => {
  test('a burst cut short by shutdown loses nothing: what was not sent waits in the outbox for the next worker', async () => {
    const closing = servicesWith({ allowPrivate: true });
    const { userId, project, events } = await projectWithLeads(700, closing);
    const fast = await receiver();
    const hanging = await receiver({ kind: 'sleep', ms: 60_000 });
    const fastHook = await closing.webhooks.register(userId, project.id, fast.url);
    const hangingHook = await closing.webhooks.register(userId, project.id, hanging.url);
    await announce(closing, ...events);
    await fast.waitFor(400);
    await closing.webhooks.close(0);
    const hooks = [fastHook.id, hangingHook.id];
    const rows = await t.db.query<{
      webhook_id: string;
      lead_id: string;
      outcome: string;
      error: string | null;
    }>(
      'SELECT webhook_id, lead_id, outcome, error FROM webhook_attempts WHERE webhook_id = ANY($1::text[])',
      [hooks],
    );
    const waiting = await t.db.query<{ webhook_id: string; lead_id: string; claimed_until: Date | null }>(
      'SELECT webhook_id, lead_id, claimed_until FROM outbox WHERE webhook_id = ANY($1::text[])',
      [hooks],
    );
    // Every pair is accounted for: delivered, or recorded as cut short and waiting again, or not started.
    const delivered = new Set(
      rows.filter((r) => r.outcome === 'delivered').map((r) => `${r.webhook_id} ${r.lead_id}`),
    );
    const pending = new Set(waiting.map((r) => `${r.webhook_id} ${r.lead_id}`));
    for (const hook of hooks) {
      for (const e of events) {
        const key = `${hook} ${e.leadId}`;
        assert.ok(delivered.has(key) !== pending.has(key), `${key}: delivered or waiting, exactly one`);
      }
    }
    assert.ok(
      waiting.every((r) => r.claimed_until === null),
      'given back, not held until a lease runs out',
    );
    assert.ok(rows.filter((r) => r.webhook_id === hangingHook.id).every((r) => r.outcome !== 'delivered'));
    assert.ok(rows.some((r) => r.error === 'aborted at shutdown'));

    // The next worker sends the rest to the healthy endpoint: all 700 there, each recorded once as delivered.
    await t.db.query('DELETE FROM outbox WHERE webhook_id = $1', [hangingHook.id]);
    const next = servicesWith({ allowPrivate: true });
    next.webhooks.startDelivering();
    await fast.waitFor(700);
    await next.webhooks.idle();
    const after = await t.db.query<{ lead_id: string }>(
      "SELECT lead_id FROM webhook_attempts WHERE webhook_id = $1 AND outcome = 'delivered'",
      [fastHook.id],
    );
    assert.equal(new Set(after.map((r) => r.lead_id)).size, 700);
    assert.equal(after.length, 700);
    assert.deepEqual(new Set(fast.received.map((x) => JSON.parse(x.raw.toString()).data.leadId)).size, 700);
    await next.webhooks.close();
  });

  test('a worker killed mid-delivery: the next one logs the attempt as interrupted and sends it again', async () => {
    const { userId, project, events } = await projectWithLeads(2);
    const r = await receiver();
    const hook = await t.services.webhooks.register(userId, project.id, r.url);
    // What a killed worker leaves: rows claimed once, never ended, their lease run out.
    await t.db.transaction((tx) =>
      enqueueLeadEvents(
        tx,
        events.map((e) => e.leadId),
      ),
    );
    await t.db.query(
      "UPDATE outbox SET claims = 1, claimed_until = now() - interval '1 second' WHERE webhook_id = $1",
      [hook.id],
    );
    const next = servicesWith({ allowPrivate: true });
    next.webhooks.startDelivering();
    await r.waitFor(2);
    await next.webhooks.idle();
    await next.webhooks.close();
    const attempts = await t.services.webhooks.listAttempts(userId, hook.id);
    assert.deepEqual(
      attempts.map((a) => [a.leadId, a.attempt, a.outcome]).sort(),
      events
        .flatMap((e) => [
          [e.leadId, 1, 'interrupted'],
          [e.leadId, 2, 'delivered'],
        ])
        .sort(),
    );
    assert.match(attempts.find((a) => a.outcome === 'interrupted')!.error!, /stopped before recording/);
    assert.equal((await t.db.query('SELECT 1 FROM outbox WHERE webhook_id = $1', [hook.id])).length, 0);
  });

  test('a batch keeps every field, quotes, braces, backslashes, commas and nulls included', async () => {
    const { userId, project, events } = await projectWithLeads(2);
    const r = await receiver();
    const hook = await t.services.webhooks.register(userId, project.id, r.url);
    const repo = createWebhooksRepo(t.db);
    const at = new Date('2026-11-22T10:00:00.123Z');
    const awkward = 'HTTP 500 {"a":[1,2]} \\ \\" \'quoted\', NULL, ünïcode\nline';
    await repo.insertAttempts([
      {
        webhook_id: hook.id,
        lead_id: events[0]!.leadId,
        event_id: `evt_${events[0]!.leadId}`,
        attempt: 1,
        redelivery: false,
        attempted_at: at,
        outcome: 'http_error',
        status_code: 500,
        error: awkward,
        latency_ms: 12,
      },
      {
        webhook_id: hook.id,
        lead_id: events[1]!.leadId,
        event_id: `evt_${events[1]!.leadId}`,
        attempt: 2,
        redelivery: true,
        attempted_at: at,
        outcome: 'dropped',
        status_code: null,
        error: null,
        latency_ms: null,
      },
    ]);
    const got = await t.services.webhooks.listAttempts(userId, hook.id);
    const byLead = new Map(got.map((a) => [a.leadId, a]));
    assert.deepEqual(
      { ...byLead.get(events[0]!.leadId)!, id: '' },
      {
        id: '',
        webhookId: hook.id,
        leadId: events[0]!.leadId,
        eventId: `evt_${events[0]!.leadId}`,
        event: 'lead.created',
        attempt: 1,
        redelivery: false,
        leadDeleted: false,
        attemptedAt: at.toISOString(),
        outcome: 'http_error',
        statusCode: 500,
        error: awkward,
        latencyMs: 12,
      },
    );
    const second = byLead.get(events[1]!.leadId)!;
    assert.deepEqual(
      [second.attempt, second.redelivery, second.statusCode, second.error, second.latencyMs],
      [2, true, null, null, null],
    );
  });
});

describe('delete, attempts and redeliver', () => {
  test('a deleted webhook gets nothing more and keeps its history; re-adding gives a new secret', async () => {
    const { userId, project, events } = await projectWithLeads(2);
    const r = await receiver();
    const hook = await t.services.webhooks.register(userId, project.id, r.url);
    await announce(t.services, events[0]!);
    await t.services.webhooks.idle();
    await t.services.webhooks.delete(userId, hook.id);
    await assert.rejects(t.services.webhooks.delete(userId, hook.id), { code: 'not_found' });
    await announce(t.services, events[1]!);
    await t.services.webhooks.idle();
    assert.equal(r.received.length, 1);
    assert.deepEqual(await t.services.webhooks.list(userId, project.id), []);
    assert.equal((await t.services.webhooks.listAttempts(userId, hook.id)).length, 1);
    const again = await t.services.webhooks.register(userId, project.id, r.url);
    assert.notEqual(again.secret, hook.secret);
    assert.notEqual(again.id, hook.id);
  });

  test('redeliver sends the same event again and records a numbered redelivery attempt', async () => {
    const { userId, project, events } = await projectWithLeads(1);
    const r = await receiver();
    const hook = await t.services.webhooks.register(userId, project.id, r.url);
    const e = events[0]!;
    await announce(t.services, e);
    await t.services.webhooks.idle();
    const attempt = await t.services.webhooks.redeliver(userId, hook.id, e.leadId);
    assert.equal(attempt.outcome, 'delivered');
    assert.equal(attempt.attempt, 2);
    assert.equal(attempt.redelivery, true);
    assert.equal(r.received.length, 2);
    const [first, second] = r.received.map((x) => JSON.parse(x.raw.toString()));
    assert.deepEqual(first.data, second.data);
    assert.equal(r.received[0]!.headers['webhook-id'], r.received[1]!.headers['webhook-id']);
    assert.ok(
      example.verify(
        hook.secret,
        r.received[1]!.raw,
        r.received[1]!.headers['x-service-signature'] as string,
      ),
    );
    const listed = await t.services.webhooks.listAttempts(userId, hook.id, { leadId: e.leadId });
    assert.deepEqual(listed.map((a) => a.attempt).sort(), [1, 2]);
    const stranger = await createAccount(t.services);
    await assert.rejects(t.services.webhooks.redeliver(stranger.userId, hook.id, e.leadId), {
      code: 'not_found',
    });
    await assert.rejects(t.services.webhooks.listAttempts(stranger.userId, hook.id), { code: 'not_found' });
    await assert.rejects(t.services.webhooks.redeliver(userId, hook.id, 'no-such-lead'), {
      code: 'not_found',
    });
  });

  test('close() gives back what it had not sent: the rows wait unclaimed for the next worker', async () => {
    const closing = servicesWith({ allowPrivate: true, concurrencyPerEndpoint: 1 });
    const { userId, project, events } = await projectWithLeads(3, closing);
    const slow = await receiver({ kind: 'sleep', ms: 200 });
    const hook = await closing.webhooks.register(userId, project.id, slow.url);
    await announce(closing, ...events);
    await slow.waitFor(1);
    await closing.webhooks.close(50);
    const attempts = await t.services.webhooks.listAttempts(userId, hook.id);
    const waiting = await t.db.query<{ lead_id: string; claimed_until: Date | null }>(
      'SELECT lead_id, claimed_until FROM outbox WHERE webhook_id = $1',
      [hook.id],
    );
    const delivered = attempts.filter((a) => a.outcome === 'delivered').map((a) => a.leadId);
    // The request in flight was cut short: recorded, and due again for the next worker.
    assert.ok(attempts.some((a) => a.error === 'aborted at shutdown'));
    assert.deepEqual(
      [...delivered, ...waiting.map((w) => w.lead_id)].sort(),
      events.map((e) => e.leadId).sort(),
    );
    assert.ok(waiting.every((w) => w.claimed_until === null));
    await t.db.query('DELETE FROM outbox WHERE webhook_id = $1', [hook.id]);
  });
});
