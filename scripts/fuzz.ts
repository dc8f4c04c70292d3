// `npm run fuzz [-- --count 10000 --seed 1]`: the hostile-input fuzz run of docs/reliability.md against the
// whole service on a fresh database (PostgreSQL when TEST_DATABASE_URL is set, else the embedded one).
// Fails when any answer is a 5xx, leaks internals, lacks X-Request-Id, lacks X-Request-Cost-Usd: 0 or the Error
// shape on an /api/ target however written (aliases, absolute form, no Host), when a write
// succeeds, or when the database changed. The fixed-seed subset runs in `npm test` (test/fuzz.test.ts).
import { parseArgs } from 'node:util';
import { databaseDigest, runFuzz } from '../test/fuzz/hostile.ts';
import { prepareTargets } from '../test/fuzz/targets.ts';
import { startTestApp, TEST_DATABASE_URL } from '../test/harness.ts';

const { values } = parseArgs({
  options: { count: { type: 'string', default: '10000' }, seed: { type: 'string', default: '1' } },
});
const count = Number(values.count);
const seed = Number(values.seed);
const t = await startTestApp();
try {
  const targets = await prepareTargets(t);
  const before = await databaseDigest(t.db);
  const started = Date.now();
  const result = await runFuzz(targets, {
    seed,
    count,
    concurrency: 8,
    onProgress: (done) => {
      if (done % 1000 === 0) process.stdout.write(`  ${done} requests\n`);
    },
  });
  const after = await databaseDigest(t.db);
  const seconds = (Date.now() - started) / 1000;
  process.stdout.write(
    `fuzz on ${TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: ${count} requests (seed ${seed}) in ${seconds.toFixed(1)} s\n` +
      `  by surface: ${JSON.stringify(result.bySurface)}\n  by status: ${JSON.stringify(result.byStatus)}\n` +
      `  database: ${before === after ? 'unchanged' : `CHANGED (${before} -> ${after})`}\n` +
      `  findings: ${result.findings.length}\n`,
  );
  for (const f of result.findings.slice(0, 20)) {
    process.stdout.write(`  - ${f.problem}\n    request: ${f.request}\n    answer: ${f.answer}\n`);
  }
  process.exitCode = result.findings.length === 0 && before === after ? 0 : 1;
} finally {
  await t.close();
}
