import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { createAccount, createProject, insertLeads, startTestApp, type TestApp } from './harness.ts';

// The official TypeScript SDK client, as agents (Claude Code, Cursor, ...) use it, against the real server.
let t: TestApp;
let acct: Awaited<ReturnType<typeof createAccount>>;
let projectId: string;
let client: Client;

async function connect(key: string): Promise<Client> {
  const c = new Client({ name: 'sdk-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${t.baseUrl}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${key}` } },
  });
  await c.connect(transport);
  return c;
}

before(async () => {
  t = await startTestApp();
  acct = await createAccount(t.services);
  projectId = (await createProject(t.services, acct.userId, { name: 'SDK project' })).id;
  // The edges the contract allows: a null stage (the default list of the demo has them), every other
  // nullable field null, and every stage value.
  await insertLeads(t.db, projectId, [
    { score: 81, stage: null },
    { score: 42 },
    ...['problem-aware', 'comparing', 'purchase-ready'].map((stage) => ({ score: 30, stage })),
    {
      score: 20,
      stage: null,
      reason: null,
      matchedPhrase: null,
      author: null,
      costUsd: null,
      postId: null,
      body: null,
    },
  ]);
  client = await connect(acct.mcpKey);
});
after(async () => {
  await client?.close();
  await t.close();
});

test('the SDK client connects (initialize, initialized, 405 on the optional GET stream)', () => {
  assert.equal(client.getServerVersion()?.name, 'lead-intelligence');
  assert.deepEqual(client.getServerCapabilities(), { tools: {} });
  assert.match(client.getInstructions() ?? '', /list_projects/);
});

test('the SDK client lists the tools', async () => {
  const { tools } = await client.listTools();
  assert.equal(tools.length, 13);
  const runScan = tools.find((x) => x.name === 'run_scan');
  assert.equal(runScan?.annotations?.readOnlyHint, false);
  assert.ok(tools.every((x) => x.outputSchema?.type === 'object'));
});

test('the SDK client pings', async () => {
  assert.deepEqual(await client.ping(), {});
});

test('the SDK client calls each read-only tool; structured output passes its own outputSchema check', async () => {
  const calls: [string, Record<string, unknown>][] = [
    ['list_projects', {}],
    ['get_project', { projectId }],
    ['list_leads', { projectId, minScore: 50 }],
    ['get_usage', { projectId }],
    ['list_pain_themes', { projectId }],
    ['list_seo_opportunities', { projectId }],
  ];
  for (const [name, args] of calls) {
    const result = await client.callTool({ name, arguments: args });
    assert.notEqual(result.isError, true, `${name}: ${JSON.stringify(result.content)}`);
    assert.ok(result.structuredContent, name);
    const [block] = result.content as { type: string; text: string }[];
    assert.deepEqual(JSON.parse(block!.text), result.structuredContent, name);
  }
  // The SDK validates structuredContent against the tool's outputSchema: null stages must pass.
  const all = await client.callTool({
    name: 'list_leads',
    arguments: { projectId, status: 'all', include: 'body', limit: 100 },
  });
  const listed = (all.structuredContent as { leads: { stage: string | null }[] }).leads;
  assert.equal(listed.length, 6);
  assert.equal(listed.filter((l) => l.stage === null).length, 2);
  // With withReply each lead carries its reply awaiting review (null when none), valid against the outputSchema.
  const withReply = await client.callTool({
    name: 'list_leads',
    arguments: { projectId, status: 'all', withReply: true },
  });
  assert.notEqual(withReply.isError, true, JSON.stringify(withReply.content));
  const replies = (withReply.structuredContent as { leads: { reply?: string | null }[] }).leads;
  assert.equal(replies.length, 6);
  assert.ok(replies.every((l) => 'reply' in l));
  const leads = await client.callTool({ name: 'list_leads', arguments: { projectId, minScore: 50 } });
  assert.deepEqual(
    (leads.structuredContent as { leads: { score: number }[] }).leads.map((l) => l.score),
    [81],
  );
});

test('the SDK client sees domain failures as isError results', async () => {
  const notFound = await client.callTool({ name: 'get_project', arguments: { projectId: 'missing' } });
  assert.equal(notFound.isError, true);
  assert.match((notFound.content as { text: string }[])[0]!.text, /No such project/);

  const scan = await client.callTool({ name: 'run_scan', arguments: { projectId } });
  if (!t.services.scans) assert.equal(scan.isError, true);

  const ai = await client.callTool({
    name: 'check_ai_visibility',
    arguments: { productName: 'Acme', question: 'Best CRM?' },
  });
  assert.equal(ai.isError, true);
  assert.match((ai.content as { text: string }[])[0]!.text, /no AI engines are configured/i);
});

test('the SDK client gets -32602 for an unknown tool and for bad arguments', async () => {
  await assert.rejects(
    client.callTool({ name: 'nope', arguments: {} }),
    (err: unknown) => err instanceof McpError && err.code === -32602 && /Unknown tool/.test(err.message),
  );
  await assert.rejects(
    client.callTool({ name: 'list_leads', arguments: { projectId, limit: 0 } }),
    (err: unknown) => err instanceof McpError && err.code === -32602 && /Invalid limit 0/.test(err.message),
  );
});

