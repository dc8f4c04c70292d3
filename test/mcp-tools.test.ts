import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { LeadListQuery } from '../src/leads/leads.schemas.ts';
import { createAccount, createProject, getJson, insertLeads, startTestApp, type TestApp } from './harness.ts';
import { callTool, postMcp } from './mcp-helpers.ts';

const addFormats = ((addFormatsModule as any).default ?? addFormatsModule) as (a: Ajv) => Ajv;

let t: TestApp;
let owner: Awaited<ReturnType<typeof createAccount>>;
let stranger: Awaited<ReturnType<typeof createAccount>>;
let projectId: string;
let tools: any[];
const DAY = 86_400_000;

before(async () => {
  t = await startTestApp();
  owner = await createAccount(t.services);
  stranger = await createAccount(t.services);
  const project = await createProject(t.services, owner.userId, {
    name: 'Acme CRM',
    keywords: ['crm', 'pipeline'],
  });
  projectId = project.id;
  await createProject(t.services, owner.userId, { name: 'Second' });
  const now = Date.now();
  await insertLeads(t.db, projectId, [
    { score: 95, scoredAt: new Date(now - 1 * DAY), body: 'Need a CRM for 5 people' },
    // A null stage and null reason: the outputSchema and the served document must accept them.
    { score: 70, scoredAt: new Date(now - 3 * DAY), stage: null, reason: null, costUsd: null },
    { score: 40, scoredAt: new Date(now - 5 * DAY) },
    { score: 88, status: 'hidden' },
    { score: 60, status: 'not_fit' },
    { score: 99, postedAt: new Date(now - 40 * DAY) },
  ]);
  await t.db.query(
    `INSERT INTO seo_opportunities (project_id, keyword, position, competitor_present, refreshed_at, post_id, post_title, post_subreddit, post_url)
     VALUES ($1, 'crm', 3, true, now(), 'abc', 'Best CRM?', 'smallbusiness', 'https://www.reddit.com/r/smallbusiness/comments/abc/'),
            ($1, 'pipeline', NULL, false, now(), NULL, NULL, NULL, NULL)`,
    [projectId],
  );
  await t.db.query(
    `INSERT INTO pain_themes (project_id, label, summary, lead_ids, generated_at)
     VALUES ($1, 'Spreadsheet chaos', 'Teams outgrow spreadsheets', '{a,b}', now() - interval '1 day'),
            ($1, 'Pricing', NULL, '{}', now())`,
    [projectId],
  );
  await t.db.query(
    `INSERT INTO pain_theme_runs (project_id, generated_at, trigger, method, leads_considered, leads_themed, themes)
     SELECT project_id, generated_at, 'schedule', 'tfidf', 2, 2, 1 FROM pain_themes WHERE project_id = $1`,
    [projectId],
  );
  await t.db.query(
    `INSERT INTO upstream_calls (project_id, api, cost_usd, reused) VALUES
       ($1, 'reddit.subreddit_new', 0.00024, false), ($1, 'reddit.subreddit_new', 0, true),
       ($1, 'reddit.search', 0.00024, false)`,
    [projectId],
  );
  const listed = await postMcp(
    t.baseUrl,
    { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    { key: owner.mcpKey },
  );
  tools = listed.body.result.tools;
});
after(() => t.close());

const tool = (name: string) => tools.find((x) => x.name === name);

/** A successful tool result: structured output valid against the listed outputSchema, and the same JSON as text. */
function okOutput(res: Awaited<ReturnType<typeof callTool>>, name: string) {
  assert.equal(res.status, 200);
  assert.equal(res.body.error, undefined, JSON.stringify(res.body.error));
  const result = res.body.result;
  assert.notEqual(result.isError, true, JSON.stringify(result));
  const ajv = new Ajv({ allowUnionTypes: true });
  addFormats(ajv);
  const validate = ajv.compile(tool(name).outputSchema);
  assert.ok(validate(result.structuredContent), JSON.stringify(validate.errors));
  assert.equal(result.content[0].type, 'text');
  assert.deepEqual(JSON.parse(result.content[0].text), result.structuredContent);
  return result.structuredContent;
}

function toolError(res: Awaited<ReturnType<typeof callTool>>) {
  assert.equal(res.status, 200);
  assert.equal(res.body.result.isError, true, JSON.stringify(res.body));
  assert.equal(res.body.result.content[0].type, 'text');
  return res.body.result.content[0].text as string;
}

function invalidParams(res: Awaited<ReturnType<typeof callTool>>) {
  assert.equal(res.status, 200);
  assert.equal(res.body.error?.code, -32602, JSON.stringify(res.body));
  return res.body.error as { message: string; data: { argument?: string } };
}

describe('tools/list', () => {
  test('lists every tool with a description, schemas and annotations', () => {
    assert.deepEqual(tools.map((x) => x.name).sort(), [
      'check_ai_visibility',
      'create_project',
      'get_project',
      'get_usage',
      'list_leads',
      'list_pain_themes',
      'list_projects',
      'list_seo_opportunities',
      'refresh_pain_themes',
      'run_scan',
      'set_lead_status',
      'suggest_project',
      'update_project',
    ]);
    for (const x of tools) {
      assert.ok(x.description.length > 20, x.name);
      assert.equal(x.inputSchema.type, 'object', x.name);
      assert.equal(x.outputSchema.type, 'object', x.name);
      assert.equal(typeof x.annotations.readOnlyHint, 'boolean', x.name);
      // Tools that start work, store what they learn or may spend money are not read-only.
      const writes = [
        'run_scan',
        'refresh_pain_themes',
        'check_ai_visibility',
        'set_lead_status',
        'suggest_project',
        'create_project',
        'update_project',
      ];
      assert.equal(x.annotations.readOnlyHint, !writes.includes(x.name), x.name);
      assert.equal(x.annotations.destructiveHint, false, x.name);
    }
  });

  test("list_leads takes the REST API's lead-list query schema plus projectId", () => {
    const input = tool('list_leads').inputSchema;
    assert.deepEqual(input.required, ['projectId']);
    for (const [name, schema] of Object.entries(JSON.parse(JSON.stringify(LeadListQuery.properties)))) {
      assert.deepEqual(input.properties[name], schema, name);
    }
    assert.deepEqual(tool('run_scan').inputSchema.required, ['projectId']);
    assert.deepEqual(tool('check_ai_visibility').inputSchema.required.sort(), ['productName', 'question']);
  });
});

describe('read-only tools mirror the REST operations', () => {
  const cases: [string, string, string][] = [
    ['get_project', '', 'get_project'],
    ['get_usage', '/usage', 'get_usage'],
    ['list_pain_themes', '/pain-themes', 'list_pain_themes'],
    ['list_seo_opportunities', '/seo-opportunities', 'list_seo_opportunities'],
    ['list_leads', '/leads', 'list_leads'],
  ];
  for (const [name, suffix] of cases) {
    test(`${name} returns what REST returns, and "not found" for another account's project`, async () => {
      const rest = await getJson(t.baseUrl, `/api/v1/projects/${projectId}${suffix}`, owner.restKey);
      assert.equal(rest.status, 200);
      const out = okOutput(await callTool(t.baseUrl, owner.mcpKey, name, { projectId }), name);
      // get_usage adds the account's daily spend cap (ADR 0102), which REST's Usage does not carry.
      const { spendCap, ...same } = out;
      assert.deepEqual(name === 'get_usage' ? same : out, rest.body);
      if (name === 'get_usage') assert.equal(spendCap.reached, false);

      for (const key of [stranger.mcpKey]) {
        const text = toolError(await callTool(t.baseUrl, key, name, { projectId }));
        assert.match(text, /No such project/);
      }
      assert.match(
        toolError(await callTool(t.baseUrl, owner.mcpKey, name, { projectId: 'nope' })),
        /No such project/,
      );
    });

    test(`${name} rejects bad arguments with -32602 naming the argument`, async () => {
      const missing = invalidParams(await callTool(t.baseUrl, owner.mcpKey, name, {}));
      assert.equal(missing.message, 'Missing projectId: must be a non-empty string.');
      assert.equal(missing.data.argument, 'projectId');
      const empty = invalidParams(await callTool(t.baseUrl, owner.mcpKey, name, { projectId: '' }));
      assert.match(empty.message, /^Invalid projectId "": must be a non-empty string\.$/);
      const extra = invalidParams(
        await callTool(t.baseUrl, owner.mcpKey, name, { projectId, colour: 'red' }),
      );
      assert.match(extra.message, /^Unknown argument colour: allowed are projectId/);
      assert.equal(extra.data.argument, 'colour');
    });
  }

  test('list_projects returns the REST list; another account sees only its own', async () => {
    const rest = await getJson(t.baseUrl, '/api/v1/projects', owner.restKey);
    const out = okOutput(await callTool(t.baseUrl, owner.mcpKey, 'list_projects', {}), 'list_projects');
    assert.deepEqual(out, rest.body);
    assert.equal(out.projects.length, 2);
    const theirs = okOutput(await callTool(t.baseUrl, stranger.mcpKey, 'list_projects'), 'list_projects');
    assert.deepEqual(theirs, { projects: [] });
    const extra = invalidParams(await callTool(t.baseUrl, owner.mcpKey, 'list_projects', { projectId }));
    assert.equal(extra.message, 'Unknown argument projectId: none are accepted.');
  });
});

describe('list_leads has the same filters, defaults and messages as REST', () => {
  const valid: Record<string, string>[] = [
    {},
    { status: 'all' },
    { status: 'hidden' },
    { minScore: '60' },
    { since: new Date(Date.now() - 2 * DAY).toISOString() },
    { limit: '1', offset: '1' },
    { limit: '2', include: 'body' },
    { status: 'all', minScore: '50', limit: '100', offset: '0' },
  ];
  for (const query of valid) {
    test(`valid: ${JSON.stringify(query)}`, async () => {
      const rest = await getJson(
        t.baseUrl,
        `/api/v1/projects/${projectId}/leads?${new URLSearchParams(query)}`,
        owner.restKey,
      );
      assert.equal(rest.status, 200);
      // Tool arguments as JSON types, as an agent sends them.
      const args: Record<string, unknown> = { projectId };
      for (const [k, v] of Object.entries(query)) args[k] = /^\d+$/.test(v) ? Number(v) : v;
      const out = okOutput(await callTool(t.baseUrl, owner.mcpKey, 'list_leads', args), 'list_leads');
      assert.deepEqual(out, rest.body);
    });
  }

  test('defaults: untriaged queue over the last 30 days, highest score first, limit 50', async () => {
    const out = okOutput(await callTool(t.baseUrl, owner.mcpKey, 'list_leads', { projectId }), 'list_leads');
    assert.deepEqual(
      out.leads.map((l: { score: number }) => l.score),
      [95, 70, 40],
    );
    assert.deepEqual(out.pagination, { limit: 50, offset: 0, hasMore: false });
    assert.equal(out.leads[0].body, undefined);
  });

  test("withReply: true adds each lead's reply awaiting review, and nothing else changes", async () => {
    await t.db.query(`UPDATE leads SET reply = 'Draft for ' || score WHERE project_id = $1`, [projectId]);
    const rest = await getJson(t.baseUrl, `/api/v1/projects/${projectId}/leads?status=all`, owner.restKey);
    const out = okOutput(
      await callTool(t.baseUrl, owner.mcpKey, 'list_leads', { projectId, status: 'all', withReply: true }),
      'list_leads',
    );
    type Row = { score: number; reply?: string };
    assert.deepEqual(
      out.leads.map(({ reply: _reply, ...lead }: Row) => lead),
      rest.body.leads,
    );
    assert.deepEqual(
      out.leads.map((l: Row) => l.reply),
      rest.body.leads.map((l: Row) => `Draft for ${l.score}`),
    );
    const plain = okOutput(
      await callTool(t.baseUrl, owner.mcpKey, 'list_leads', { projectId, status: 'all', withReply: false }),
      'list_leads',
    );
    assert.deepEqual(plain, rest.body, 'without it, the REST list exactly');
    const bad = invalidParams(
      await callTool(t.baseUrl, owner.mcpKey, 'list_leads', { projectId, withReply: 'yes' }),
    );
    assert.equal(bad.message, 'Invalid withReply "yes": must be true or false.');
  });

  test('since reconciles missed events: only leads scored at or after it, however old the post', async () => {
    const since = new Date(Date.now() - 2 * DAY).toISOString();
    const out = okOutput(
      await callTool(t.baseUrl, owner.mcpKey, 'list_leads', { projectId, since }),
      'list_leads',
    );
    // 99 is a 40-day-old post scored now: outside the default window, inside the one since chooses.
    assert.deepEqual(
      out.leads.map((l: { score: number }) => l.score),
      [99, 95],
    );
  });

  const invalid: Record<string, string>[] = [
    { status: 'open' },
    { minScore: '101' },
    { minScore: 'high' },
    { since: 'yesterday' },
    { since: '2026-01-31T25:00:00Z' },
    { since: '31/01/2026' },
    { limit: '0' },
    { offset: '1000001' },
    { limit: '500' },
    { offset: '-1' },
    { include: 'title' },
  ];
  for (const query of invalid) {
    test(`invalid: ${JSON.stringify(query)} gets the REST message`, async () => {
      const rest = await getJson(
        t.baseUrl,
        `/api/v1/projects/${projectId}/leads?${new URLSearchParams(query)}`,
        owner.restKey,
      );
      assert.equal(rest.status, 400);
      const err = invalidParams(
        await callTool(t.baseUrl, owner.mcpKey, 'list_leads', { projectId, ...query }),
      );
      assert.equal(err.message, rest.body.error.message);
      assert.equal(err.data.argument, Object.keys(query)[0]);
    });
  }

  test('a JSON-typed bad value is named with its value', async () => {
    const err = invalidParams(
      await callTool(t.baseUrl, owner.mcpKey, 'list_leads', { projectId, limit: 500 }),
    );
    assert.equal(err.message, 'Invalid limit 500: must be an integer from 1 to 100.');
    const wrongType = invalidParams(
      await callTool(t.baseUrl, owner.mcpKey, 'list_leads', { projectId, status: ['new'] }),
    );
    assert.equal(wrongType.message, 'Invalid status ["new"]: must be one of new, hidden, not_fit, all.');
  });

  test('a number too large for a double is refused without echoing it as null', async () => {
    const res = await postMcp(
      t.baseUrl,
      `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_leads","arguments":{"projectId":"${projectId}","limit":1e400}}}`,
      { key: owner.mcpKey, raw: true },
    );
    assert.equal(invalidParams(res).message, 'Invalid limit: must be an integer from 1 to 100.');
  });
});

describe('run_scan and check_ai_visibility', () => {
  test('run_scan rejects bad arguments with -32602', async () => {
    assert.equal(
      invalidParams(await callTool(t.baseUrl, owner.mcpKey, 'run_scan', { wait: true })).message,
      'Missing projectId: must be a non-empty string.',
    );
    assert.equal(
      invalidParams(await callTool(t.baseUrl, owner.mcpKey, 'run_scan', { projectId, wait: 'soon' })).message,
      'Invalid wait "soon": must be true or false.',
    );
  });

  test('check_ai_visibility answers isError: no AI engines are configured', async () => {
    const text = toolError(
      await callTool(t.baseUrl, owner.mcpKey, 'check_ai_visibility', {
        productName: 'Acme CRM',
        question: 'What is the best CRM for a five-person agency?',
      }),
    );
    assert.match(text, /no AI engines are configured/i);
  });

  test('check_ai_visibility rejects bad arguments with -32602', async () => {
    const missing = invalidParams(
      await callTool(t.baseUrl, owner.mcpKey, 'check_ai_visibility', { productName: 'Acme' }),
    );
    assert.equal(missing.message, 'Missing question: must be a non-empty string.');
    const empty = invalidParams(
      await callTool(t.baseUrl, owner.mcpKey, 'check_ai_visibility', { productName: '', question: 'q?' }),
    );
    assert.equal(empty.data.argument, 'productName');
  });
});
