import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import http from 'node:http';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { ConfigError, DEFAULT_TIER_LIMITS, loadConfig } from '../src/config/index.ts';
import { createAccount, startTestApp, type TestApp } from './harness.ts';
import { callTool, postMcp } from './mcp-helpers.ts';

// Asynchronous: the server under test runs in this same process.
const execFileAsync = promisify(execFile);
const LIST = { jsonrpc: '2.0', id: 1, method: 'tools/list' };

let t: TestApp;
let acct: Awaited<ReturnType<typeof createAccount>>;
before(async () => {
  t = await startTestApp();
  acct = await createAccount(t.services);
});
after(() => t.close());

function assertRpcError(body: any, code: number, id: unknown = null) {
  assert.equal(body.jsonrpc, '2.0');
  assert.equal(body.id, id);
  assert.equal(body.error.code, code, JSON.stringify(body));
  assert.equal(typeof body.error.message, 'string');
  assert.equal(body.result, undefined);
}

describe('a bare HTTP client', () => {
  for (const accept of [undefined, '*/*', 'application/json', 'text/event-stream']) {
    test(`gets one JSON object with Accept: ${accept ?? '(none)'}`, async () => {
      const res = await postMcp(t.baseUrl, LIST, {
        key: acct.mcpKey,
        headers: accept ? { accept } : {},
      });
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
      assert.equal(res.body.id, 1);
      assert.ok(res.body.result.tools.some((tool: { name: string }) => tool.name === 'list_leads'));
    });
  }

  test("curl's default form Content-Type is read as JSON (curl -d works)", async () => {
    const res = await postMcp(t.baseUrl, LIST, {
      key: acct.mcpKey,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: '*/*' },
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.result.tools.length, 13);
  });

  test('a bare curl -d call works, as the README shows it', async (ctx) => {
    let out: { stdout: string };
    try {
      out = await execFileAsync('curl', [
        '-s',
        '-H',
        `Authorization: Bearer ${acct.mcpKey}`,
        '-d',
        '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
        `${t.baseUrl}/mcp`,
      ]);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return ctx.skip('curl is not installed');
      throw err;
    }
    const body = JSON.parse(out.stdout);
    assert.equal(body.id, 1);
    assert.equal(body.result.tools.length, 13);
  });

  test('a body without Content-Type is read as JSON', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
    const { hostname, port } = new URL(t.baseUrl);
    const answer = await new Promise<{ status?: number; text: string }>((resolve, reject) => {
      const req = http.request(
        { hostname, port, path: '/mcp', method: 'POST', headers: { authorization: `Bearer ${acct.mcpKey}` } },
        (res) => {
          let text = '';
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode, text }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    assert.equal(answer.status, 200);
    assert.deepEqual(JSON.parse(answer.text), { jsonrpc: '2.0', id: 1, result: {} });
  });

  test('a non-JSON Content-Type gets 415', async () => {
    for (const type of ['text/plain', 'multipart/form-data; boundary=x', 'application/xml']) {
      const res = await postMcp(t.baseUrl, LIST, { key: acct.mcpKey, headers: { 'content-type': type } });
      assert.equal(res.status, 415, type);
      assertRpcError(res.body, -32000, 1);
    }
  });

  test('initialize is not required: tools/call works straight away, without a session id', async () => {
    const res = await callTool(t.baseUrl, acct.mcpKey, 'list_projects', {});
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.result.structuredContent, { projects: [] });
    assert.equal(res.headers.get('mcp-session-id'), null);
  });
});

describe('authentication', () => {
  test('a missing key is 401 with a JSON-RPC error body, echoing the id it can read', async () => {
    const res = await postMcp(t.baseUrl, LIST);
    assert.equal(res.status, 401);
    assertRpcError(res.body, -32001, 1);
    assert.equal(res.body.error.data.code, 'unauthorized');
    assert.match(res.headers.get('www-authenticate') ?? '', /^Bearer/);
  });

  test('an unknown or malformed key is 401', async () => {
    for (const key of ['sbk_notarealkey', 'garbage']) {
      const res = await postMcp(t.baseUrl, { ...LIST, id: 'call-7' }, { key });
      assert.equal(res.status, 401, key);
      assertRpcError(res.body, -32001, 'call-7');
    }
    const basic = await postMcp(t.baseUrl, LIST, { headers: { authorization: `Basic ${acct.mcpKey}` } });
    assert.equal(basic.status, 401);
  });

  test('a REST key (rl_sk_) is 403', async () => {
    const res = await postMcp(t.baseUrl, LIST, { key: acct.restKey });
    assert.equal(res.status, 403);
    assertRpcError(res.body, -32003, 1);
    assert.equal(res.body.error.data.code, 'forbidden');
    assert.match(res.body.error.message, /sbk_/);
  });

  test('a revoked tool key is 401', async () => {
    const other = await createAccount(t.services);
    await t.services.accounts.revokeKey(other.userId, other.mcpKeyId);
    const res = await postMcp(t.baseUrl, LIST, { key: other.mcpKey });
    assert.equal(res.status, 401);
  });

  test('a bad key is 401 even when the body is also bad', async () => {
    const res = await postMcp(t.baseUrl, '{not json', { raw: true });
    assert.equal(res.status, 401);
    assertRpcError(res.body, -32001);
  });
});

describe('JSON-RPC error table', () => {
  test('-32700 parse error for a body that is not JSON', async () => {
    for (const raw of ['{"jsonrpc": "2.0", "id": 1', '', 'hello']) {
      const res = await postMcp(t.baseUrl, raw, { key: acct.mcpKey, raw: true });
      assert.equal(res.status, 400, JSON.stringify(raw));
      assertRpcError(res.body, -32700);
    }
  });

  test('-32600 invalid request for a batch under a protocol revision without batches', async () => {
    for (const version of ['2025-06-18', '2025-11-25']) {
      const res = await postMcp(t.baseUrl, [LIST, { ...LIST, id: 2 }], {
        key: acct.mcpKey,
        headers: { 'mcp-protocol-version': version },
      });
      assert.equal(res.status, 400, version);
      assertRpcError(res.body, -32600);
      assert.match(res.body.error.message, /[Bb]atch.*2025-03-26/);
    }
  });

  test('-32600 invalid request for a broken envelope, echoing the id when it can be read', async () => {
    const cases: [unknown, unknown][] = [
      [{ id: 7, method: 'tools/list' }, 7],
      [{ jsonrpc: '1.0', id: 'a', method: 'tools/list' }, 'a'],
      [{ jsonrpc: '2.0', id: 8, method: 42 }, 8],
      [{ jsonrpc: '2.0', id: 9, method: 'tools/list', params: [1, 2] }, 9],
      [{ jsonrpc: '2.0', id: null, method: 'tools/list' }, null],
      [{ jsonrpc: '2.0', id: { x: 1 }, method: 'tools/list' }, null],
      ['just a string', null],
      [42, null],
    ];
    for (const [body, id] of cases) {
      const res = await postMcp(t.baseUrl, body, { key: acct.mcpKey });
      assert.equal(res.status, 400, JSON.stringify(body));
      assertRpcError(res.body, -32600, id);
    }
  });

  test('-32601 for an unknown method', async () => {
    for (const method of ['tools/delete', 'resources/list', 'prompts/list']) {
      const res = await postMcp(t.baseUrl, { jsonrpc: '2.0', id: 'm', method }, { key: acct.mcpKey });
      assert.equal(res.status, 200);
      assertRpcError(res.body, -32601, 'm');
      assert.match(res.body.error.message, new RegExp(method));
    }
  });

  test('-32602 for an unknown tool, a missing name, and arguments that are not an object', async () => {
    const unknown = await callTool(t.baseUrl, acct.mcpKey, 'delete_everything', {});
    assertRpcError(unknown.body, -32602, unknown.body.id);
    assert.match(unknown.body.error.message, /Unknown tool "delete_everything"/);
    assert.match(unknown.body.error.message, /list_leads/);

    const noName = await postMcp(
      t.baseUrl,
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { arguments: {} } },
      { key: acct.mcpKey },
    );
    assertRpcError(noName.body, -32602, 3);

    const listArgs = await callTool(t.baseUrl, acct.mcpKey, 'list_projects', [1]);
    assertRpcError(listArgs.body, -32602, listArgs.body.id);
    assert.match(listArgs.body.error.message, /arguments must be an object/);
  });

  test('-32602 for bad arguments names the argument', async () => {
    const res = await callTool(t.baseUrl, acct.mcpKey, 'list_leads', { projectId: 'p', minScore: 101 });
    assertRpcError(res.body, -32602, res.body.id);
    assert.equal(res.body.error.message, 'Invalid minScore 101: must be an integer from 0 to 100.');
    assert.equal(res.body.error.data.argument, 'minScore');
  });
});