test('arguments of the wrong type are -32602 naming the argument; integers as plain digits are read (ADR 0043)', async () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['get_project', { projectId: 123 }, 'projectId', 'Invalid projectId 123: must be a non-empty string.'],
    ['list_leads', { projectId: 123 }, 'projectId', 'Invalid projectId 123: must be a non-empty string.'],
    ['list_leads', { projectId: true }, 'projectId', 'Invalid projectId true: must be a non-empty string.'],
    [
      'list_leads',
      { projectId, limit: '0x10' },
      'limit',
      'Invalid limit "0x10": must be an integer from 1 to 100.',
    ],
    [
      'list_leads',
      { projectId, limit: '1e1' },
      'limit',
      'Invalid limit "1e1": must be an integer from 1 to 100.',
    ],
    [
      'list_leads',
      { projectId, limit: ' 5' },
      'limit',
      'Invalid limit " 5": must be an integer from 1 to 100.',
    ],
    [
      'list_leads',
      { projectId, limit: true },
      'limit',
      'Invalid limit true: must be an integer from 1 to 100.',
    ],
    [
      'list_leads',
      { projectId, minScore: '5e1' },
      'minScore',
      'Invalid minScore "5e1": must be an integer from 0 to 100.',
    ],
    [
      'list_leads',
      { projectId, status: 1 },
      'status',
      'Invalid status 1: must be one of new, hidden, not_fit, all.',
    ],
    ['run_scan', { projectId, wait: 1 }, 'wait', 'Invalid wait 1: must be true or false.'],
    [
      'set_lead_status',
      { projectId, leadIds: [123], status: 'hidden' },
      'leadIds/0',
      'Invalid leadIds.0: must be a non-empty string.',
    ],
  ];
  for (const [name, args, argument, message] of cases) {
    await assert.rejects(client.callTool({ name, arguments: args }), (err: unknown) => {
      assert.ok(err instanceof McpError, String(err));
      assert.equal(err.code, -32602, JSON.stringify(args));
      assert.equal(err.message, `MCP error -32602: ${message}`, JSON.stringify(args));
      assert.equal((err.data as { argument?: string }).argument, argument);
      return true;
    });
  }
  // Some clients send every argument as text: plain decimal digits still read as the integer they spell.
  const asText = await client.callTool({
    name: 'list_leads',
    arguments: { projectId, limit: '2', minScore: '30' },
  });
  assert.notEqual(asText.isError, true, JSON.stringify(asText.content));
  assert.deepEqual((asText.structuredContent as { pagination: unknown }).pagination, {
    limit: 2,
    offset: 0,
    hasMore: true,
  });
});

test('the SDK client with a REST key or no key cannot connect', async () => {
  await assert.rejects(connect(acct.restKey), /403|forbidden|cannot be used here/i);
  await assert.rejects(connect('sbk_wrong'), /401|Unauthorized|Unknown or revoked/i);
});

test('the SDK client triages with set_lead_status; list_leads and REST show it; an undo puts it back', async () => {
  const [hot, warm] = await insertLeads(t.db, projectId, [{ score: 77 }, { score: 66 }]);
  const statusOf = async (status: string) => {
    const res = await client.callTool({ name: 'list_leads', arguments: { projectId, status } });
    return (res.structuredContent as { leads: { id: string }[] }).leads.map((l) => l.id);
  };
  const hidden = await client.callTool({
    name: 'set_lead_status',
    arguments: { projectId, leadIds: [hot, warm], status: 'hidden' },
  });
  assert.notEqual(hidden.isError, true, JSON.stringify(hidden.content));
  const changes = hidden.structuredContent as {
    leads: { id: string; previousStatus: string }[];
    changed: number;
  };
  assert.equal(changes.changed, 2);
  assert.deepEqual(
    changes.leads.map((l) => l.previousStatus),
    ['new', 'new'],
  );
  assert.deepEqual(await statusOf('hidden'), [hot, warm]);
  assert.ok(!(await statusOf('new')).includes(hot!));
  const rest = await fetch(`${t.baseUrl}/api/v1/projects/${projectId}/leads?status=hidden`, {
    headers: { authorization: `Bearer ${acct.restKey}` },
  });
  assert.deepEqual(
    ((await rest.json()) as { leads: { id: string }[] }).leads.map((l) => l.id),
    [hot, warm],
  );

  const back = await client.callTool({
    name: 'set_lead_status',
    arguments: { projectId, leadIds: [hot, warm], status: changes.leads[0]!.previousStatus },
  });
  assert.equal((back.structuredContent as { changed: number }).changed, 2);
  assert.deepEqual(await statusOf('hidden'), []);
  await assert.rejects(
    client.callTool({ name: 'set_lead_status', arguments: { projectId, leadIds: [], status: 'hidden' } }),
    (err: unknown) => err instanceof McpError && err.code === -32602 && /leadIds/.test(err.message),
  );
});
