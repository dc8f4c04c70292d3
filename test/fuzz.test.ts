import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { databaseDigest, runFuzz } from './fuzz/hostile.ts';
import { prepareTargets } from './fuzz/targets.ts';
import { startTestApp, type TestApp } from './harness.ts';

// The fixed-seed subset of `npm run fuzz` (docs/reliability.md, "Hostile input").
let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

test('400 hostile requests over REST, /mcp and the dashboard API: no 5xx, no internals, nothing changed', async () => {
  const targets = await prepareTargets(t);
  const before = await databaseDigest(t.db);
  const { findings, bySurface } = await runFuzz(targets, { seed: 20261123, count: 400 });
  assert.deepEqual(findings, []);
  for (const surface of ['rest', 'mcp', 'dashboard', 'other']) assert.ok(bySurface[surface]! > 20, surface);
  assert.equal(await databaseDigest(t.db), before, 'the database is unchanged');
  const still = await fetch(`${t.baseUrl}/api/v1/me`, {
    headers: { authorization: `Bearer ${targets.restKey}` },
  });
  assert.equal(still.status, 200, 'the service still answers');
});
