import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compileMatcher } from '../../domain/matching.ts';
import type { FetchRow } from '../fetches.repo.ts';
import type { WatchingProject, Watchlist } from './plan.ts';
import { alsoServed, FIRST_SCAN_LOOKBACK_MS, reusedCalls, reuseFetches, sharedCalls } from './reuse.ts';

const watching = (id: string, listings: string[]) => ({ id, listings: new Set(listings) }) as WatchingProject;
const w: Watchlist = {
  version: 'v1',
  matcher: compileMatcher([]),
  projects: new Map([
    ['a', watching('a', ['comments:sales', 'new:sales'])],
    ['b', watching('b', ['comments:sales', 'new:sales'])],
    ['c', watching('c', ['new:crm'])],
  ]),
};

const fetchOf = (id: string, projectId: string, apis: FetchRow['apis']): FetchRow => ({
  id,
  project_id: projectId,
  fetched_at: new Date(0),
  calls: apis.reduce((n, a) => n + a.calls, 0),
  cost_usd: 0,
  apis,
});

test("a listing's first fetch serves every project watching it, and only those", () => {
  assert.deepEqual(alsoServed(w, 'all-new', 'a', 'new:sales'), ['b']);
  assert.deepEqual(alsoServed(w, 'all-new', 'c', 'new:crm'), []);
});

test('a later fetch serves the projects up to date on the listing that still watch it', () => {
  assert.deepEqual(alsoServed(w, ['a', 'b', 'c', 'deleted'], 'a', 'new:sales'), ['b']);
  assert.deepEqual(alsoServed(w, ['a'], 'b', 'new:sales'), ['a']);
});

test("reusing others' fetches is free: one row per call they made, none for the project's own", () => {
  const at = new Date();
  const calls = reusedCalls(
    [
      fetchOf('1', 'b', [{ api: 'reddit.new', calls: 2, costUsd: 0.02 }]),
      fetchOf('2', 'a', [{ api: 'x', calls: 1, costUsd: 1 }]),
    ],
    'a',
    's',
    at,
  );
  assert.deepEqual(
    calls,
    Array.from({ length: 2 }, () => ({
      projectId: 'a',
      api: 'reddit.new',
      costUsd: 0,
      reused: true,
      ok: true,
      calledAt: at,
      scanId: 's',
      fetchId: '1',
    })),
  );
});

test('what is reused is read after the watermark, in the look-back window', async () => {
  const now = new Date('2026-02-01T00:00:00Z');
  let asked: unknown[] = [];
  const reused = await reuseFetches(
    {
      fetchesAfter: async (...args) => {
        asked = args;
        return { fetches: [fetchOf('5', 'b', [{ api: 'reddit.new', calls: 1, costUsd: 0 }])], items: [] };
      },
    },
    { scanId: 's', projectId: 'a', listing: 'new:sales', after: '4', upTo: '5', now },
  );
  assert.deepEqual(asked, ['new:sales', '4', '5', new Date(now.getTime() - FIRST_SCAN_LOOKBACK_MS)]);
  assert.equal(reused.calls.length, 1);
});

test('the other projects a fetch served get a free row per call that bought something', () => {
  const at = new Date();
  const rows = sharedCalls(
    [
      { api: 'reddit.new', costUsd: 0.01, ok: true },
      { api: 'reddit.new', costUsd: 0, ok: false },
    ],
    ['b', 'c'],
    '9',
    at,
  );
  assert.deepEqual(
    rows.map((r) => [r.projectId, r.costUsd, r.reused, r.scanId, r.fetchId]),
    [
      ['b', 0, true, null, '9'],
      ['c', 0, true, null, '9'],
    ],
  );
});