describe('MCP lifecycle', () => {
  const init = (protocolVersion: unknown) => ({
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion, capabilities: {}, clientInfo: { name: 'test', version: '1' } },
  });

  test("initialize answers with the client's version when supported", async () => {
    for (const v of ['2025-11-25', '2025-06-18', '2025-03-26']) {
      const res = await postMcp(t.baseUrl, init(v), { key: acct.mcpKey });
      assert.equal(res.status, 200);
      assert.equal(res.body.result.protocolVersion, v);
      assert.deepEqual(res.body.result.capabilities, { tools: {} });
      assert.equal(res.body.result.serverInfo.name, 'lead-intelligence');
      assert.equal(typeof res.body.result.serverInfo.version, 'string');
    }
  });

  test('initialize answers with the latest version when the client asks for another', async () => {
    for (const v of ['2024-11-05', '2099-01-01']) {
      const res = await postMcp(t.baseUrl, init(v), { key: acct.mcpKey });
      assert.equal(res.body.result.protocolVersion, '2025-11-25');
    }
    const missing = await postMcp(t.baseUrl, init(undefined), { key: acct.mcpKey });
    assertRpcError(missing.body, -32602, 0);
  });

  test('a notification gets 202 with no body', async () => {
    for (const method of ['notifications/initialized', 'notifications/cancelled', 'notifications/unknown']) {
      const res = await postMcp(t.baseUrl, { jsonrpc: '2.0', method }, { key: acct.mcpKey });
      assert.equal(res.status, 202, method);
      assert.equal(res.text, '');
    }
  });

  test('a JSON-RPC response sent by the client gets 202', async () => {
    const res = await postMcp(t.baseUrl, { jsonrpc: '2.0', id: 5, result: {} }, { key: acct.mcpKey });
    assert.equal(res.status, 202);
  });

  test('ping answers {}', async () => {
    const res = await postMcp(t.baseUrl, { jsonrpc: '2.0', id: 'p1', method: 'ping' }, { key: acct.mcpKey });
    assert.deepEqual(res.body, { jsonrpc: '2.0', id: 'p1', result: {} });
  });

  test('a supported MCP-Protocol-Version header is accepted, an invalid one gets 400', async () => {
    const ok = await postMcp(t.baseUrl, LIST, {
      key: acct.mcpKey,
      headers: { 'mcp-protocol-version': '2025-06-18' },
    });
    assert.equal(ok.status, 200);
    for (const v of ['1999-01-01', 'banana', '']) {
      const res = await postMcp(t.baseUrl, LIST, {
        key: acct.mcpKey,
        headers: { 'mcp-protocol-version': v },
      });
      assert.equal(res.status, 400, v);
      assertRpcError(res.body, -32000, 1);
      assert.match(res.body.error.message, /2025-11-25/);
    }
  });

  test('GET and DELETE (and the other methods) get 405 with Allow: POST', async () => {
    for (const method of ['GET', 'DELETE', 'PUT', 'OPTIONS']) {
      const res = await fetch(`${t.baseUrl}/mcp`, {
        method,
        headers: { authorization: `Bearer ${acct.mcpKey}`, accept: 'text/event-stream' },
      });
      assert.equal(res.status, 405, method);
      assert.equal(res.headers.get('allow'), 'POST');
      assertRpcError(await res.json(), -32000);
    }
  });

  test('a body over 64 KiB is refused with a JSON-RPC error', async () => {
    const big = { ...LIST, params: { padding: 'x'.repeat(70 * 1024) } };
    const res = await postMcp(t.baseUrl, big, { key: acct.mcpKey });
    assert.equal(res.status, 413);
    assertRpcError(res.body, -32000);
  });
});

