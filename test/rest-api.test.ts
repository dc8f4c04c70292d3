import assert from 'node:assert/strict';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync, inflateSync, zstdDecompressSync } from 'node:zlib';
import { fixedClock } from '../src/clock.ts';
import { DEFAULT_TIER_LIMITS } from '../src/config/index.ts';
import { openPostgres } from '../src/db/client.ts';
import { createAccount, createProject, insertLeads, startTestApp, type TestApp } from './harness.ts';
import { callTool } from './mcp-helpers.ts';
import { loadSpecChecker } from './openapi-validator.ts';

const DAY = 86_400_000;

/** A client that checks every response against the served OpenAPI document and the cost header. */
async function client(t: TestApp) {
  const check = await loadSpecChecker(t.baseUrl);
  return async function get(path: string, key?: string) {
    const res = await fetch(t.baseUrl + path, { headers: key ? { authorization: `Bearer ${key}` } : {} });
    const body = (await res.json()) as any;
    assert.equal(res.headers.get('x-request-cost-usd'), '0', `${path}: X-Request-Cost-Usd`);
    if (path.startsWith('/api/v1/') && !path.includes('/nope') && !path.endsWith('openapi.json')) {
      assert.deepEqual(
        check('GET', path, res.status, res.headers, body),
        [],
        `${path} matches the OpenAPI document`,
      );
    }
    return { status: res.status, headers: res.headers, body };
  };
}

/** A GET whose body is read as sent (fetch would decompress it). */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    httpGet(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    }).on('error', reject);
  });
}

