import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

const root = new URL('..', import.meta.url).pathname;
const run = (...args: string[]) =>
  spawnSync(process.execPath, ['scripts/eval.ts', ...args], { cwd: root, encoding: 'utf8' });

test('the eval check passes at the committed floors and prints the figures beside the keyword baseline', () => {
  const r = run('--check');
  assert.equal(r.status, 0, r.stderr + r.stdout);
  assert.match(r.stdout, /NDCG@10 \(keyword\)/);
  assert.match(r.stdout, /eval check passed/);
});

test('the eval check fails, naming the figure, when a floor is above what the scorer reaches', () => {
  const floors = JSON.parse(readFileSync(join(root, 'docs/eval-floors.json'), 'utf8'));
  const file = join(mkdtempSync(join(tmpdir(), 'floors-')), 'floors.json');
  writeFileSync(file, JSON.stringify({ ...floors, ndcg10Mean: 0.999 }));
  const r = run('--check', '--floors', file);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /ndcg10Mean .* is below its floor 0.999/);
});