describe('Origin', () => {
  test('a present, disallowed Origin gets 403 before anything else', async () => {
    for (const origin of [
      'http://evil.example.com',
      'null',
      'https://localhost.evil.com',
      // Issue 35: parsed with new URL, these read as loopback.
      'http://evil.example@127.0.0.1:3000',
      'http://localhost:3000/evil',
    ]) {
      const res = await postMcp(t.baseUrl, LIST, { key: acct.mcpKey, headers: { origin } });
      assert.equal(res.status, 403, origin);
      assertRpcError(res.body, -32003, 1);
    }
    const noKey = await postMcp(t.baseUrl, LIST, { headers: { origin: 'http://evil.example.com' } });
    assert.equal(noKey.status, 403);
  });

  test('loopback origins and the service origin are allowed; no Origin is allowed', async () => {
    for (const origin of [
      'http://localhost:5173',
      'http://127.0.0.1:3000',
      'http://[::1]',
      'http://localhost:3000',
    ]) {
      const res = await postMcp(t.baseUrl, LIST, { key: acct.mcpKey, headers: { origin } });
      assert.equal(res.status, 200, origin);
    }
  });
});

describe('configured origins and the daily allowance', () => {
  let limited: TestApp;
  before(async () => {
    limited = await startTestApp({
      config: {
        selfHosted: false,
        mcpAllowedOrigins: ['https://app.example.com'],
        tierLimits: { ...DEFAULT_TIER_LIMITS, free: { ...DEFAULT_TIER_LIMITS.free, apiRequestsPerDay: 2 } },
      },
    });
  });
  after(() => limited.close());

  test('MCP_ALLOWED_ORIGINS admits its origins only', async () => {
    const a = await createAccount(limited.services, 'connected');
    const ok = await postMcp(limited.baseUrl, LIST, {
      key: a.mcpKey,
      headers: { origin: 'https://app.example.com' },
    });
    assert.equal(ok.status, 200);
    const other = await postMcp(limited.baseUrl, LIST, {
      key: a.mcpKey,
      headers: { origin: 'https://other.example.com' },
    });
    assert.equal(other.status, 403);
  });

  test('tool calls count against the daily allowance; the handshake and tools/list do not', async () => {
    const a = await createAccount(limited.services, 'free');
    for (let i = 0; i < 3; i++) {
      assert.equal((await postMcp(limited.baseUrl, LIST, { key: a.mcpKey })).status, 200);
    }
    const first = await callTool(limited.baseUrl, a.mcpKey, 'list_projects', {});
    assert.equal(first.status, 200);
    assert.match(first.headers.get('ratelimit') ?? '', /"daily";r=1;t=\d+/);
    assert.equal((await callTool(limited.baseUrl, a.mcpKey, 'list_projects', {})).status, 200);
    const over = await callTool(limited.baseUrl, a.mcpKey, 'list_projects', {});
    assert.equal(over.status, 429);
    assertRpcError(over.body, -32029, over.body.id);
    assert.equal(over.body.error.data.code, 'rate_limited');
    assert.match(over.headers.get('retry-after') ?? '', /^\d+$/);
    assert.equal((await postMcp(limited.baseUrl, LIST, { key: a.mcpKey })).status, 200);
  });

  test('a counted tool call that fails (a bad argument) still reports the allowance it used', async () => {
    const a = await createAccount(limited.services, 'free'); // 2 a day here
    const bad = await callTool(limited.baseUrl, a.mcpKey, 'list_leads', { projectId: 'p', limit: 0 });
    assertRpcError(bad.body, -32602, bad.body.id);
    assert.match(bad.headers.get('ratelimit') ?? '', /"daily";r=1;t=\d+/);
    assert.match(bad.headers.get('ratelimit-policy') ?? '', /"daily";q=2;w=86400/);
  });

  test('parallel tool calls past the allowance: exactly the allowance is admitted, each with its own count', async () => {
    const a = await createAccount(limited.services, 'free'); // 2 a day here
    const calls = await Promise.all(
      Array.from({ length: 10 }, () => callTool(limited.baseUrl, a.mcpKey, 'list_projects', {})),
    );
    const admitted = calls.filter((c) => c.status === 200);
    assert.equal(admitted.length, 2);
    assert.equal(calls.filter((c) => c.status === 429).length, 8);
    assert.deepEqual(admitted.map((c) => c.headers.get('ratelimit')?.split(';')[1]).sort(), ['r=0', 'r=1']);
  });
});