describe('REST API on a self-hosted instance', () => {
  const clock = fixedClock('2026-11-20T12:00:00Z');
  let t: TestApp;
  let get: Awaited<ReturnType<typeof client>>;
  let alice: Awaited<ReturnType<typeof createAccount>>;
  let bob: Awaited<ReturnType<typeof createAccount>>;
  let aliceProject: { id: string };
  let bobProject: { id: string };

  before(async () => {
    t = await startTestApp({ clock });
    get = await client(t);
    alice = await createAccount(t.services);
    bob = await createAccount(t.services);
    aliceProject = await createProject(t.services, alice.userId, {
      name: 'First',
      keywords: ['crm', 'pipeline'],
    });
    await createProject(t.services, alice.userId, { name: 'Second' });
    bobProject = await createProject(t.services, bob.userId, { name: 'Bob only' });
  });
  after(() => t.close());

  test('keys: missing, unknown, malformed and revoked get 401; a tool key gets 403', async () => {
    for (const key of [undefined, 'rl_sk_unknown', 'nonsense']) {
      const res = await get('/api/v1/me', key);
      assert.equal(res.status, 401);
      assert.equal(res.body.error.code, 'unauthorized');
    }
    const res = await get('/api/v1/me', alice.mcpKey);
    assert.equal(res.status, 403);
    assert.equal(res.body.error.code, 'forbidden');
    const carol = await createAccount(t.services);
    assert.equal((await get('/api/v1/me', carol.restKey)).status, 200);
    await t.services.accounts.revokeKey(carol.userId, carol.restKeyId);
    assert.equal((await get('/api/v1/me', carol.restKey)).status, 401);
  });

  test('a bad key is 401 even when the filters are bad too', async () => {
    const res = await get(`/api/v1/projects/${aliceProject.id}/leads?limit=0`, 'rl_sk_nope');
    assert.equal(res.status, 401);
  });

  test("GET /me describes the account, the key and counts today's requests", async () => {
    const dave = await createAccount(t.services);
    const first = await get('/api/v1/me', dave.restKey);
    assert.equal(first.status, 200);
    assert.equal(first.body.user.id, dave.userId);
    assert.equal(first.body.selfHosted, true);
    assert.equal(first.body.limits, null);
    assert.equal(first.body.requestsPerDay, null);
    assert.deepEqual(first.body.key.scopes, ['read']);
    assert.ok(dave.restKey.startsWith(first.body.key.prefix));
    assert.equal(first.body.requestsToday, 1);
    await get('/api/v1/projects', dave.restKey);
    assert.equal((await get('/api/v1/me', dave.restKey)).body.requestsToday, 3);
    assert.equal(first.headers.get('ratelimit'), null, 'no allowance, no RateLimit header');
  });

  test('parallel requests of one key each get their own requestsToday, none skipped or repeated', async () => {
    const erin = await createAccount(t.services);
    const counts = await Promise.all(
      Array.from({ length: 20 }, async () => (await get('/api/v1/me', erin.restKey)).body.requestsToday),
    );
    assert.deepEqual(
      counts.sort((a, b) => a - b),
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    assert.equal((await get('/api/v1/me', erin.restKey)).body.requestsToday, 21);
  });

  test("projects are listed oldest first and only the caller's", async () => {
    const res = await get('/api/v1/projects', alice.restKey);
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.body.projects.map((p: { name: string }) => p.name),
      ['First', 'Second'],
    );
    assert.equal(res.body.projects[0].keywords, undefined, 'the list carries Project, not ProjectDetail');
  });

  test("GET /projects/{id} returns the detail; another account's project is 404 everywhere", async () => {
    const res = await get(`/api/v1/projects/${aliceProject.id}`, alice.restKey);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.project.keywords, ['crm', 'pipeline']);
    for (const suffix of ['', '/leads', '/seo-opportunities', '/pain-themes', '/usage']) {
      for (const id of [bobProject.id, 'no-such-project']) {
        const r = await get(`/api/v1/projects/${id}${suffix}`, alice.restKey);
        assert.equal(r.status, 404, `${suffix} ${id}`);
        assert.equal(r.body.error.code, 'not_found');
        assert.equal(r.body.error.message, 'No such project on this account.', 'never reveals which');
      }
    }
  });

  test('leads: highest score first, default status new over the last 30 days, body only with include=body', async () => {
    const p = await createProject(t.services, alice.userId, { name: 'Leads' });
    const now = clock.now().getTime();
    await insertLeads(t.db, p.id, [
      { title: 'mid', score: 60, postedAt: new Date(now - 2 * DAY) },
      { title: 'top', score: 95, postedAt: new Date(now - 29 * DAY) },
      { title: 'old', score: 99, postedAt: new Date(now - 31 * DAY) },
      { title: 'hidden', score: 90, status: 'hidden' },
      { title: 'not fit', score: 80, status: 'not_fit' },
      { title: 'low', score: 5, body: 'the full text' },
      // Every nullable field null: the served document must accept it (its schemas are checked on each answer).
      {
        title: 'nulls',
        score: 1,
        stage: null,
        reason: null,
        matchedPhrase: null,
        author: null,
        costUsd: null,
        postId: null,
        body: null,
      },
    ]);
    const res = await get(`/api/v1/projects/${p.id}/leads`, alice.restKey);
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.body.leads.map((l: { title: string }) => l.title),
      ['top', 'mid', 'low', 'nulls'],
    );
    assert.deepEqual(res.body.pagination, { limit: 50, offset: 0, hasMore: false });
    assert.ok(
      res.body.leads.every((l: object) => !('body' in l)),
      'no body key without include=body',
    );

    const all = await get(`/api/v1/projects/${p.id}/leads?status=all&include=body`, alice.restKey);
    assert.deepEqual(
      all.body.leads.map((l: { title: string }) => l.title),
      ['top', 'hidden', 'not fit', 'mid', 'low', 'nulls'],
      'status=all keeps the 30-day window',
    );
    assert.equal(all.body.leads.find((l: { title: string }) => l.title === 'low').body, 'the full text');
    const hidden = await get(`/api/v1/projects/${p.id}/leads?status=hidden`, alice.restKey);
    assert.deepEqual(
      hidden.body.leads.map((l: { title: string }) => l.title),
      ['hidden'],
    );
    const min = await get(`/api/v1/projects/${p.id}/leads?minScore=60`, alice.restKey);
    assert.deepEqual(
      min.body.leads.map((l: { score: number }) => l.score),
      [95, 60],
    );
    const list = await get('/api/v1/projects', alice.restKey);
    assert.equal(list.body.projects.find((x: { id: string }) => x.id === p.id).newLeads, 4);
  });

  test('since filters on scoredAt, not on the post date', async () => {
    const p = await createProject(t.services, alice.userId, { name: 'Since' });
    const now = clock.now().getTime();
    await insertLeads(t.db, p.id, [
      { title: 'old post, scored now', postedAt: new Date(now - 20 * DAY), scoredAt: new Date(now - 1000) },
      { title: 'new post, scored earlier', postedAt: new Date(now - DAY), scoredAt: new Date(now - 5 * DAY) },
    ]);
    const since = new Date(now - 60_000).toISOString();
    const res = await get(`/api/v1/projects/${p.id}/leads?since=${encodeURIComponent(since)}`, alice.restKey);
    assert.deepEqual(
      res.body.leads.map((l: { title: string }) => l.title),
      ['old post, scored now'],
    );
  });

  test('since accepts dates and zone-less date-times as UTC, and lifts the 30-day post window', async () => {
    const p = await createProject(t.services, alice.userId, { name: 'Since formats' });
    const now = clock.now().getTime(); // 2026-11-20T12:00:00Z
    await insertLeads(t.db, p.id, [
      { title: 'scored at midnight', scoredAt: new Date('2026-11-19T00:00:00Z') },
      { title: 'scored just before', scoredAt: new Date('2026-11-18T23:59:59Z') },
      { title: '35-day-old post', postedAt: new Date(now - 35 * DAY), scoredAt: new Date(now - 1000) },
    ]);
    const titles = async (since: string) =>
      (
        await get(`/api/v1/projects/${p.id}/leads?since=${encodeURIComponent(since)}`, alice.restKey)
      ).body.leads
        .map((l: { title: string }) => l.title)
        .sort();
    const expected = ['35-day-old post', 'scored at midnight'];
    for (const since of [
      '2026-11-19',
      '2026-11-19T00:00:00',
      '2026-11-19T00:00',
      '2026-11-19T01:00:00+01:00',
    ]) {
      assert.deepEqual(await titles(since), expected, since);
    }
    const queue = await get(`/api/v1/projects/${p.id}/leads`, alice.restKey);
    assert.ok(
      !queue.body.leads.some((l: { title: string }) => l.title === '35-day-old post'),
      'default window',
    );
  });

  test('since in the year 0000 or before 1970 is every lead, not a 500 (REST and list_leads)', async () => {
    const p = await createProject(t.services, alice.userId, { name: 'Since year zero' });
    await insertLeads(t.db, p.id, [
      { title: 'scored now', scoredAt: new Date(clock.now().getTime() - 1000) },
    ]);
    for (const since of ['0000-01-01', '0000-12-31T23:59:59Z', '0001-01-01T00:30:00+01:00', '1969-12-31']) {
      const res = await get(
        `/api/v1/projects/${p.id}/leads?since=${encodeURIComponent(since)}`,
        alice.restKey,
      );
      assert.equal(res.status, 200, `${since}: ${JSON.stringify(res.body)}`);
      assert.deepEqual(
        res.body.leads.map((l: { title: string }) => l.title),
        ['scored now'],
        since,
      );
      const tool = await callTool(t.baseUrl, alice.mcpKey, 'list_leads', { projectId: p.id, since });
      assert.equal(
        tool.body.result?.structuredContent?.leads?.length,
        1,
        `${since}: ${JSON.stringify(tool.body)}`,
      );
    }
  });

  test('paging through ties with limit/offset never repeats or skips a lead; hasMore is exact', async () => {
    const p = await createProject(t.services, alice.userId, { name: 'Ties' });
    const ids = await insertLeads(
      t.db,
      p.id,
      Array.from({ length: 23 }, (_, i) => ({ score: i < 20 ? 50 : 70 })),
    );
    const seen: string[] = [];
    for (let offset = 0; ; offset += 5) {
      const res = await get(`/api/v1/projects/${p.id}/leads?limit=5&offset=${offset}`, alice.restKey);
      seen.push(...res.body.leads.map((l: { id: string }) => l.id));
      assert.deepEqual(res.body.pagination, { limit: 5, offset, hasMore: offset + 5 < 23 });
      if (!res.body.pagination.hasMore) break;
    }
    assert.equal(seen.length, 23);
    assert.deepEqual([...seen].sort(), [...ids].sort());
    const exact = await get(`/api/v1/projects/${p.id}/leads?limit=23`, alice.restKey);
    assert.equal(exact.body.pagination.hasMore, false);
    const beyond = await get(`/api/v1/projects/${p.id}/leads?offset=100`, alice.restKey);
    assert.deepEqual(beyond.body.leads, []);
  });

  test('a filter that cannot be read is 400 naming the parameter and what it accepts', async () => {
    const cases: [string, RegExp][] = [
      ['status=foo', /status "foo".*one of new, hidden, not_fit, all/],
      ['minScore=101', /minScore.*from 0 to 100/],
      ['minScore=abc', /minScore.*from 0 to 100/],
      ['limit=0', /limit.*from 1 to 100/],
      ['limit=101', /limit.*from 1 to 100/],
      ['limit=2.5', /limit.*integer/],
      ['offset=-1', /offset.*from 0 to 1000000/],
      [
        'offset=9007199254740993',
        /^Invalid offset 9007199254740993: must be an integer from 0 to 1000000\.$/,
      ],
      [`offset=${'9'.repeat(400)}`, /^Invalid offset: must be an integer from 0 to 1000000\.$/],
      [`minScore=${'9'.repeat(400)}`, /^Invalid minScore: must be an integer from 0 to 100\.$/],
      ['since=2026-01-31T9:00', /since "2026-01-31T9:00".*ISO 8601 date or date-time/],
      ['since=2026-02-30', /since "2026-02-30".*ISO 8601 date or date-time/],
      ['since=yesterday', /since "yesterday".*ISO 8601/],
      ['include=x', /include "x".*one of body/],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/api/v1/projects/${aliceProject.id}/leads?${query}`, alice.restKey);
      assert.equal(res.status, 400, query);
      assert.equal(res.body.error.code, 'invalid_request');
      assert.match(res.body.error.message, message, query);
    }
  });

  test('an integer parameter is plain decimal digits: hex, exponents, decimals and spaces are 400', async () => {
    const leads = `/api/v1/projects/${aliceProject.id}/leads`;
    const cases: [string, string][] = [
      ['limit=0x10', 'Invalid limit "0x10": must be an integer from 1 to 100.'],
      ['limit=1e1', 'Invalid limit "1e1": must be an integer from 1 to 100.'],
      ['limit=5.0', 'Invalid limit 5.0: must be an integer from 1 to 100.'],
      ['limit=%205', 'Invalid limit " 5": must be an integer from 1 to 100.'],
      ['limit=%2B5', 'Invalid limit "+5": must be an integer from 1 to 100.'],
      ['limit=', 'Invalid limit "": must be an integer from 1 to 100.'],
      ['minScore=5e1', 'Invalid minScore "5e1": must be an integer from 0 to 100.'],
      ['minScore=0b11', 'Invalid minScore "0b11": must be an integer from 0 to 100.'],
      ['offset=0x0', 'Invalid offset "0x0": must be an integer from 0 to 1000000.'],
      ['offset=1e3', 'Invalid offset "1e3": must be an integer from 0 to 1000000.'],
      ['limit=-5', 'Invalid limit -5: must be an integer from 1 to 100.'],
    ];
    for (const [query, message] of cases) {
      const res = await get(`${leads}?${query}`, alice.restKey);
      assert.equal(res.status, 400, query);
      assert.deepEqual(res.body, { error: { code: 'invalid_request', message } }, query);
    }
    const plain = await get(`${leads}?limit=10&minScore=050&offset=0&status=all`, alice.restKey);
    assert.equal(plain.status, 200);
    assert.equal(plain.body.pagination.limit, 10);
  });

  test('a parameter given more than once is 400 saying so, not a complaint about its first value', async () => {
    const leads = `/api/v1/projects/${aliceProject.id}/leads`;
    for (const [query, name] of [
      ['limit=5&limit=6', 'limit'],
      ['limit=5&limit=5', 'limit'],
      ['minScore=10&status=all&minScore=20', 'minScore'],
      ['offset=0&offset=1', 'offset'],
      ['status=new&status=all', 'status'],
      ['since=2026-11-01&since=2026-11-02', 'since'],
      ['include=body&include=body', 'include'],
    ]) {
      const res = await get(`${leads}?${query}`, alice.restKey);
      assert.equal(res.status, 400, query);
      assert.deepEqual(res.body, {
        error: { code: 'invalid_request', message: `${name} is given more than once; give it once.` },
      });
    }
    // A bad key is still 401 first.
    assert.equal((await get(`${leads}?limit=5&limit=6`, 'rl_sk_nope')).status, 401);
  });

  test('SEO opportunities best position first, pain themes newest first, usage grouped per endpoint', async () => {
    const p = await createProject(t.services, alice.userId, { name: 'Insights' });
    const now = clock.now();
    await t.db.query(
      `INSERT INTO seo_opportunities (project_id, keyword, position, competitor_present, refreshed_at, post_id, post_title, post_subreddit, post_url)
       VALUES ($1, 'crm', 7, false, $2, 'a1', 'Best CRM?', 'smallbusiness', 'https://www.reddit.com/r/smallbusiness/comments/a1/'),
              ($1, 'crm tool', NULL, true, $2, NULL, NULL, NULL, NULL),
              ($1, 'pipeline', 2, true, $2, 'b2', 'Pipelines', 'sales', 'https://www.reddit.com/r/sales/comments/b2/')`,
      [p.id, now],
    );
    const seo = await get(`/api/v1/projects/${p.id}/seo-opportunities`, alice.restKey);
    assert.deepEqual(
      seo.body.opportunities.map((o: { position: number | null }) => o.position),
      [2, 7, null],
    );
    assert.equal(seo.body.opportunities[2].post, null);

    await t.db.query(
      `INSERT INTO pain_themes (project_id, label, summary, lead_ids, generated_at)
       VALUES ($1, 'older', NULL, '{}', $2), ($1, 'newer', 'why', '{x,y}', $3)`,
      [p.id, new Date(now.getTime() - DAY), now],
    );
    await t.db.query(
      `INSERT INTO pain_theme_runs (project_id, generated_at, trigger, method, leads_considered, leads_themed, themes,
                                    errors)
       VALUES ($1, $2, 'schedule', 'tfidf', 2, 0, 1, '{}'), ($1, $3, 'schedule', 'tfidf', 2, 2, 1, '{}')`,
      [p.id, new Date(now.getTime() - DAY), now],
    );
    const themes = await get(`/api/v1/projects/${p.id}/pain-themes`, alice.restKey);
    assert.deepEqual(
      themes.body.themes.map((x: { label: string }) => x.label),
      ['newer'],
      'only the newest clustering',
    );
    assert.deepEqual(themes.body.themes[0].leadIds, ['x', 'y']);

    const empty = await get(`/api/v1/projects/${p.id}/usage`, alice.restKey);
    assert.deepEqual(empty.body.usage, {
      calls: 0,
      costUsd: 0,
      fetched: 0,
      reused: 0,
      failed: 0,
      perApi: [],
    });
    // A call that failed after retries (ok false, $0) is counted as failed, not as a call fetched.
    await t.db.query(
      `INSERT INTO upstream_calls (project_id, api, cost_usd, reused, ok, called_at) VALUES
        ($1, 'reddit.subreddit_new', 0.00024, false, true, $2), ($1, 'reddit.subreddit_new', 0, true, true, $2),
        ($1, 'reddit.search', 0.00024, false, true, $2), ($1, 'reddit.search', 0.00024, false, true, $3),
        ($1, 'reddit.search', 0, false, false, $2)`,
      [p.id, now, new Date(now.getTime() - DAY)],
    );
    const usage = await get(`/api/v1/projects/${p.id}/usage`, alice.restKey);
    assert.deepEqual(usage.body.usage, {
      calls: 3,
      costUsd: 0.00048,
      fetched: 2,
      reused: 1,
      failed: 1,
      perApi: [
        { api: 'reddit.search', calls: 1, costUsd: 0.00024, reused: 0, failed: 1 },
        { api: 'reddit.subreddit_new', calls: 2, costUsd: 0.00024, reused: 1, failed: 0 },
      ],
    });
  });

  test('a query parameter the operation does not take is 400 naming it and the allowed ones, not ignored', async () => {
    const leads = `/api/v1/projects/${aliceProject.id}/leads`;
    const allowed = 'allowed are status, minScore, since, limit, offset, include.';
    for (const [query, name] of [
      ['minscore=98', 'minscore'],
      ['minScore[]=99', 'minScore[]'],
      ['status[]=bogus', 'status[]'],
      ['limit=5&Limit=6', 'Limit'],
      ['include=body&x', 'x'],
      [`${'n'.repeat(300)}=1`, `"${'n'.repeat(64)}"`],
    ]) {
      const res = await get(`${leads}?${query}`, alice.restKey);
      assert.equal(res.status, 400, query);
      assert.deepEqual(res.body, {
        error: { code: 'invalid_request', message: `Unknown parameter ${name}: ${allowed}` },
      });
    }
    const id = aliceProject.id;
    for (const path of [
      '/api/v1/me',
      '/api/v1/projects',
      `/api/v1/projects/${id}`,
      `/api/v1/projects/${id}/seo-opportunities`,
      `/api/v1/projects/${id}/pain-themes`,
      `/api/v1/projects/${id}/usage`,
    ]) {
      const res = await get(`${path}?minScore=5`, alice.restKey);
      assert.equal(res.status, 400, path);
      assert.deepEqual(res.body, {
        error: { code: 'invalid_request', message: 'Unknown parameter minScore: none are accepted.' },
      });
    }
    // A bad key is still 401 first; declared parameters still work.
    assert.equal((await get(`${leads}?minscore=98`, 'rl_sk_nope')).status, 401);
    assert.equal((await get(`${leads}?minScore=98&status=all`, alice.restKey)).status, 200);
  });

  test('a method the path does not take is 405 with Allow, in the Error shape, with the cost header', async () => {
    const id = aliceProject.id;
    for (const [method, path] of [
      ['POST', '/api/v1/projects'],
      ['DELETE', `/api/v1/projects/${id}`],
      ['PUT', '/api/v1/me'],
      ['PATCH', `/api/v1/projects/${id}/leads?status=all`],
      ['OPTIONS', `/api/v1/projects/${id}/usage`],
      ['POST', '/api/v1/openapi.json'],
    ] as const) {
      const res = await fetch(t.baseUrl + path, {
        method,
        headers: { authorization: `Bearer ${alice.restKey}` },
      });
      const bare = path.split('?')[0];
      assert.equal(res.status, 405, `${method} ${path}`);
      assert.equal(res.headers.get('allow'), 'GET, HEAD');
      assert.equal(res.headers.get('x-request-cost-usd'), '0');
      assert.ok(res.headers.get('x-request-id'));
      assert.deepEqual(await res.json(), {
        error: {
          code: 'invalid_request',
          message: `Method ${method} is not allowed on ${bare}: allowed are GET, HEAD.`,
        },
      });
    }
    // A path that does not exist under any method stays 404, so does one past the static files' catch-all.
    for (const path of ['/api/v1/nope', `/api/v1/projects/${id}/nope`]) {
      const res = await fetch(t.baseUrl + path, { method: 'POST' });
      assert.equal(res.status, 404, path);
      assert.equal(res.headers.get('allow'), null);
    }
    // The dashboard API answers the same way.
    const signIn = await fetch(`${t.baseUrl}/dashboard/api/sign-in`);
    assert.equal(signIn.status, 405);
    assert.equal(signIn.headers.get('allow'), 'POST');
  });

  test('a body sent where no route takes one is still 405 or 404, not a complaint about the body', async () => {
    for (const [path, status] of [
      ['/api/v1/me', 405],
      [`/api/v1/projects/${aliceProject.id}/leads`, 405],
      ['/api/v1/nope', 404],
    ] as const) {
      for (const body of ['{bad', JSON.stringify({ a: 'x'.repeat(2 * 1024 * 1024) })]) {
        const res = await fetch(t.baseUrl + path, {
          method: 'POST',
          headers: { authorization: `Bearer ${alice.restKey}`, 'content-type': 'application/json' },
          body,
        });
        assert.equal(res.status, status, `${path} with ${body.length} bytes`);
        assert.equal(res.headers.get('x-request-cost-usd'), '0');
        const error = ((await res.json()) as { error: { code: string; message: string } }).error;
        assert.equal(error.code, status === 405 ? 'invalid_request' : 'not_found');
        assert.match(error.message, status === 405 ? /^Method POST is not allowed/ : /^No route POST/);
      }
    }
    // A route that takes a body still says what is wrong with it.
    const signIn = await fetch(`${t.baseUrl}/dashboard/api/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: t.baseUrl },
      body: '{bad',
    });
    assert.equal(signIn.status, 400);
  });

  test('401 names the Bearer scheme: another scheme is told so, and every 401 carries WWW-Authenticate', async () => {
    const me = `${t.baseUrl}/api/v1/me`;
    const cases: [string | undefined, string, string][] = [
      [
        `Basic ${alice.restKey}`,
        'Wrong authorization scheme Basic: use Authorization: Bearer <API_KEY>.',
        'Bearer',
      ],
      [alice.restKey, 'Wrong authorization scheme: use Authorization: Bearer <API_KEY>.', 'Bearer'],
      [undefined, 'Missing API key: send Authorization: Bearer <API_KEY>.', 'Bearer'],
      ['Bearer', 'Missing API key: send Authorization: Bearer <API_KEY>.', 'Bearer'],
      ['Bearer rl_sk_unknown', '', 'Bearer error="invalid_token"'],
    ];
    for (const [authorization, message, challenge] of cases) {
      const res = await fetch(me, { headers: authorization === undefined ? {} : { authorization } });
      const body = (await res.json()) as any;
      assert.equal(res.status, 401, authorization);
      assert.equal(body.error.code, 'unauthorized');
      if (message) assert.equal(body.error.message, message, authorization);
      assert.equal(res.headers.get('www-authenticate'), challenge, authorization);
      assert.equal(res.headers.get('x-request-cost-usd'), '0');
    }
    const lower = await fetch(me, { headers: { authorization: `bearer ${alice.restKey}` } });
    assert.equal(lower.status, 200);
    assert.equal(lower.headers.get('www-authenticate'), null);
  });

  test('answers past 1 KB are compressed as the client accepts, with their headers; small ones are not', async () => {
    const p = await createProject(t.services, alice.userId, { name: 'Compressed' });
    await insertLeads(
      t.db,
      p.id,
      Array.from({ length: 40 }, (_, i) => ({
        score: 50 + i,
        body: `I need a CRM for my shop, take ${i}. `.repeat(20),
      })),
    );
    const path = `/api/v1/projects/${p.id}/leads?limit=100&include=body`;
    const plain = await rawGet(t.baseUrl + path, { authorization: `Bearer ${alice.restKey}` });
    assert.equal(plain.headers['content-encoding'], undefined);
    // The encodings the OpenAPI document names are exactly those served (issue 35: zstd was served, not named).
    const doc = await rawGet(`${t.baseUrl}/api/v1/openapi.json`, {});
    const named = /`Accept-Encoding` \(([^)]*)\)/.exec(JSON.parse(String(doc.body)).info.description)?.[1];
    const encodings = (named ?? '').split(', ');
    assert.deepEqual(encodings.sort(), ['br', 'deflate', 'gzip', 'zstd']);
    const decode: Record<string, (b: Buffer) => Buffer> = {
      gzip: gunzipSync,
      br: brotliDecompressSync,
      deflate: inflateSync,
      zstd: zstdDecompressSync,
    };
    for (const encoding of encodings) {
      const res = await rawGet(t.baseUrl + path, {
        authorization: `Bearer ${alice.restKey}`,
        'accept-encoding': encoding,
      });
      assert.equal(res.status, 200);
      assert.equal(res.headers['content-encoding'], encoding);
      assert.match(String(res.headers.vary), /accept-encoding/i);
      assert.equal(res.headers['x-request-cost-usd'], '0');
      assert.ok(res.headers['x-request-id']);
      assert.ok(
        res.body.length * 4 < plain.body.length,
        `${encoding}: ${res.body.length} of ${plain.body.length}`,
      );
      const text = decode[encoding]!(res.body);
      assert.deepEqual(JSON.parse(String(text)), JSON.parse(String(plain.body)));
    }
    const small = await rawGet(`${t.baseUrl}/api/v1/me`, {
      authorization: `Bearer ${alice.restKey}`,
      'accept-encoding': 'gzip',
    });
    assert.ok(small.body.length < 1024);
    assert.equal(small.headers['content-encoding'], undefined);
    const error = await rawGet(`${t.baseUrl}${path}&minscore=1`, {
      authorization: `Bearer ${alice.restKey}`,
      'accept-encoding': 'gzip',
    });
    assert.equal(error.status, 400);
    assert.equal(error.headers['x-request-cost-usd'], '0');
  });

  test('unknown routes are 404 not_found with the cost header', async () => {
    const res = await get('/api/v1/nope', alice.restKey);
    assert.equal(res.status, 404);
    assert.equal(res.body.error.code, 'not_found');
  });

  test('a path with an empty project id is a route that is not there, not an invalid id', async () => {
    // Not 400 'Invalid id "": must be a non-empty string.' for an id nobody wrote.
    for (const [path, message] of [
      ['/api/v1/projects/', 'No route GET /api/v1/projects/. Leave out the trailing /.'],
      ['/api/v1/projects//leads', 'No route GET /api/v1/projects//leads.'],
    ] as const) {
      // Not through get(): these paths are not in the OpenAPI document, which get() checks against.
      const res = await fetch(t.baseUrl + path, { headers: { authorization: `Bearer ${alice.restKey}` } });
      assert.equal(res.status, 404, path);
      assert.deepEqual(await res.json(), { error: { code: 'not_found', message } }, path);
      assert.equal(res.headers.get('x-request-cost-usd'), '0', path);
    }
  });

  test('the OpenAPI document is served without a key, with both servers and bearer security', async () => {
    const res = await get('/api/v1/openapi.json');
    assert.equal(res.status, 200);
    assert.equal(res.body.openapi, '3.1.0');
    assert.deepEqual(
      res.body.servers.map((s: { url: string }) => s.url),
      [`${t.baseUrl}/api/v1`, '/api/v1'],
    );
    assert.deepEqual(res.body.security, [{ bearer: [] }]);
    const ops = Object.values(res.body.paths).flatMap((p: any) =>
      Object.values(p).map((o: any) => o.operationId),
    );
    assert.deepEqual(ops.sort(), [
      'getMe',
      'getProject',
      'getProjectUsage',
      'listLeads',
      'listPainThemes',
      'listProjects',
      'listSeoOpportunities',
    ]);
    // The document's since pattern refuses what the service refuses (a day that does not exist), as Ajv reads it.
    const since = res.body.paths['/projects/{id}/leads'].get.parameters.find(
      (p: { name: string }) => p.name === 'since',
    );
    const pattern = new RegExp(since.schema.pattern, 'u');
    for (const text of ['2026-02-30', '2025-02-29', '2026-04-31T10:00:00Z'])
      assert.doesNotMatch(text, pattern);
    for (const text of ['2028-02-29', '2026-04-30T10:00:00Z', '2026-01-31']) assert.match(text, pattern);
  });

  test("the document says a lead's costUsd is its fetch's, shared with the other leads of that call", async () => {
    const doc = (await get('/api/v1/openapi.json')).body;
    const leads = doc.paths['/projects/{id}/leads'].get.responses['200'].content['application/json'].schema;
    const description: string = leads.properties.leads.items.properties.costUsd.description ?? '';
    assert.match(description, /upstream call that fetched the post/);
    assert.match(description, /shared: summing it over leads overstates/);
    assert.match(description, /getProjectUsage/);
  });

  test('a failure inside the service is 500 internal_error and reveals nothing', async () => {
    const p = await createProject(t.services, alice.userId, { name: 'Broken' });
    await t.db.query('ALTER TABLE pain_themes RENAME TO pain_themes_gone');
    try {
      const res = await get(`/api/v1/projects/${p.id}/pain-themes`, alice.restKey);
      assert.equal(res.status, 500);
      assert.equal(res.body.error.code, 'internal_error');
      assert.doesNotMatch(res.body.error.message, /pain_themes|relation|SELECT/i);
    } finally {
      await t.db.query('ALTER TABLE pain_themes_gone RENAME TO pain_themes');
    }
  });
});

