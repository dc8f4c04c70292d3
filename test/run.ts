// Runs the whole suite on the embedded database, then again on PostgreSQL when TEST_DATABASE_URL is set.
import { spawnSync } from 'node:child_process';
import { ensureWebBuilt } from './e2e/build-web.ts';

const files = ['src/**/*.test.ts', 'test/**/*.test.ts'];
const extra = process.argv.slice(2);
const targets: { label: string; env: NodeJS.ProcessEnv }[] = [
  { label: 'PGlite (embedded)', env: { ...process.env, TEST_DATABASE_URL: '' } },
];
if (process.env.TEST_DATABASE_URL) {
  targets.push({ label: `PostgreSQL (${process.env.TEST_DATABASE_URL})`, env: process.env });
}

// The browser tests serve the built dashboard: build it once here, before suites run side by side.
if (await ensureWebBuilt()) process.stdout.write('built web/dist for the dashboard tests\n');

let failed = false;
for (const target of targets) {
  process.stdout.write(`\n=== test suite on ${target.label} ===\n`);
  const run = spawnSync(
    process.execPath,
    ['--test', '--test-concurrency=2', ...extra, ...(extra.length ? [] : files)],
    {
      stdio: 'inherit',
      env: target.env,
    },
  );
  if (run.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
