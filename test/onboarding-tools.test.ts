import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { runCommand, type SetupResult } from '../src/cli/commands.ts';
import { fixedClock } from '../src/clock.ts';
import { loadConfig } from '../src/config/index.ts';
import { SUGGEST_SYSTEM } from '../src/onboarding/onboarding.llm.ts';
import { dashboardClient } from './dashboard-helpers.ts';
import type { FakeServer } from './fakes/fake-server.ts';
import { startFakeOpenAi } from './fakes/openai-fake.ts';
import { createAccount, startTestApp, type TestApp, testConfig } from './harness.ts';
import { callTool } from './mcp-helpers.ts';
import { type PageServer, seedStoredPosts, startPageServer } from './onboarding-helpers.ts';
import { makeTestCa } from './receivers.ts';

// suggest_project through the official MCP SDK client, with a tool key as `npm run setup` issues it on a
// self-hosted instance; and the configured LLM's suggestion, with the local one when the model fails.

const clock = fixedClock('2026-12-07T12:00:00Z');
const ca = makeTestCa();
const pagesConfig = () => ({
  webhooks: { ...testConfig().webhooks, allowPrivate: ['127.0.0.1'], extraCaPem: ca.caPem },
  onboarding: { pageTimeoutMs: 3000, pageMaxBytes: 256 * 1024 },
});

async function connect(t: TestApp, key: string): Promise<Client> {
  const c = new Client({ name: 'onboarding-test', version: '1.0.0' });
  await c.connect(
    new StreamableHTTPClientTransport(new URL(`${t.baseUrl}/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${key}` } },
    }),
  );
  return c;
}

describe('suggest_project over the official MCP SDK client', () => {
  let t: TestApp;
  let pages: PageServer;
  let setup: SetupResult;
  let client: Client;

  before(async () => {
    pages = await startPageServer(ca);
    t = await startTestApp({ clock, config: pagesConfig() });
    await seedStoredPosts(t.db, clock.now());
    // The tool key `npm run setup` prints on a self-hosted instance (the CLI's own verb, on this database).
    setup = (await runCommand(
      { db: t.db, clock, config: t.services.config },
      { command: 'setup', email: 'owner@example.com', projects: [] },
    )) as SetupResult;
    client = await connect(t, setup.mcpKey);
  });
  after(async () => {
    await client?.close();
    await t.close();
    await pages.close();
  });

  test("setup's tool key carries tools:projects; the tool is listed with its schemas", async () => {
    const [key] = await t.db.query<{ scopes: string[] }>(
      "SELECT scopes FROM api_keys WHERE user_id = $1 AND kind = 'mcp'",
      [setup.userId],
    );
    assert.ok(key!.scopes.includes('tools:projects'), key!.scopes.join(','));
    const { tools } = await client.listTools();
    const tool = tools.find((x) => x.name === 'suggest_project');
    assert.ok(tool, 'suggest_project is listed');
    assert.deepEqual(Object.keys(tool.inputSchema.properties ?? {}), [
      'url',
      'description',
      'keywords',
      'subreddits',
      'fresh',
    ]);
    assert.equal(tool.annotations?.readOnlyHint, false, 'it reads the web and may spend model tokens');
  });

  test('a page: the suggested project and its preview, structured and as text; costUsd 0', async () => {
    const result = await client.callTool({
      name: 'suggest_project',
      arguments: { url: `${pages.origin}/rentroll.html` },
    });
    assert.notEqual(result.isError, true, JSON.stringify(result.content));
    const out = result.structuredContent as {
      project: { name: string; keywords: string[]; subreddits: string[]; competitors: string[] };
      preview: {
        keywords: { keyword: string; matches: number; warning: string | null }[];
        examples: unknown[];
      };
      costUsd: number;
    };
    assert.equal(out.project.name, 'RentRoll');
    assert.ok(out.project.competitors.includes('Buildium'));
    assert.ok(out.project.subreddits.length >= 1);
    assert.deepEqual(
      out.preview.keywords.map((k) => k.keyword),
      out.project.keywords,
    );
    assert.ok(out.preview.examples.length >= 1);
    assert.equal(out.costUsd, 0);
    const text = (result.content as { type: string; text: string }[])[0]!.text;
    assert.deepEqual(JSON.parse(text), out);
  });

  test('keywords and subreddits given are what the preview counts', async () => {
    const result = await client.callTool({
      name: 'suggest_project',
      arguments: {
        url: `${pages.origin}/paydue.html`,
        keywords: ['software', 'late payments'],
        subreddits: ['r/freelance'],
      },
    });
    const out = result.structuredContent as {
      preview: { keywords: { keyword: string; warning: string | null }[]; subreddits: { name: string }[] };
    };
    assert.deepEqual(
      out.preview.keywords.map((k) => [k.keyword, k.warning === null]),
      [
        ['software', false],
        ['late payments', true],
      ],
    );
    assert.deepEqual(
      out.preview.subreddits.map((s) => s.name),
      ['freelance'],
    );
  });

  test("bad input is a tool error with the dashboard route's message; nothing is stored", async () => {
    const d = dashboardClient(t);
    await d.signIn(setup.userId);
    for (const args of [
      {},
      { url: 'https://169.254.169.254/latest/meta-data/' },
      { url: 'http://example.com/' },
      { url: `${pages.origin}/go/metadata` },
      { url: `${pages.origin}/huge` },
    ]) {
      const result = await client.callTool({ name: 'suggest_project', arguments: args });
      assert.equal(result.isError, true, JSON.stringify(args));
      const message = (result.content as { text: string }[])[0]!.text;
      const http = await d.post('/projects/suggest', args);
      assert.equal(http.status, 400);
      assert.equal(message, http.body.error.message, JSON.stringify(args));
    }
    const [calls] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM upstream_calls');
    assert.equal(calls!.n, 0);
  });

  test('a tool key issued before the scope existed gets a tool error naming tools:projects', async () => {
    const old = await createAccount(t.services);
    await t.db.query("UPDATE api_keys SET scopes = '{tools:read,tools:scan,tools:triage}' WHERE id = $1", [
      old.mcpKeyId,
    ]);
    const res = await callTool(t.baseUrl, old.mcpKey, 'suggest_project', {
      url: `${pages.origin}/paydue.html`,
    });
    assert.equal(res.body.result.isError, true);
    assert.match(
      res.body.result.content[0].text,
      /lacks the tools:projects scope that suggest_project needs/,
    );
  });
});

