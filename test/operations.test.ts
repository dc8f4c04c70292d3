import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { createAccount, createProject, startTestApp, type TestApp, testConfig } from './harness.ts';
import { callTool, postMcp } from './mcp-helpers.ts';

/** Sends raw bytes on a fresh socket and reads the whole answer until the server closes it. */
function rawRequest(baseUrl: string, bytes: string | Buffer): Promise<string> {
  const { port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => {
      answer += d.toString('latin1');
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
    socket.write(bytes);
  });
}

function parseRaw(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const [statusLine, ...lines] = head.split('\r\n');
  const headers = new Map(
    lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine?.split(' ')[1]), headers, body: body ? JSON.parse(body) : undefined };
}

const waitClose = (s: Socket) => new Promise<void>((resolve) => s.once('close', () => resolve()));

describe('health, readiness, request ids and metrics', () => {
  let t: TestApp;
  let acct: Awaited<ReturnType<typeof createAccount>>;
  before(async () => {
    t = await startTestApp({ config: { metricsToken: 'scrape-me' } });
    acct = await createAccount(t.services);
  });
  after(() => t.close());

  test('/healthz is the process; /readyz reports the database reachable and migrated, and the role ready', async () => {
    assert.deepEqual(await (await fetch(`${t.baseUrl}/healthz`)).json(), { ok: true });
    const ready = await fetch(`${t.baseUrl}/readyz`);
    assert.equal(ready.status, 200);
    // This app runs no jobs, so HTTP is the only part of its role it reports (main.ts adds the job queue).
    assert.deepEqual(await ready.json(), {
      ready: true,
      database: 'ok',
      migrations: 'ok',
      role: 'all',
      http: 'ready',
    });
  });

  test('X-Request-Id: a plain id the caller sends is echoed; otherwise a fresh one', async () => {
    const mine = await fetch(`${t.baseUrl}/api/v1/me`, { headers: { 'x-request-id': 'trace-42.a' } });
    assert.equal(mine.headers.get('x-request-id'), 'trace-42.a');
    const fresh = await fetch(`${t.baseUrl}/api/v1/me`);
    assert.match(fresh.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
    const odd = await fetch(`${t.baseUrl}/api/v1/me`, { headers: { 'x-request-id': 'a b\t<script>' } });
    assert.match(odd.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/, 'not echoed into logs or headers');
    const mcp = await postMcp(t.baseUrl, { jsonrpc: '2.0', id: 1, method: 'ping' }, { key: acct.mcpKey });
    assert.ok(mcp.headers.get('x-request-id'));
  });

  test('/metrics needs METRICS_TOKEN and reports requests by route and status, latency, scans, upstream, webhooks', async () => {
    assert.equal((await fetch(`${t.baseUrl}/metrics`)).status, 401);
    const wrong = await fetch(`${t.baseUrl}/metrics`, { headers: { authorization: 'Bearer nope' } });
    assert.equal(wrong.status, 401);
    const project = await createProject(t.services, acct.userId);
    await fetch(`${t.baseUrl}/api/v1/projects/${project.id}`, {
      headers: { authorization: `Bearer ${acct.restKey}` },
    });
    await fetch(`${t.baseUrl}/api/v1/projects/nope`, {
      headers: { authorization: `Bearer ${acct.restKey}` },
    });
    await callTool(t.baseUrl, acct.mcpKey, 'run_scan', { projectId: project.id, wait: true });
    const res = await fetch(`${t.baseUrl}/metrics`, { headers: { authorization: 'Bearer scrape-me' } });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /text\/plain/);
    const text = await res.text();
    assert.match(text, /http_requests_total\{method="GET",route="\/api\/v1\/projects\/:id",status="200"\} 1/);
    assert.match(text, /http_requests_total\{method="GET",route="\/api\/v1\/projects\/:id",status="404"\} 1/);
    assert.match(text, /http_requests_total\{method="POST",route="\/mcp",status="200"\} \d+/);
    assert.match(
      text,
      /http_request_duration_seconds_bucket\{le="0.05",method="GET",route="\/api\/v1\/projects\/:id"\}/,
    );
    assert.match(text, /^scans\{status="done"\} 1$/m);
    assert.match(text, /^scan_queue_depth 0$/m);
    assert.match(text, /^upstream_calls\{api="[^"]+",reused="false",ok="true"\} [1-9]/m);
    assert.match(text, /^upstream_cost_usd\{api="[^"]+"\} \d/m);
    assert.match(text, /^# TYPE webhook_attempts gauge$/m);
    assert.match(text, /^database_up 1$/m);
    if (t.db.url) assert.match(text, /^database_pool_connections\{state="total"\} \d+$/m);
    assert.doesNotMatch(text, /projects\/[a-z0-9]{10,}/, 'route templates, never raw ids');
  });
});

describe('hostile transport: parser errors, slow clients, the connection cap, deep nesting', () => {
  let t: TestApp;
  const logs: { level: number; msg: string; err?: unknown }[] = [];
  before(async () => {
    const stream = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) logs.push(JSON.parse(line));
        done();
      },
    });
    t = await startTestApp({
      config: {
        http: { ...testConfig().http, headersTimeoutMs: 500, requestTimeoutMs: 2000, maxConnections: 40 },
      },
      logger: { level: 'info', stream },
    });
  });
  after(() => t.close());

  test('requests the HTTP parser refuses get the JSON error body, and X-Request-Cost-Usd: 0 on the API', async () => {
    const cases: [string, string | Buffer, number][] = [
      ['huge header', `GET /api/v1/me HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
      ['unknown method', 'BREW /api/v1/me HTTP/1.1\r\nHost: x\r\n\r\n', 405],
      ['CONNECT', 'CONNECT /api/v1/me HTTP/1.1\r\nHost: x\r\n\r\n', 405],
      ['NUL in a header', 'GET /api/v1/me HTTP/1.1\r\nHost: x\r\nX-A: a\u0000b\r\n\r\n', 400],
      ['malformed request line', 'GET/api/v1/me HTTP/1.1\r\nHost: x\r\n\r\n', 405],
      ['bad version', 'GET /api/v1/me HTTP/9.Z\r\nHost: x\r\n\r\n', 400],
      ['space in the path', 'GET /api/v1/m e HTTP/1.1\r\nHost: x\r\n\r\n', 400],
    ];
    for (const [name, bytes, status] of cases) {
      const res = parseRaw(await rawRequest(t.baseUrl, bytes));
      assert.equal(res.status, status, name);
      assert.match(res.headers.get('content-type') ?? '', /application\/json/, name);
      assert.equal(res.headers.get('x-request-cost-usd'), '0', name);
      assert.equal(res.body.error.code, 'invalid_request', name);
      assert.equal(typeof res.body.error.message, 'string', name);
      // No request was read, so the id is a fresh one; the log line carries it.
      const id = res.headers.get('x-request-id') ?? '';
      assert.match(id, /^[0-9a-f-]{36}$/, name);
      assert.ok(
        logs.some((l) => (l as { reqId?: string }).reqId === id),
        `${name}: a log line with its request id`,
      );
    }
    const mcp = parseRaw(await rawRequest(t.baseUrl, `POST /mcp HTTP/1.1\r\nX-A: \u0000\r\n\r\n`));
    assert.equal(mcp.status, 400);
    assert.equal(mcp.body.jsonrpc, '2.0', 'a JSON-RPC error on the tool endpoint');
  });

  test('slow-loris sockets that trickle header lines are closed; others are served meanwhile', async () => {
    const { port } = new URL(t.baseUrl);
    const sockets = Array.from({ length: 20 }, () => connect(Number(port), '127.0.0.1'));
    const closed = sockets.map(waitClose);
    const timers = sockets.map((s, i) => {
      s.on('error', () => {});
      s.write('GET /api/v1/me HTTP/1.1\r\nHost: x\r\n');
      return setInterval(() => s.writable && s.write(`X-Trickle-${i}: 1\r\n`), 100);
    });
    const meanwhile = await fetch(`${t.baseUrl}/healthz`);
    assert.equal(meanwhile.status, 200);
    await Promise.all(closed);
    for (const timer of timers) clearInterval(timer);
  });

  test('near the connection cap a new client is served: the longest-idle and half-sent sockets make room', async () => {
    const { port } = new URL(t.baseUrl);
    const open = async (from: string) => {
      const s = connect({ port: Number(port), host: '127.0.0.1', localAddress: from });
      s.on('error', () => {});
      await new Promise((r) => s.once('connect', r));
      return s;
    };
    // 40 sockets (the cap) from 4 addresses, each holding a request line and nothing more.
    const held: Socket[] = [];
    for (let i = 0; i < 40; i++) {
      const s = await open(`127.0.0.${2 + (i % 4)}`);
      s.write('GET /healthz HTTP/1.1\r\n');
      held.push(s);
    }
    const closed = held.map(waitClose);
    const extra = await open('127.0.0.9');
    const answer = await new Promise<string>((resolve) => {
      let got = '';
      extra.on('data', (d) => {
        got += d;
      });
      extra.on('close', () => resolve(got));
      extra.write('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    });
    assert.match(answer, /^HTTP\/1\.1 200/, 'the 41st connection is served');
    // The first ones opened made room (40 - 5 kept in reserve + the new one).
    await Promise.race([closed[0], new Promise((r) => setTimeout(r, 1000))]);
    assert.ok(held[0]!.destroyed, 'the longest-idle socket was closed');
    for (const s of held) s.destroy();
    await new Promise((r) => setTimeout(r, 50));
    assert.equal((await fetch(`${t.baseUrl}/healthz`)).status, 200);
  });

  test('tool arguments nested 2,000 deep are -32602, with no error-level log', async () => {
    const acct = await createAccount(t.services);
    const deep = `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`;
    const body = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"list_leads","arguments":{"projectId":"p","x":${deep}}}}`;
    const res = await postMcp(t.baseUrl, body, { key: acct.mcpKey, raw: true });
    assert.equal(res.status, 200);
    assert.equal(res.body.error.code, -32602);
    assert.match(res.body.error.message, /nest at most 32 levels/);
    const arrays = `{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"list_projects","arguments":{"x":${'['.repeat(20_000)}${']'.repeat(20_000)}}}}`;
    const res2 = await postMcp(t.baseUrl, arrays, { key: acct.mcpKey, raw: true });
    assert.equal(res2.body.error.code, -32602);
    assert.deepEqual(
      logs.filter((l) => l.level >= 50),
      [],
      'no error-level entries',
    );
  });
});

describe('readiness follows the database and recovers when it comes back empty', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  test('schema gone: /readyz is 503 and the next check migrates again; requests work afterwards', async () => {
    await t.db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
    const first = await fetch(`${t.baseUrl}/readyz`);
    assert.equal(first.status, 503);
    assert.deepEqual(await first.json(), {
      ready: false,
      database: 'ok',
      migrations: 'missing',
      role: 'all',
      http: 'ready',
    });
    let ready = false;
    for (let i = 0; i < 100 && !ready; i++) {
      ready = (await fetch(`${t.baseUrl}/readyz`)).status === 200;
      if (!ready) await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(ready, 'ready again without a restart');
    const acct = await createAccount(t.services);
    const me = await fetch(`${t.baseUrl}/api/v1/me`, {
      headers: { authorization: `Bearer ${acct.restKey}` },
    });
    assert.equal(me.status, 200);
  });
});

test('the default limits are set: headers within 10 s, requests within 30 s, 1,024 connections, 256 an address', () => {
  assert.deepEqual(testConfig().http, {
    headersTimeoutMs: 10_000,
    requestTimeoutMs: 30_000,
    maxConnections: 1024,
    maxConnectionsPerAddress: 256,
  });
});

// Issue 35: one client holding ~1,100 idle sockets made 31% of other clients' new requests fail.
describe('idle sockets of one client address, with the default limits', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  test('1,100 idle sockets from one address: another address is served every time; the address keeps 256', async () => {
    const { port } = new URL(t.baseUrl);
    const hog: Socket[] = [];
    // Half of them made one request and stay open (keep-alive), half never sent a byte.
    for (let i = 0; i < 1100; i++) {
      const s = connect({ port: Number(port), host: '127.0.0.1', localAddress: '127.0.0.2' });
      s.on('error', () => {});
      // Read what comes, so that a close by the server is seen here.
      s.resume();
      hog.push(s);
      await new Promise((r) => s.once('connect', r).once('close', r));
      if (i % 2 === 0) s.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    }
    await new Promise((r) => setTimeout(r, 200));
    const open = hog.filter((s) => !s.destroyed).length;
    let ok = 0;
    for (let i = 0; i < 50; i++) {
      // A new connection each time, from another address, as a new client would.
      const res = await new Promise<string>((resolve) => {
        const s = connect({ port: Number(port), host: '127.0.0.1', localAddress: '127.0.0.3' });
        let got = '';
        s.on('error', () => resolve(got));
        s.on('data', (d) => {
          got += d;
        });
        s.on('close', () => resolve(got));
        s.write('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      });
      if (/^HTTP\/1\.1 200/.test(res)) ok++;
    }
    process.stdout.write(
      `# hog sockets still open: ${open} of 1100; other client's requests answered: ${ok} of 50\n`,
    );
    for (const s of hog) s.destroy();
    assert.equal(ok, 50);
    assert.ok(open <= 256, `${open} sockets left to one address`);
  });
});

// Issue 35: answers the router or Node would give to request targets that fetch() never sends.
describe('request targets: aliases, absolute form, no Host, odd segments', () => {
  let t: TestApp;
  let acct: Awaited<ReturnType<typeof createAccount>>;
  before(async () => {
    // A built dashboard, so that its file server's catch-all is in the route table.
    const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>dashboard</title>');
    t = await startTestApp({ webDist: dist });
    acct = await createAccount(t.services);
  });
  after(() => t.close());

  const get = (target: string, host = 'Host: x\r\n') =>
    rawRequest(
      t.baseUrl,
      `GET ${target} HTTP/1.1\r\n${host}Authorization: Bearer ${acct.restKey}\r\nConnection: close\r\n\r\n`,
    ).then(parseRaw);

  test('every answer to an /api/ target says X-Request-Cost-Usd: 0, however the path is written', async () => {
    const { port } = new URL(t.baseUrl);
    for (const target of ['/api/%76%31/me', `http://127.0.0.1:${port}/api/v1/me`]) {
      const res = await get(target);
      assert.equal(res.status, 200, target);
      assert.equal(res.headers.get('x-request-cost-usd'), '0', target);
      assert.equal(res.body.key.prefix.slice(0, 6), 'rl_sk_', target);
    }
    const noHost = await get('/api/v1/me', '');
    assert.equal(noHost.status, 400);
    assert.equal(noHost.headers.get('x-request-cost-usd'), '0');
    assert.match(noHost.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
    assert.equal(noHost.body.error.code, 'invalid_request');
    assert.match(noHost.body.error.message, /Host/);
    const badEscape = await get('/api/%76%31/%zz');
    assert.equal(badEscape.status, 400);
    assert.equal(badEscape.headers.get('x-request-cost-usd'), '0');
    assert.match(badEscape.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
  });

  test('a path with // or .. segments is an unknown path: 404 not_found, not the file server 403', async () => {
    for (const target of [
      '/api/v1//me',
      '/api/v1/../api/v1/me',
      '/api/v1/%2e%2e/v1/me',
      '/x/../index.html',
    ]) {
      const res = await get(target);
      assert.equal(res.status, 404, target);
      assert.equal(res.body.error.code, 'not_found', target);
      if (target.startsWith('/api/')) assert.equal(res.headers.get('x-request-cost-usd'), '0', target);
    }
    assert.equal(
      (await fetch(`${t.baseUrl}/index.html`)).status,
      200,
      'the dashboard itself is still served',
    );
  });
});

describe('request log lines', () => {
  test('at info by default; at debug (unwritten at the info level) when main.ts asks for quiet requests', async () => {
    for (const [requestLogLevel, expected] of [
      ['info', 1],
      ['debug', 0],
    ] as const) {
      const lines: { msg: string; level: number }[] = [];
      const stream = new Writable({
        write(chunk, _enc, done) {
          for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
          done();
        },
      });
      const t = await startTestApp({ logger: { level: 'info', stream }, requestLogLevel });
      try {
        assert.equal((await fetch(`${t.baseUrl}/healthz`)).status, 200);
        await new Promise((r) => setImmediate(r));
        assert.equal(lines.filter((l) => l.msg === 'request completed').length, expected, requestLogLevel);
      } finally {
        await t.close();
      }
    }
  });
});