describe('daily allowance with tier limits (SELF_HOSTED=false)', () => {
  const clock = fixedClock('2026-11-20T23:59:00Z');
  let t: TestApp;
  let second: TestApp['close'] | undefined;
  let get: Awaited<ReturnType<typeof client>>;

  before(async () => {
    t = await startTestApp({
      clock,
      config: {
        selfHosted: false,
        tierLimits: {
          ...DEFAULT_TIER_LIMITS,
          connected: { ...DEFAULT_TIER_LIMITS.connected, apiRequestsPerDay: 3 },
        },
      },
    });
    get = await client(t);
  });
  after(async () => {
    await second?.();
    await t.close();
  });

  test('past the allowance: 429 rate_limited with Retry-After to UTC midnight and RateLimit headers', async () => {
    const acct = await createAccount(t.services, 'connected');
    const first = await get('/api/v1/me', acct.restKey);
    assert.equal(first.body.requestsPerDay, 3);
    assert.equal(first.body.limits.apiRequestsPerDay, 3);
    assert.equal(first.headers.get('ratelimit-policy'), '"daily";q=3;w=86400');
    assert.equal(first.headers.get('ratelimit'), '"daily";r=2;t=60');
    await get('/api/v1/projects', acct.restKey);
    await get('/api/v1/projects', acct.restKey);
    const limited = await get('/api/v1/projects', acct.restKey);
    assert.equal(limited.status, 429);
    assert.equal(limited.body.error.code, 'rate_limited');
    assert.equal(limited.headers.get('retry-after'), '60');
    assert.equal(limited.headers.get('ratelimit'), '"daily";r=0;t=60');

    clock.advance(61_000); // 00:00:01 UTC the next day
    const next = await get('/api/v1/me', acct.restKey);
    assert.equal(next.status, 200);
    assert.equal(next.body.requestsToday, 1);
    clock.set('2026-11-20T23:59:00Z');
  });

  test('the free tier reports its own limits and allowance', async () => {
    const acct = await createAccount(t.services, 'free');
    const me = await get('/api/v1/me', acct.restKey);
    assert.equal(me.body.tier, 'free');
    assert.equal(me.body.requestsPerDay, DEFAULT_TIER_LIMITS.free.apiRequestsPerDay);
    const { apiKeys: _keys, dailySpendCapUsd: _cap, ...contractLimits } = DEFAULT_TIER_LIMITS.free;
    assert.deepEqual(me.body.limits, contractLimits);
  });

  test('the count lives in the database: two service instances share one allowance', async () => {
    const acct = await createAccount(t.services, 'connected');
    const { buildApp } = await import('../src/http/app.ts');
    const { createServices } = await import('../src/services.ts');
    const other = await buildApp({
      services: createServices({ db: t.db, clock, config: t.services.config }),
    });
    await other.listen({ port: 0, host: '127.0.0.1' });
    second = () => other.close();
    const address = other.server.address() as { port: number };
    const otherUrl = `http://127.0.0.1:${address.port}`;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const base = i % 2 === 0 ? t.baseUrl : otherUrl;
      const res = await fetch(`${base}/api/v1/projects`, {
        headers: { authorization: `Bearer ${acct.restKey}` },
      });
      statuses.push(res.status);
    }
    assert.deepEqual(statuses, [200, 200, 200, 429]);
  });

  test('at the boundary, parallel requests through two instances with their own connections admit exactly the rest', async () => {
    const acct = await createAccount(t.services, 'free'); // 100 a day
    await t.db.query("INSERT INTO api_key_usage (key_id, day, requests) VALUES ($1, '2026-11-20', 80)", [
      acct.restKeyId,
    ]);
    const { buildApp } = await import('../src/http/app.ts');
    const { createServices } = await import('../src/services.ts');
    // On PostgreSQL the second instance has pools of its own, as another process would; PGlite has one connection.
    const otherDb = t.db.url ? await openPostgres(t.db.url) : t.db;
    const other = await buildApp({
      services: createServices({ db: otherDb, clock, config: t.services.config }),
    });
    await other.listen({ port: 0, host: '127.0.0.1' });
    try {
      const otherUrl = `http://127.0.0.1:${(other.server.address() as { port: number }).port}`;
      const responses = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          fetch(`${i % 2 === 0 ? t.baseUrl : otherUrl}/api/v1/projects`, {
            headers: { authorization: `Bearer ${acct.restKey}` },
          }),
        ),
      );
      const admitted = responses.filter((r) => r.status === 200);
      assert.equal(admitted.length, 20, 'exactly the 20 left of 100');
      assert.equal(responses.filter((r) => r.status === 429).length, 40);
      assert.deepEqual(
        admitted.map((r) => r.headers.get('ratelimit')).sort(),
        Array.from({ length: 20 }, (_, r) => `"daily";r=${r};t=60`).sort(),
        'each admitted request has a count of its own',
      );
      const [usage] = await t.db.query<{ requests: number }>(
        'SELECT requests FROM api_key_usage WHERE key_id = $1',
        [acct.restKeyId],
      );
      assert.equal(usage?.requests, 140, 'every request counts, the refused ones too');
    } finally {
      await other.close();
      if (otherDb !== t.db) await otherDb.close();
    }
  });
});

