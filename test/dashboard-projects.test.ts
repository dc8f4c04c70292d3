// Project editing, import/export, scan history and usage through the dashboard API, on a hosted instance
// (SELF_HOSTED=false) so the tier limits apply.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { normalizeSubreddit, normalizeUrl } from '../src/projects/projects.input.ts';
import { dashboardClient } from './dashboard-helpers.ts';
import { createAccount, createProject, insertLeads, startTestApp, type TestApp } from './harness.ts';

const full = {
  name: 'Invoice Buddy',
  url: 'https://invoicebuddy.example',
  pain: 'Freelancers chase late invoices by hand',
  solution: 'Automatic reminders and payment links',
  targetUsers: 'freelancers and small agencies',
  geography: 'EU',
  budgetFit: 'under $20/month',
  scoreThreshold: 55,
  keywords: ['invoice reminder', 'late payment', ' Late Payment '],
  subreddits: ['r/freelance', '/r/smallbusiness/', 'https://www.reddit.com/r/Entrepreneur'],
  competitors: ['FreshBooks'],
};

async function projectRow(t: TestApp, id: string) {
  const rows = await t.db.query(
    'SELECT name, keywords, subreddits, competitors, pain FROM projects WHERE id = $1',
    [id],
  );
  return rows[0];
}

describe('subreddit names', () => {
  test('pasted forms become the bare name; names outside Reddit rules are refused with the reason', () => {
    for (const raw of [
      'freelance',
      'r/freelance',
      '/r/freelance/',
      'https://www.reddit.com/r/freelance',
      'https://old.reddit.com/r/freelance/new/?sort=top',
      'reddit.com/r/freelance',
      ' r/freelance ',
    ]) {
      assert.deepEqual(normalizeSubreddit(raw), { name: 'freelance' }, raw);
    }
    assert.deepEqual(normalizeSubreddit('de'), { name: 'de' });
    assert.deepEqual(normalizeSubreddit('Small_Business'), { name: 'Small_Business' });
    for (const bad of ['a', '_underscore', 'has space', 'way_too_long_for_reddit_names', 'dé', 'r/', 'x-y']) {
      const r = normalizeSubreddit(bad);
      assert.ok('error' in r, bad);
      assert.match(r.error, /3 to 21 letters, digits or underscores/);
    }
    const url = normalizeSubreddit('https://www.reddit.com/user/someone');
    assert.ok('error' in url && /not a subreddit address/.test(url.error));
  });
});

describe('project websites', () => {
  test('a bare domain is taken as https://, an http(s) address is kept, anything else is refused', () => {
    const cases: [string, string | null][] = [
      ['pawledger.example', 'https://pawledger.example'],
      ['www.pawledger.example/pricing?plan=pro', 'https://www.pawledger.example/pricing?plan=pro'],
      ['pawledger.example:8080', 'https://pawledger.example:8080'],
      ['http://pawledger.example', 'http://pawledger.example'],
      ['HTTPS://PawLedger.example/', 'HTTPS://PawLedger.example/'],
      ['localhost:3000', 'https://localhost:3000'],
      ['pawledger', null],
      ['paw ledger.example', null],
      ['ftp://pawledger.example', null],
      ['javascript:alert(1)', null],
      ['mailto:hi@pawledger.example', null],
      ['https://', null],
      ['.example', null],
    ];
    for (const [text, url] of cases) assert.equal(normalizeUrl(text), url, text);
  });
});