describe('the configured LLM suggests, and the local method stands in when it fails', () => {
  let pages: PageServer;
  let good: FakeServer;
  let broken: FakeServer;
  let withModel: TestApp;
  let withBrokenModel: TestApp;
  const ANSWER = JSON.stringify({
    name: 'Pingward',
    solution: 'Uptime monitoring with status pages for small teams.',
    pain: 'Teams learn about outages from their customers.',
    targetUsers: 'Developers and small DevOps teams',
    geography: null,
    budgetFit: 'from $15 per month',
    keywords: [
      'uptime monitoring',
      'website down',
      'status page',
      'Pricing',
      'software',
      'ssl expiry alerts',
      'cron monitoring',
      'downtime alerts',
    ],
    exclusions: ['minecraft'],
    competitors: ['Pingdom', 'Better Stack'],
    subreddits: ['sysadmin', 'r/devops', 'not a subreddit!'],
  });

  const llmConfig = (url: string) =>
    loadConfig({
      LLM_BASE_URL: `${url}/v1`,
      LLM_MODEL: 'test-model',
      LLM_USD_PER_MTOK_IN: '2',
      LLM_USD_PER_MTOK_OUT: '10',
    }).llm;

  before(async () => {
    pages = await startPageServer(ca);
    good = await startFakeOpenAi(() => `\`\`\`json\n${ANSWER}\n\`\`\``);
    broken = await startFakeOpenAi(() => 'I think the product is about monitoring.');
    withModel = await startTestApp({ clock, config: { ...pagesConfig(), llm: llmConfig(good.url) } });
    withBrokenModel = await startTestApp({ clock, config: { ...pagesConfig(), llm: llmConfig(broken.url) } });
    await seedStoredPosts(withModel.db, clock.now());
    await seedStoredPosts(withBrokenModel.db, clock.now());
  });
  after(async () => {
    await withModel.close();
    await withBrokenModel.close();
    await good.close();
    await broken.close();
    await pages.close();
  });

  test("the model's answer, cleaned (no chrome, no product-only word), its cost in usage and in costUsd", async () => {
    const acct = await createAccount(withModel.services);
    const res = await callTool(withModel.baseUrl, acct.mcpKey, 'suggest_project', {
      url: `${pages.origin}/pingward.html`,
    });
    const out = res.body.result.structuredContent;
    assert.equal(out.method, 'llm');
    assert.deepEqual(out.project.keywords, [
      'uptime monitoring',
      'website down',
      'status page',
      'ssl expiry alerts',
      'cron monitoring',
      'downtime alerts',
      '-minecraft',
    ]);
    assert.deepEqual(out.project.competitors, ['Pingdom', 'UptimeRobot', 'Better Stack']);
    // Where the keywords match in stored posts first (webdev, sysadmin, devops), then the model's.
    assert.ok(['webdev', 'sysadmin'].includes(out.project.subreddits[0]), out.project.subreddits.join(','));
    assert.ok(out.project.subreddits.includes('sysadmin') && out.project.subreddits.includes('devops'));
    assert.ok(!out.project.subreddits.some((s: string) => /!/.test(s)));
    // 100 prompt and 50 completion tokens at $2 and $10 per million.
    const cost = (100 * 2 + 50 * 10) / 1e6;
    assert.equal(out.costUsd, cost);
    const calls = await withModel.db.query<{ api: string; cost_usd: number; ok: boolean; user_id: string }>(
      'SELECT api, cost_usd, ok, user_id FROM upstream_calls',
    );
    assert.deepEqual(calls, [{ api: 'llm.suggest', cost_usd: cost, ok: true, user_id: acct.userId }]);
    const request = JSON.parse(good.requests[0]!.body);
    assert.equal(request.messages[0].content, SUGGEST_SYSTEM);
    assert.match(
      request.messages[1].content,
      /^URL: https:\/\/127\.0\.0\.1:\d+\/pingward\.html\nTitle: Pingward/,
    );
    assert.doesNotMatch(request.messages[1].content, /Log in|Sign up free/, 'the page chrome is not sent');
  });

  test('an answer that is not the asked JSON leaves the local suggestion, says so, and its call is recorded', async () => {
    const acct = await createAccount(withBrokenModel.services);
    const res = await callTool(withBrokenModel.baseUrl, acct.mcpKey, 'suggest_project', {
      url: `${pages.origin}/pingward.html`,
    });
    const out = res.body.result.structuredContent;
    assert.equal(out.method, 'local');
    assert.equal(out.project.name, 'Pingward');
    assert.ok(out.project.keywords.includes('uptime monitoring'));
    assert.ok(
      out.notes.some((n: string) => /The model's suggestion failed \(the answer is not JSON/.test(n)),
    );
    const calls = await withBrokenModel.db.query<{ ok: boolean }>('SELECT ok FROM upstream_calls');
    assert.deepEqual(calls, [{ ok: false }]);
  });
});
