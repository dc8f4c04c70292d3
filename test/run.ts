// Runs the whole suite on the embedded database, then again on PostgreSQL when TEST_DATABASE_URL is set. The
// second run takes only the files that can reach the database; the others would repeat the first run's work.
import { spawnSync } from 'node:child_process';
import { globSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { ensureWebBuilt } from './e2e/build-web.ts';

const root = resolve(import.meta.dirname, '..');
const files = ['src/**/*.test.ts', 'test/**/*.test.ts'];
const extra = process.argv.slice(2);

// Relative imports (static and dynamic), and the service or a CLI named as a script to start.
const REFERENCE =
  /\bfrom\s+'(\.{1,2}\/[^']+\.ts)'|import\(\s*'(\.{1,2}\/[^']+\.ts)'\s*\)|'(?:\.\.\/)*(src\/(?:main|cli\/\w+)\.ts)'/g;
const reaches = new Map<string, boolean>();

/** Whether a file, through its relative imports, reaches the database layer (src/db/) or starts the service. */
function usesDatabase(file: string): boolean {
  const known = reaches.get(file);
  if (known !== undefined) return known;
  reaches.set(file, false); // an import cycle answers from the rest of the graph
  let found = relative(root, file).startsWith('src/db/');
  if (!found) {
    for (const m of readFileSync(file, 'utf8').matchAll(REFERENCE)) {
      if (m[3] || usesDatabase(resolve(dirname(file), m[1] ?? m[2]!))) {
        found = true;
        break;
      }
    }
  }
  reaches.set(file, found);
  return found;
}

const targets: { label: string; env: NodeJS.ProcessEnv; files: string[] }[] = [
  { label: 'PGlite (embedded)', env: { ...process.env, TEST_DATABASE_URL: '' }, files },
];
if (process.env.TEST_DATABASE_URL) {
  const withDatabase = globSync(files, { cwd: root }).filter((f) => usesDatabase(resolve(root, f)));
  targets.push({
    label: `PostgreSQL (${process.env.TEST_DATABASE_URL}; the ${withDatabase.length} files that reach the database)`,
    env: process.env,
    files: withDatabase,
  });
}

// The browser tests serve the built dashboard: build it once here, before suites run side by side.
if (await ensureWebBuilt()) process.stdout.write('built web/dist for the dashboard tests\n');

let failed = false;
for (const target of targets) {
  process.stdout.write(`\n=== test suite on ${target.label} ===\n`);
  const run = spawnSync(
    process.execPath,
    ['--test', '--test-concurrency=2', ...extra, ...(extra.length ? [] : target.files)],
    { stdio: 'inherit', env: target.env, cwd: root },
  );
  if (run.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