test('MCP_ALLOWED_ORIGINS is checked at start', () => {
  assert.deepEqual(
    loadConfig({ MCP_ALLOWED_ORIGINS: 'https://a.example.com, http://b.test:8080' }).mcpAllowedOrigins,
    ['https://a.example.com', 'http://b.test:8080'],
  );
  assert.deepEqual(loadConfig({}).mcpAllowedOrigins, []);
  for (const bad of ['not a url', 'ftp://x.example.com', 'https://a.example.com/path']) {
    assert.throws(() => loadConfig({ MCP_ALLOWED_ORIGINS: bad }), ConfigError, bad);
  }
});

// Issue 35: 2025-03-26 is offered, and batches are part of it (docs/decisions/0110).
describe('JSON-RPC batches of MCP 2025-03-26', () => {
  const ping = (id: number | string) => ({ jsonrpc: '2.0', id, method: 'ping' });
  const note = { jsonrpc: '2.0', method: 'notifications/initialized' };

  for (const headers of [{}, { 'mcp-protocol-version': '2025-03-26' }] as Record<string, string>[]) {
    test(`an array of requests gets an array of responses, in order (${JSON.stringify(headers)})`, async () => {
      const res = await postMcp(
        t.baseUrl,
        [LIST, note, ping('p'), { jsonrpc: '2.0', id: 3, method: 'nope' }],
        {
          key: acct.mcpKey,
          headers,
        },
      );
      assert.equal(res.status, 200);
      assert.ok(Array.isArray(res.body), res.text);
      assert.deepEqual(
        res.body.map((r: { id: unknown }) => r.id),
        [1, 'p', 3],
      );
      assert.ok(res.body[0].result.tools.length > 0);
      assert.deepEqual(res.body[1].result, {});
      assert.equal(res.body[2].error.code, -32601);
    });
  }

  test('only notifications: 202 and no body', async () => {
    const res = await postMcp(t.baseUrl, [note, note], { key: acct.mcpKey });
    assert.equal(res.status, 202);
    assert.equal(res.text, '');
  });

  test('bad entries are answered in place; an empty or oversized batch is one -32600', async () => {
    const res = await postMcp(
      t.baseUrl,
      [
        { id: 5, method: 'ping' },
        [ping(6)],
        { jsonrpc: '2.0', id: 7, method: 'initialize', params: {} },
        ping(8),
      ],
      { key: acct.mcpKey },
    );
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.body.map((r: { id: unknown; error?: { code: number } }) => [r.id, r.error?.code ?? null]),
      [
        [5, -32600],
        [null, -32600],
        [7, -32600],
        [8, null],
      ],
    );
    const empty = await postMcp(t.baseUrl, [], { key: acct.mcpKey });
    assert.equal(empty.status, 400);
    assertRpcError(empty.body, -32600);
    const big = await postMcp(
      t.baseUrl,
      Array.from({ length: 33 }, (_, i) => ping(i)),
      { key: acct.mcpKey },
    );
    assert.equal(big.status, 400);
    assertRpcError(big.body, -32600);
  });

  test('a batch without a key is one 401', async () => {
    const res = await postMcp(t.baseUrl, [LIST, ping(2)]);
    assert.equal(res.status, 401);
    assertRpcError(res.body, -32001);
  });
});
