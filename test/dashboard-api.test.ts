import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { fixedClock } from '../src/clock.ts';
import { SESSION_TTL_MS, SIGN_IN_TTL_MS } from '../src/sessions/sessions.service.ts';
import { filterParams, readFilters } from '../web/src/leads/queue.ts';
import { dashboardClient, tokenOf } from './dashboard-helpers.ts';
import { createAccount, createProject, insertLeads, startTestApp, type TestApp } from './harness.ts';

const HOUR = 3_600_000;

describe('dashboard sign-in and session', () => {
  const clock = fixedClock('2026-11-20T12:00:00Z');
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof createAccount>>;

  before(async () => {
    t = await startTestApp({ clock, config: { publicBaseUrl: 'https://leads.example.com' } });
    alice = await createAccount(t.services);
  });
  after(() => t.close());

  test('a sign-in link opens a session: HttpOnly, SameSite=Strict, Secure on https, 30 days', async () => {
    const link = await t.services.sessions.mintSignInLink({ userId: alice.userId });
    assert.match(link.signInUrl, /^https:\/\/leads\.example\.com\/sign-in#token=[A-Za-z0-9_-]{43}$/);
    assert.equal(link.expiresAt, new Date(clock.now().getTime() + SIGN_IN_TTL_MS).toISOString());
    const d = dashboardClient(t);
    assert.equal((await d.get('/me')).status, 401, 'no session yet');
    const res = await d.post('/sign-in', { token: tokenOf(link.signInUrl) });
    assert.equal(res.status, 204);
    const cookie = res.headers.get('set-cookie')!;
    assert.match(cookie, /^rl_session=[A-Za-z0-9_-]{43};/);
    assert.match(cookie, /; Path=\//);
    assert.match(cookie, /; HttpOnly/);
    assert.match(cookie, /; SameSite=Strict/);
    assert.match(cookie, /; Secure/);
    assert.match(cookie, new RegExp(new Date(clock.now().getTime() + SESSION_TTL_MS).toUTCString()));
    const me = await d.get('/me');
    assert.equal(me.status, 200);
    assert.deepEqual(me.body, {
      userId: alice.userId,
      email: me.body.email,
      tier: 'connected',
      selfHosted: true,
      sampleData: true,
    });
    assert.match(me.body.email, /@example\.com$/);
  });

  test('a used, expired, unknown or malformed token is 401 and opens nothing', async () => {
    const link = await t.services.sessions.mintSignInLink({ userId: alice.userId });
    const d = dashboardClient(t);
    await d.post('/sign-in', { token: tokenOf(link.signInUrl) });
    const again = dashboardClient(t);
    const reuse = await again.post('/sign-in', { token: tokenOf(link.signInUrl) });
    assert.equal(reuse.status, 401);
    assert.equal(reuse.body.error.code, 'unauthorized');
    assert.match(reuse.body.error.message, /used already or have expired/);
    assert.equal(reuse.headers.get('set-cookie'), null);

    const late = await t.services.sessions.mintSignInLink({ userId: alice.userId });
    clock.advance(SIGN_IN_TTL_MS);
    assert.equal((await again.post('/sign-in', { token: tokenOf(late.signInUrl) })).status, 401);

    for (const token of ['x'.repeat(43), 'short', `${tokenOf(late.signInUrl)}=`, '../../etc']) {
      const res = await again.post('/sign-in', { token });
      assert.equal(res.status, 401, token);
    }
    assert.equal((await again.get('/me')).status, 401);
  });

  test('sign-in validates its body: missing token, wrong type, bad JSON, huge body are 4xx, never 500', async () => {
    const d = dashboardClient(t);
    let res = await d.post('/sign-in', {});
    assert.equal(res.status, 400);
    assert.equal(res.body.error.code, 'invalid_request');
    assert.match(res.body.error.message, /token/);
    res = await d.post('/sign-in', { token: { a: 1 } });
    assert.equal(res.status, 400);
    assert.match(res.body.error.message, /token/);
    res = await d.post('/sign-in', '{"token":');
    assert.equal(res.status, 400);
    assert.equal(res.body.error.code, 'invalid_request');
    res = await d.post('/sign-in', { token: 'a'.repeat(200_000) });
    assert.equal(res.status, 413);
    assert.equal(res.body.error.code, 'invalid_request');
    res = await d.post('/sign-in', '{"__proto__":{"x":1},"token":"a"}');
    assert.equal(res.status, 400);
  });

  test('no cookie, a garbage cookie or an unknown session is 401 on every route', async () => {
    const d = dashboardClient(t);
    for (const cookie of ['', 'rl_session=garbage', `rl_session=${'A'.repeat(43)}`, 'rl_session=%00%ff']) {
      d.cookie = cookie;
      for (const [method, path] of [
        ['GET', '/me'],
        ['GET', '/projects'],
        ['GET', '/projects/x/leads'],
        ['POST', '/keys'],
        ['DELETE', '/keys/x'],
      ] as const) {
        const res = await d.call(method, path, method === 'POST' ? { kind: 'rest' } : undefined);
        assert.equal(res.status, 401, `${cookie} ${method} ${path}`);
        assert.equal(res.body.error.code, 'unauthorized');
      }
    }
  });

  test('sign-out ends the session on the server and clears the cookie', async () => {
    const d = dashboardClient(t);
    await d.signIn(alice.userId);
    const stolen = d.cookie;
    const res = await d.post('/sign-out');
    assert.equal(res.status, 204);
    assert.match(res.headers.get('set-cookie')!, /^rl_session=;.*Expires=Thu, 01 Jan 1970/);
    const replay = dashboardClient(t);
    replay.cookie = stolen;
    assert.equal((await replay.get('/me')).status, 401, 'the old cookie is dead');
    assert.equal((await dashboardClient(t).post('/sign-out')).status, 204, 'signing out twice is fine');
  });

  test('a session lasts 30 days from its last use, extended at most once an hour', async () => {
    const d = dashboardClient(t);
    await d.signIn(alice.userId);
    clock.advance(HOUR / 2);
    let res = await d.get('/me');
    assert.equal(res.headers.get('set-cookie'), null, 'not extended within the hour');
    clock.advance(HOUR);
    res = await d.get('/me');
    assert.match(
      res.headers.get('set-cookie')!,
      new RegExp(new Date(clock.now().getTime() + SESSION_TTL_MS).toUTCString()),
    );
    clock.advance(SESSION_TTL_MS - 1000);
    assert.equal((await d.get('/me')).status, 200, 'still alive: it was extended');
    clock.advance(SESSION_TTL_MS);
    assert.equal((await d.get('/me')).status, 401, 'expired after 30 idle days');
  });
});

describe('dashboard projects and leads', () => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof createAccount>>;
  let bob: Awaited<ReturnType<typeof createAccount>>;
  let aliceProject: { id: string };
  let bobProject: { id: string };
  const d = () => dashboardClient(t);

  before(async () => {
    t = await startTestApp();
    alice = await createAccount(t.services);
    bob = await createAccount(t.services);
    aliceProject = await createProject(t.services, alice.userId, { name: 'First', keywords: ['crm'] });
    await createProject(t.services, alice.userId, { name: 'Second' });
    bobProject = await createProject(t.services, bob.userId, { name: 'Bob only' });
    await insertLeads(t.db, aliceProject.id, [
      { score: 90, body: 'We need a CRM', title: 'Top' },
      { score: 40, body: 'Maybe later', title: 'Low' },
      { score: 70, status: 'hidden', title: 'Hidden' },
    ]);
  });
  after(() => t.close());

  test('projects: the REST shapes, only the account’s own', async () => {
    const c = d();
    await c.signIn(alice.userId);
    const list = await c.get('/projects');
    assert.equal(list.status, 200);
    assert.deepEqual(
      list.body.projects.map((p: { name: string }) => p.name),
      ['First', 'Second'],
    );
    const rest = await fetch(`${t.baseUrl}/api/v1/projects`, {
      headers: { authorization: `Bearer ${alice.restKey}` },
    }).then((r) => r.json());
    assert.deepEqual(
      list.body.projects,
      rest.projects.map((p: object) => ({ ...p, lastScan: null })),
      'the REST shape, plus the newest scan (none yet)',
    );
    const one = await c.get(`/projects/${aliceProject.id}`);
    assert.equal(one.status, 200);
    assert.equal(one.body.id, aliceProject.id);
    assert.deepEqual(one.body.keywords, ['crm']);
  });

  test('leads: REST filters, each lead with its body', async () => {
    const c = d();
    await c.signIn(alice.userId);
    let res = await c.get(`/projects/${aliceProject.id}/leads`);
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.body.leads.map((l: { title: string; body: string }) => [l.title, l.body]),
      [
        ['Top', 'We need a CRM'],
        ['Low', 'Maybe later'],
      ],
    );
    res = await c.get(`/projects/${aliceProject.id}/leads?status=all&minScore=50&limit=1`);
    assert.deepEqual(
      res.body.leads.map((l: { title: string }) => l.title),
      ['Top'],
    );
    assert.deepEqual(res.body.pagination, { limit: 1, offset: 0, hasMore: true });
    res = await c.get(`/projects/${aliceProject.id}/leads?minScore=500`);
    assert.equal(res.status, 400);
    assert.equal(res.body.error.code, 'invalid_request');
    assert.match(res.body.error.message, /minScore/);
  });

  test('every query the dashboard client sends is accepted; a parameter a route does not take is 400', async () => {
    const c = d();
    await c.signIn(alice.userId);
    const project = `/projects/${aliceProject.id}`;
    // The web client's own query builder, with every filter set (web/src/pages/leads-tab.tsx sends these).
    const fp = filterParams(
      readFilters(
        new URLSearchParams({
          status: 'all',
          minScore: '40',
          stage: 'comparing',
          seller: 'buyers',
          subreddit: 'smallbusiness',
          days: '7',
          q: 'crm',
        }),
      ),
    );
    const summary = new URLSearchParams(fp);
    summary.delete('status');
    for (const path of [
      `${project}/leads?${fp}&limit=500&offset=0`,
      `${project}/leads/summary?${summary}`,
      `${project}/leads.csv?${fp}`,
      `${project}/leads?status=all&limit=100`,
      `${project}/scans?limit=25&offset=0`,
    ]) {
      assert.equal((await c.get(path)).status, 200, path);
    }
    for (const [path, allowed] of [
      [
        `${project}/leads?seller=buyers`,
        'allowed are status, minScore, since, stage, sellerSide, subreddit, days, q, limit, offset',
      ],
      [`${project}/scans?page=2`, 'allowed are limit, offset'],
      [`${project}?x=1`, 'none are accepted'],
    ] as const) {
      const res = await c.get(path);
      assert.equal(res.status, 400, path);
      const name = path.slice(path.indexOf('?') + 1).split('=')[0];
      assert.deepEqual(res.body, {
        error: { code: 'invalid_request', message: `Unknown parameter ${name}: ${allowed}.` },
      });
    }
  });

  test('another account’s project, or a hostile id, is 404 not_found', async () => {
    const c = d();
    await c.signIn(alice.userId);
    for (const path of [
      `/projects/${bobProject.id}`,
      `/projects/${bobProject.id}/leads`,
      '/projects/%00',
      "/projects/'%20OR%201=1--/leads",
      `/projects/${'x'.repeat(500)}`,
    ]) {
      const res = await c.get(path);
      assert.equal(res.status, 404, path);
      assert.equal(res.body.error.code, 'not_found');
    }
  });
});