describe('dashboard projects API', () => {
  let t: TestApp;
  let free: Awaited<ReturnType<typeof createAccount>>;
  let paid: Awaited<ReturnType<typeof createAccount>>;
  const d = { free: null as unknown as ReturnType<typeof dashboardClient>, paid: null as any };

  before(async () => {
    t = await startTestApp({ config: { selfHosted: false } });
    free = await createAccount(t.services, 'free');
    paid = await createAccount(t.services, 'connected');
    d.free = dashboardClient(t);
    await d.free.signIn(free.userId);
    d.paid = dashboardClient(t);
    await d.paid.signIn(paid.userId);
  });
  after(() => t.close());

  test('create normalises the lists and answers the ProjectDetail; edit replaces every field', async () => {
    const created = await d.paid.post('/projects', full);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const p = created.body;
    assert.equal(p.name, 'Invoice Buddy');
    assert.deepEqual(p.keywords, ['invoice reminder', 'late payment']);
    assert.deepEqual(p.subreddits, ['freelance', 'smallbusiness', 'Entrepreneur']);
    assert.equal(p.scoreThreshold, 55);
    assert.equal(p.newLeads, 0);
    assert.deepEqual((await d.paid.get(`/projects/${p.id}`)).body, p);

    const edited = await d.paid.call('PUT', `/projects/${p.id}`, {
      name: 'Invoice Buddy Pro',
      url: ' invoicebuddy.example/pro ',
      pain: '  ',
      keywords: ['overdue invoice'],
      subreddits: ['r/consulting'],
      competitors: [],
    });
    assert.equal(edited.status, 200, JSON.stringify(edited.body));
    assert.equal(edited.body.name, 'Invoice Buddy Pro');
    assert.equal(edited.body.pain, null, 'a blank field is cleared');
    assert.equal(edited.body.url, 'https://invoicebuddy.example/pro', 'a bare domain is stored as https://');
    assert.equal(edited.body.solution, null, 'a field left out is cleared: the form sends every field');
    assert.deepEqual(edited.body.subreddits, ['consulting']);
    // The public REST API sees the change at once.
    const rest = await fetch(`${t.baseUrl}/api/v1/projects/${p.id}`, {
      headers: { authorization: `Bearer ${paid.restKey}` },
    });
    assert.deepEqual((await rest.json()).project.keywords, ['overdue invoice']);
  });

  test('bad input is a 400 naming the field, and changes nothing', async () => {
    const p = await createProject(t.services, paid.userId, { name: 'Stable', keywords: ['crm'] });
    const before = await projectRow(t, p.id);
    const cases: [unknown, RegExp][] = [
      [
        { ...full, name: 'Stable', subreddits: ['r/has space'] },
        /subreddits: "r\/has space" is not a subreddit name/,
      ],
      [{ ...full, name: 'Stable', url: 'invoice buddy' }, /url: "invoice buddy" is not a web address/],
      [{ ...full, name: '   ' }, /name/],
      [{ ...full, scoreThreshold: 101 }, /scoreThreshold/],
      [{ ...full, keywords: { crm: true } }, /keywords/],
      [{ ...full, colour: 'red' }, /colour/],
      [{ ...full, name: 'Stable\u0000', keywords: ['crm\u0000'] }, /NUL character/],
    ];
    for (const [body, message] of cases) {
      const res = await d.paid.call('PUT', `/projects/${p.id}`, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.error.code, 'invalid_request');
      assert.match(res.body.error.message, message);
    }
    const taken = await d.paid.post('/projects', { name: 'Stable' });
    assert.equal(taken.status, 400);
    assert.match(taken.body.error.message, /A project named "Stable" is already on this account/);
    assert.deepEqual(taken.body.error.fields, [
      { field: 'name', message: 'A project named "Stable" is already on this account.' },
    ]);
    const rename = await d.paid.call('PUT', `/projects/${p.id}`, { name: 'Invoice Buddy Pro' });
    assert.match(rename.body.error.message, /already on this account/);
    assert.deepEqual(await projectRow(t, p.id), before);
  });

  test('a refused body names every bad field at once, each with a plain sentence', async () => {
    const cases: [unknown, { field: string; message: string | RegExp }[]][] = [
      [{}, [{ field: 'name', message: 'Name is required.' }]],
      [{ name: '' }, [{ field: 'name', message: 'Name is required.' }]],
      [
        { name: 'Fine', url: 'invoicebuddy', scoreThreshold: 150 },
        [
          {
            field: 'url',
            message: '"invoicebuddy" is not a web address: write it as example.com or https://example.com.',
          },
          { field: 'scoreThreshold', message: 'Score threshold must be a whole number from 0 to 100.' },
        ],
      ],
      [
        { name: ' ', scoreThreshold: -5, subreddits: ['r/has space'] },
        [
          { field: 'name', message: 'Name is required.' },
          { field: 'scoreThreshold', message: 'Score threshold must be a whole number from 0 to 100.' },
          { field: 'subreddits', message: /^"r\/has space" is not a subreddit name/ },
        ],
      ],
      [
        { name: 'Fine', scoreThreshold: '-5' },
        [{ field: 'scoreThreshold', message: /whole number from 0 to 100/ }],
      ],
      [
        { name: 'Fine', keywords: 'crm' },
        [{ field: 'keywords', message: 'Keywords must be a list of text entries.' }],
      ],
      [{ name: 'Fine', colour: 'red' }, [{ field: 'colour', message: /^"colour" is not a project field/ }]],
    ];
    for (const [body, expected] of cases) {
      const res = await d.paid.post('/projects', body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.error.code, 'invalid_request');
      const fields = res.body.error.fields as { field: string; message: string }[];
      assert.deepEqual(
        fields.map((f) => f.field),
        expected.map((e) => e.field),
        JSON.stringify(body),
      );
      for (const [i, { message }] of expected.entries()) {
        if (typeof message === 'string') assert.equal(fields[i]!.message, message);
        else assert.match(fields[i]!.message, message);
      }
      // The message alone still names each field, as the REST API's invalid_request does.
      for (const f of fields) assert.ok(res.body.error.message.includes(`${f.field}: ${f.message}`));
      assert.doesNotMatch(res.body.error.message, /must not have|must be <=|either integer or null/);
    }
    assert.equal(
      (await d.paid.get('/projects')).body.projects.some((p: any) => p.name === 'Fine'),
      false,
    );
  });

  test('tier limits are reported and enforced whole: an over-limit save changes nothing', async () => {
    const limits = await d.free.get('/limits');
    assert.deepEqual(limits.body, {
      tier: 'free',
      projects: 1,
      keywordsPerProject: 10,
      subredditsPerProject: 5,
      competitorsPerProject: 2,
      projectCount: 0,
      apiKeys: 2,
    });
    const p = (await d.free.post('/projects', { name: 'Only one', keywords: ['crm'] })).body;
    const before = await projectRow(t, p.id);
    const over = await d.free.call('PUT', `/projects/${p.id}`, {
      name: 'Renamed',
      pain: 'changed',
      keywords: Array.from({ length: 11 }, (_, i) => `kw ${i}`),
    });
    assert.equal(over.status, 403);
    assert.equal(over.body.error.code, 'forbidden');
    assert.match(
      over.body.error.message,
      /keywords: 11 entered; the free plan allows 10 per project\. Remove 1/,
    );
    assert.deepEqual(await projectRow(t, p.id), before, 'not even the name changed');

    const second = await d.free.post('/projects', { name: 'Second' });
    assert.equal(second.status, 403);
    assert.match(second.body.error.message, /The free plan allows 1 project; this would make 2/);
    assert.equal((await d.free.get('/limits')).body.projectCount, 1);

    const selfHosted = await d.paid.get('/limits');
    assert.equal(selfHosted.body.keywordsPerProject, 50);
  });

  test('API keys: the plan caps the active keys of each kind; revoking makes room; requests never race past it', async () => {
    // createAccount issued one REST and one tool key; the free plan allows 2 active keys of each kind.
    const acct = await createAccount(t.services, 'free');
    const c = dashboardClient(t);
    await c.signIn(acct.userId);
    assert.equal((await c.get('/limits')).body.apiKeys, 2);
    const second = await c.post('/keys', { kind: 'rest' });
    assert.equal(second.status, 201);
    const third = await c.post('/keys', { kind: 'rest' });
    assert.equal(third.status, 403);
    assert.equal(third.body.error.code, 'forbidden');
    assert.equal(
      third.body.error.message,
      'The free plan allows 2 active REST keys; revoke one to add another.',
    );
    // Counted per kind: the tool key still has room for one more.
    assert.equal((await c.post('/keys', { kind: 'mcp' })).status, 201);
    const tool = await c.post('/keys', { kind: 'mcp' });
    assert.equal(tool.status, 403);
    assert.match(tool.body.error.message, /allows 2 active tool keys; revoke one/);
    assert.equal((await c.del(`/keys/${second.body.id}`)).status, 204);
    assert.equal((await c.post('/keys', { kind: 'rest' })).status, 201, 'a revoked key does not count');

    // Six at once for an account with room for one: exactly one is made.
    const other = await createAccount(t.services, 'free');
    const o = dashboardClient(t);
    await o.signIn(other.userId);
    const burst = await Promise.all(Array.from({ length: 6 }, () => o.post('/keys', { kind: 'rest' })));
    assert.deepEqual(burst.map((r) => r.status).sort(), [201, 403, 403, 403, 403, 403]);
    const active = (await o.get('/keys')).body.keys.filter((k: any) => k.kind === 'rest' && !k.revokedAt);
    assert.equal(active.length, 2);

    // The public /me keeps the contract's TierLimits: the key cap is the dashboard's.
    const me = await fetch(`${t.baseUrl}/api/v1/me`, {
      headers: { authorization: `Bearer ${other.restKey}` },
    });
    assert.equal('apiKeys' in (await me.json()).limits, false);
  });

  test('deleting says what goes with it, then takes leads, webhooks and scans along', async () => {
    const p = await createProject(t.services, paid.userId, { name: 'Doomed', keywords: ['crm'] });
    await insertLeads(t.db, p.id, [{ title: 'a lead' }, { title: 'another lead' }]);
    await t.db.query(
      `INSERT INTO webhooks (project_id, url, secret) VALUES ($1, 'https://h.example/x', 's')`,
      [p.id],
    );
    await t.db.query(
      `INSERT INTO scans (project_id, trigger, created_at, status) VALUES ($1, 'tool', now(), 'done')`,
      [p.id],
    );
    const impact = await d.paid.get(`/projects/${p.id}/deletion`);
    assert.deepEqual(impact.body, { leads: 2, webhooks: 1, scans: 1, activeScans: 0 });

    // Not while a scan of it runs.
    await t.db.query(`INSERT INTO scans (project_id, trigger, created_at) VALUES ($1, 'tool', now())`, [
      p.id,
    ]);
    const busy = await d.paid.del(`/projects/${p.id}`);
    assert.equal(busy.status, 400);
    assert.match(busy.body.error.message, /scan of this project is queued or running/);
    await t.db.query(`UPDATE scans SET status = 'failed' WHERE project_id = $1`, [p.id]);

    assert.equal((await d.paid.del(`/projects/${p.id}`)).status, 204);
    assert.equal((await d.paid.get(`/projects/${p.id}`)).status, 404);
    const left = await t.db.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM leads WHERE project_id = $1) + (SELECT count(*) FROM webhooks WHERE project_id = $1)
            + (SELECT count(*) FROM scans WHERE project_id = $1) AS n`,
      [p.id],
    );
    assert.equal(Number(left[0]!.n), 0);
    assert.equal((await d.paid.del(`/projects/${p.id}`)).status, 404);
  });

  test("another account's project is 404 on every route, and stays as it was", async () => {
    const p = await createProject(t.services, paid.userId, { name: 'Not yours', keywords: ['crm'] });
    const before = await projectRow(t, p.id);
    const routes: [string, string, unknown?][] = [
      ['PUT', `/projects/${p.id}`, { name: 'Mine now' }],
      ['GET', `/projects/${p.id}/deletion`],
      ['DELETE', `/projects/${p.id}`],
      ['GET', `/projects/${p.id}/scans`],
      ['GET', `/projects/${p.id}/usage`],
      ['PUT', '/projects/no-such-id', { name: 'x' }],
      ['PUT', `/projects/${encodeURIComponent('bad id;')}`, { name: 'x' }],
    ];
    for (const [method, path, body] of routes) {
      const res = await d.free.call(method, path, body);
      assert.equal(res.status, 404, `${method} ${path}`);
      assert.equal(res.body.error.code, 'not_found');
    }
    assert.deepEqual(await projectRow(t, p.id), before);
    const exported = await d.free.get('/projects/export');
    assert.ok(!JSON.stringify(exported.body).includes('Not yours'));
    const usage = await d.free.get('/usage');
    assert.ok(!usage.body.perProject.some((r: { projectId: string }) => r.projectId === p.id));
    // Without a session, nothing.
    const anon = dashboardClient(t);
    assert.equal((await anon.post('/projects', { name: 'x' })).status, 401);
    assert.equal((await anon.get('/projects/export')).status, 401);
  });

  test('export and import round trip through the projects file of npm run setup --import', async () => {
    const acct = await createAccount(t.services, 'connected');
    const a = dashboardClient(t);
    await a.signIn(acct.userId);
    await a.post('/projects', full);
    await a.post('/projects', { name: 'Second', keywords: ['crm'], subreddits: ['sales'] });
    const file = (await a.get('/projects/export')).body;
    assert.deepEqual(
      file.map((p: { name: string }) => p.name),
      ['Invoice Buddy', 'Second'],
    );
    assert.deepEqual(Object.keys(file[0]).sort(), [
      'budgetFit',
      'competitors',
      'geography',
      'keywords',
      'name',
      'pain',
      'scoreThreshold',
      'solution',
      'subreddits',
      'targetUsers',
      'url',
      'webhooks',
    ]);

    // Into a fresh account: the same projects, field for field.
    const other = await createAccount(t.services, 'connected');
    const b = dashboardClient(t);
    await b.signIn(other.userId);
    const imported = await b.post('/projects/import', [
      ...file.slice(0, 1),
      { ...file[1], webhooks: ['https://hooks.example.com/in'] },
    ]);
    assert.equal(imported.status, 200, JSON.stringify(imported.body));
    assert.deepEqual(
      imported.body.projects.map((p: { name: string; created: boolean }) => [p.name, p.created]),
      [
        ['Invoice Buddy', true],
        ['Second', true],
      ],
    );
    assert.match(imported.body.projects[1].webhooks[0].secret, /^whsec_/);
    const back = (await b.get('/projects/export')).body;
    const byName = (name: string) => back.find((p: { name: string }) => p.name === name);
    assert.deepEqual(byName('Invoice Buddy'), file[0]);
    assert.deepEqual(byName('Second'), { ...file[1], webhooks: ['https://hooks.example.com/in'] });

    // Again: updated by name, never duplicated, and a known webhook's secret is not shown a second time.
    const again = await b.post('/projects/import', [byName('Invoice Buddy'), byName('Second')]);
    assert.deepEqual(
      again.body.projects.map((p: { created: boolean }) => p.created),
      [false, false],
    );
    assert.equal(again.body.projects[1].webhooks[0].secret, null);
    assert.equal((await b.get('/projects/export')).body.length, 2);
    const bare = await b.post('/projects/import', [{ name: 'Bare', url: 'bare.example' }]);
    assert.equal(bare.status, 200, JSON.stringify(bare.body));
    const bareProject = (await b.get('/projects/export')).body.find(
      (p: { name: string }) => p.name === 'Bare',
    );
    assert.equal(
      bareProject.url,
      'https://bare.example',
      'an imported bare domain is stored as https:// too',
    );
  });

  test('a bad import file is refused whole, with the message setup gives', async () => {
    const acct = await createAccount(t.services, 'free');
    const a = dashboardClient(t);
    await a.signIn(acct.userId);
    const cases: [unknown, number, RegExp][] = [
      [{ name: 'x' }, 400, /JSON array of projects/],
      [[{ nom: 'x' }], 400, /\/0.*(nom|name)/],
      [[{ name: 'A', subreddits: ['r/ok_sub', 'bad sub'] }], 400, /\/0\/subreddits: "bad sub"/],
      [[{ name: 'A' }, { name: 'A' }], 400, /\/1\/name: "A" appears twice/],
      [[{ name: 'A', webhooks: ['http://insecure.example'] }], 400, /\/0\/webhooks/],
      [[{ name: 'A' }, { name: 'B' }], 403, /The free plan allows 1 project; this would make 2/],
      [[{ name: 'A', competitors: ['x', 'y', 'z'] }], 403, /\/0\/competitors: 3 entered/],
      [
        [{ name: 'A', webhooks: ['https://hooks.example.com/x'] }],
        403,
        /\/0\/webhooks: 1 entered; webhooks are not part of the free plan/,
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await a.post('/projects/import', body);
      assert.equal(res.status, status, JSON.stringify(body));
      assert.match(res.body.error.message, message, JSON.stringify(body));
    }
    assert.deepEqual((await a.get('/projects/export')).body, [], 'nothing was written by any of them');
  });

  test('an import file is refused with every problem of the whole file at once, in file order', async () => {
    const acct = await createAccount(t.services, 'free');
    const a = dashboardClient(t);
    await a.signIn(acct.userId);
    const hooks = [
      'https://hooks.example.com/1',
      'https://hooks.example.com/2',
      'https://hooks.example.com/3',
    ];
    const over = await a.post('/projects/import', [
      { name: 'A', competitors: ['w', 'x', 'y', 'z'], webhooks: hooks },
      { name: 'B', keywords: Array.from({ length: 11 }, (_, i) => `kw ${i}`) },
    ]);
    assert.equal(over.status, 403);
    assert.deepEqual(
      over.body.error.fields.map((f: { field: string }) => f.field),
      ['', '/0/competitors', '/0/webhooks', '/1/keywords'],
    );
    for (const part of [
      /The free plan allows 1 project; this would make 2\./,
      /\/0\/competitors: 4 entered; the free plan allows 2 per project\. Remove 2 to save\./,
      /\/1\/keywords: 11 entered; the free plan allows 10 per project/,
      /\/0\/webhooks: 3 entered; webhooks are not part of the free plan\./,
    ]) {
      assert.match(over.body.error.message, part);
    }

    const invalid = await a.post('/projects/import', [
      { name: 'A', scoreThreshold: 500, subreddits: ['bad sub'] },
      'not a project',
      { name: 'C', webhooks: ['http://insecure.example', 'ftp://x'] },
      { name: 'A' },
    ]);
    assert.equal(invalid.status, 400);
    assert.deepEqual(
      invalid.body.error.fields.map((f: { field: string }) => f.field),
      ['/0/scoreThreshold', '/0/subreddits', '/1', '/2/webhooks', '/2/webhooks'],
    );
    assert.match(invalid.body.error.message, /"ftp:\/\/x": Only https URLs/);
    assert.deepEqual((await a.get('/projects/export')).body, [], 'nothing was written');
  });

  test('scan history pages newest first; usage covers 30 days per day, endpoint and project', async () => {
    const acct = await createAccount(t.services, 'connected');
    const a = dashboardClient(t);
    await a.signIn(acct.userId);
    const p = await createProject(t.services, acct.userId, { name: 'Measured', keywords: ['crm'] });
    const q = await createProject(t.services, acct.userId, { name: 'Other', keywords: ['crm'] });
    for (let i = 0; i < 3; i++) {
      await t.db.query(
        `INSERT INTO scans (project_id, trigger, created_at, started_at, finished_at, status, calls, cost_usd,
                            items_seen, new_leads, errors)
         VALUES ($1, 'schedule', now() - make_interval(hours => $2), now() - make_interval(hours => $2),
                 now() - make_interval(hours => $2) + interval '7 seconds', 'done', 2, 0.004, 40, $2, $3)`,
        [p.id, i, i === 1 ? ['reddit.search: 429'] : []],
      );
    }
    const page1 = await a.get(`/projects/${p.id}/scans?limit=2`);
    assert.equal(page1.status, 200);
    assert.deepEqual(
      page1.body.scans.map((s: { newLeads: number }) => s.newLeads),
      [0, 1],
    );
    assert.deepEqual(page1.body.scans[1].errors, ['reddit.search: 429']);
    assert.equal(page1.body.pagination.hasMore, true);
    const page2 = await a.get(`/projects/${p.id}/scans?limit=2&offset=2`);
    assert.deepEqual(
      page2.body.scans.map((s: { newLeads: number }) => s.newLeads),
      [2],
    );
    assert.equal(page2.body.pagination.hasMore, false);
    assert.equal((await a.get(`/projects/${p.id}/scans?limit=500`)).status, 400);

    const calls: [string, string, number, boolean, number][] = [
      [p.id, 'reddit.search', 0.01, false, 0],
      [p.id, 'reddit.search', 0, true, 0],
      [p.id, 'reddit.subreddit_new', 0.02, false, 3],
      [q.id, 'reddit.search', 0.05, false, 1],
      [p.id, 'reddit.search', 0.5, false, 31],
    ];
    for (const [projectId, api, cost, reused, daysAgo] of calls) {
      await t.db.query(
        `INSERT INTO upstream_calls (project_id, api, cost_usd, reused, called_at)
         VALUES ($1, $2, $3, $4, now() - make_interval(days => $5))`,
        [projectId, api, cost, reused, daysAgo],
      );
    }
    // A call that failed after retries bought nothing: failed, not fetched.
    await t.db.query(
      `INSERT INTO upstream_calls (project_id, api, cost_usd, reused, ok, called_at)
       VALUES ($1, 'reddit.search', 0, false, false, now())`,
      [p.id],
    );
    const account = (await a.get('/usage')).body;
    assert.equal(account.daily.length, 30);
    assert.equal(account.to, new Date().toISOString().slice(0, 10));
    assert.deepEqual(account.totals, { calls: 4, fetched: 3, reused: 1, failed: 1, costUsd: 0.08 });
    assert.deepEqual(account.perApi, [
      { api: 'reddit.search', calls: 3, fetched: 2, reused: 1, failed: 1, costUsd: 0.06 },
      { api: 'reddit.subreddit_new', calls: 1, fetched: 1, reused: 0, failed: 0, costUsd: 0.02 },
    ]);
    assert.deepEqual(
      account.perProject.map((r: { name: string; costUsd: number }) => [r.name, r.costUsd]),
      [
        ['Other', 0.05],
        ['Measured', 0.03],
      ],
    );
    assert.deepEqual(account.daily.at(-1), {
      day: account.to,
      calls: 2,
      fetched: 1,
      reused: 1,
      failed: 1,
      costUsd: 0.01,
    });
    const project = (await a.get(`/projects/${p.id}/usage`)).body;
    assert.deepEqual(project.totals, { calls: 3, fetched: 2, reused: 1, failed: 1, costUsd: 0.03 });
    assert.deepEqual(project.perProject, []);
  });

  test("a deleted project's upstream spend stays in the account's usage, named as deleted", async () => {
    const acct = await createAccount(t.services, 'connected');
    const a = dashboardClient(t);
    await a.signIn(acct.userId);
    const gone = await createProject(t.services, acct.userId, { name: 'Trial run', keywords: ['crm'] });
    const kept = await createProject(t.services, acct.userId, { name: 'Kept', keywords: ['crm'] });
    for (const [projectId, cost] of [
      [gone.id, 0.4],
      [gone.id, 0.2],
      [kept.id, 0.1],
    ] as const) {
      await t.db.query(
        `INSERT INTO upstream_calls (project_id, api, cost_usd, reused, called_at)
         VALUES ($1, 'reddit.subreddit_new', $2, false, now())`,
        [projectId, cost],
      );
    }
    const before = (await a.get('/usage')).body;
    assert.deepEqual(before.totals, { calls: 3, fetched: 3, reused: 0, failed: 0, costUsd: 0.7 });

    assert.equal((await a.del(`/projects/${gone.id}`)).status, 204);
    const after = (await a.get('/usage')).body;
    assert.deepEqual(
      after.totals,
      before.totals,
      'the money was spent; deleting the project does not unspend it',
    );
    assert.deepEqual(after.daily.at(-1), before.daily.at(-1));
    assert.deepEqual(
      after.perProject.map((r: { projectId: string | null; name: string; costUsd: number }) => [
        r.projectId,
        r.name,
        r.costUsd,
      ]),
      [
        [null, 'Trial run (deleted)', 0.6],
        [kept.id, 'Kept', 0.1],
      ],
    );
    // Another account sees none of it.
    const other = dashboardClient(t);
    await other.signIn(paid.userId);
    assert.ok(
      !(await other.get('/usage')).body.perProject.some((r: { name: string }) =>
        r.name.includes('Trial run'),
      ),
    );
  });
});
