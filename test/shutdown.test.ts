// SIGTERM with clients that hold the server: an idle keep-alive socket, requests sent only in part (headers, or
// headers and part of a body) and a run_scan call waiting for its scan. The process must answer the waiting
// call with the scan's current state, close the rest at once and exit 0 well within its 10 s budget.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { systemClock } from '../src/clock.ts';
import { loadConfig } from '../src/config/index.ts';
import { openPglite } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { createServices } from '../src/services.ts';
import { drawProjects, SAMPLE_CORPUS } from './cluster.ts';
import { type ServiceProcess, spawnService } from './service-process.ts';

let service: ServiceProcess | null = null;
after(() => {
  if (service && service.child.exitCode === null) service.child.kill('SIGKILL');
});

/** An embedded data directory with one account (its tool key) and one project. */
async function seed(dataDir: string) {
  const db = await openPglite(join(dataDir, 'pglite'));
  await migrate(db);
  const services = createServices({
    db,
    clock: systemClock,
    config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
  });
  const user = await services.accounts.createUser('shutdown@example.com', 'connected');
  const mcpKey = (await services.accounts.issueKey(user.id, 'mcp')).key;
  const project = await services.projects.upsertProject(user.id, drawProjects(1)[0]!);
  await services.webhooks.close();
  await services.sessions.close();
  await db.close();
  return { mcpKey, projectId: project.id };
}

/** A raw socket to the service, with what it has received and whether it closed. */
async function rawSocket(port: number, send: string) {
  const socket: Socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  socket.on('data', (d) => {
    received += d;
  });
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
  socket.write(send);
  return { socket, received: () => received, closed };
}

test('SIGTERM with idle, half-sent and waiting clients: the waiting call gets the scan, exit 0 within seconds', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'shutdown-'));
  const { mcpKey, projectId } = await seed(dataDir);
  service = spawnService({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    ROLE: 'all',
    DEMO: 'false',
    UPSTREAM: 'replay',
    REPLAY_FILE: SAMPLE_CORPUS,
    // Each upstream call takes 2 s, so the scan is still running when SIGTERM comes.
    REPLAY_LATENCY_MS: '2000',
    UPSTREAM_FRESHNESS_MINUTES: '0',
  });
  const port = await service.ready;
  await service.waitFor(/"msg":"ready"/);

  const idle = await rawSocket(port, 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  const headersOnly = await rawSocket(port, 'GET /api/v1/me HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Half: ');
  const bodyHalf = await rawSocket(
    port,
    'POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"jsonrpc"',
  );
  const waiting = fetch(`http://127.0.0.1:${port}/mcp`, {
    method: 'POST',
    headers: { authorization: `Bearer ${mcpKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'run_scan', arguments: { projectId, wait: true } },
    }),
  }).then(async (res) => ({ status: res.status, body: await res.json() }));
  await service.waitFor(/"msg":"scan started"/);
  await new Promise((r) => setTimeout(r, 300));
  assert.match(idle.received(), /^HTTP\/1\.1 200/);

  const t0 = Date.now();
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    service!.child.once('exit', (code) => resolve({ code, at: Date.now() })),
  );
  service.child.kill('SIGTERM');
  const answer = await waiting;
  const { code, at } = await exited;
  const ms = at - t0;
  process.stdout.write(`# SIGTERM to exit: ${ms} ms, exit code ${code}\n`);
  assert.equal(answer.status, 200);
  const scan = answer.body.result.structuredContent as { status: string; scanId: string };
  assert.ok(['queued', 'running'].includes(scan.status), JSON.stringify(answer.body));
  assert.equal(code, 0, service.output().slice(-3000));
  assert.ok(ms < 5000, `took ${ms} ms to exit`);
  for (const s of [idle, headersOnly, bodyHalf]) assert.ok((await s.closed) - t0 < 5000);
});