describe('hostile input never gets a 500', () => {
  let t: TestApp;
  let key: string;
  let projectId: string;
  before(async () => {
    t = await startTestApp();
    const acct = await createAccount(t.services);
    key = acct.restKey;
    projectId = (await createProject(t.services, acct.userId)).id;
  });
  after(() => t.close());

  test('odd ids, encodings and huge numbers get 400 or 404 in the Error shape, with the cost header', async () => {
    const cases: [string, number][] = [
      ['/api/v1/projects/%00', 404],
      ['/api/v1/projects/%00/leads', 404],
      [`/api/v1/projects/${'x'.repeat(500)}`, 404],
      ['/api/v1/projects/%E0%A4%A', 400],
      ['/api/v1/projects/a%20b/usage', 404],
      [`/api/v1/projects/${projectId}/leads?offset=100000000000000000000`, 400],
      [`/api/v1/projects/${projectId}/leads?offset=1000000`, 200],
      [`/api/v1/projects/${projectId}/leads?since=2026-02-30T00:00:00Z`, 400],
      [`/api/v1/projects/${projectId}/leads?status=%00`, 400],
    ];
    for (const [path, status] of cases) {
      const res = await fetch(t.baseUrl + path, { headers: { authorization: `Bearer ${key}` } });
      const body = (await res.json()) as any;
      assert.equal(res.status, status, path);
      assert.equal(res.headers.get('x-request-cost-usd'), '0', path);
      if (status !== 200)
        assert.ok(body.error?.code && body.error?.message, `${path}: ${JSON.stringify(body)}`);
    }
  });
});
