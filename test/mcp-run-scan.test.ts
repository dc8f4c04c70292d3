import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createAccount, createProject, startTestApp, type TestApp, testConfig } from './harness.ts';
import { callTool } from './mcp-helpers.ts';

// run_scan against the real scan pipeline (services.scans) over the replayed sample corpus.

let t: TestApp;
let acct: Awaited<ReturnType<typeof createAccount>>;
let projectId: string;

before(async () => {
  t = await startTestApp();
  acct = await createAccount(t.services);
  projectId = (await createProject(t.services, acct.userId, { name: 'Scanned' })).id;
});
after(() => t.close());

const STATUSES = ['queued', 'running', 'done', 'failed'];

function scanRecord(res: Awaited<ReturnType<typeof callTool>>) {
  assert.equal(res.status, 200);
  const result = res.body.result;
  assert.notEqual(result?.isError, true, JSON.stringify(res.body));
  const record = result.structuredContent;
  assert.deepEqual(JSON.parse(result.content[0].text), record);
  assert.equal(typeof record.scanId, 'string');
  assert.equal(record.projectId, projectId);
  assert.ok(STATUSES.includes(record.status), record.status);
  for (const field of ['calls', 'costUsd', 'newLeads']) {
    assert.equal(typeof record[field], 'number', field);
    assert.ok(record[field] >= 0, field);
  }
  return record;
}

test('run_scan starts a scan and returns its record at once', async () => {
  const record = scanRecord(await callTool(t.baseUrl, acct.mcpKey, 'run_scan', { projectId }));
  assert.equal(record.trigger, 'tool');
  const stored = await t.services.scans.getScan(record.scanId);
  assert.equal(stored?.projectId, projectId);
});

test('run_scan with wait: true returns the finished record with calls, costUsd and newLeads', async () => {
  const record = scanRecord(await callTool(t.baseUrl, acct.mcpKey, 'run_scan', { projectId, wait: true }));
  assert.ok(['done', 'failed'].includes(record.status), `status ${record.status}`);
  assert.equal(typeof record.startedAt, 'string');
  assert.equal(typeof record.finishedAt, 'string');
  assert.ok(Date.parse(record.finishedAt) >= Date.parse(record.startedAt));
});

test("run_scan on another account's project is a not-found tool error, and starts nothing", async () => {
  const stranger = await createAccount(t.services);
  const res = await callTool(t.baseUrl, stranger.mcpKey, 'run_scan', { projectId });
  assert.equal(res.body.result.isError, true);
  assert.match(res.body.result.content[0].text, /No such project/);
  const missing = await callTool(t.baseUrl, acct.mcpKey, 'run_scan', { projectId: 'no-such-project' });
  assert.equal(missing.body.result.isError, true);
});

test('run_scan with wait: true outlasts the server’s socket time-out and answers with the scan record', async () => {
  // The socket time-out is twice HTTP_REQUEST_TIMEOUT_MS (2 s here, 60 s by default), shorter than the scan.
  const base = testConfig();
  const slow = await startTestApp({
    config: {
      http: { ...base.http, requestTimeoutMs: 1000, headersTimeoutMs: 1000 },
      upstream: { ...base.upstream, replayLatencyMs: 2500 },
    },
  });
  try {
    const who = await createAccount(slow.services);
    const id = (await createProject(slow.services, who.userId, { name: 'Slow' })).id;
    const t0 = Date.now();
    const res = await callTool(slow.baseUrl, who.mcpKey, 'run_scan', { projectId: id, wait: true });
    const ms = Date.now() - t0;
    assert.equal(res.status, 200);
    assert.equal(res.body.result.structuredContent.status, 'done', JSON.stringify(res.body));
    assert.ok(ms > 2500, `the scan took ${ms} ms, not longer than the socket time-out`);
  } finally {
    await slow.services.scans.drain();
    await slow.close();
  }
});
