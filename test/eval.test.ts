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
  const r = run('--check', '--local');
  assert.equal(r.status, 0, r.stderr + r.stdout);
  assert.match(r.stdout, /NDCG@10 \(keyword\)/);
  assert.match(r.stdout, /^group A .*\n^group B .*\n(?:^group [C-Z] .*\n)*^all /m);
  assert.match(r.stdout, /simulated triage .*\n {2}group A {2}NDCG@10 before \d\.\d{3} after \d\.\d{3}/);
  assert.match(r.stdout, /reply drafts .*\n {2}worst project \(A\+B\): repeated openings \d\.\d{3}/);
  assert.match(r.stdout, /eval check passed/);
});

test('the eval check fails, naming the figure, when a floor is above what the scorer reaches', () => {
  const floors = JSON.parse(readFileSync(join(root, 'docs/eval-floors.json'), 'utf8'));
  const file = join(mkdtempSync(join(tmpdir(), 'floors-')), 'floors.json');
  writeFileSync(file, JSON.stringify({ ...floors, B: { ...floors.B, ndcg10Mean: 0.999 } }));
  const r = run('--check', '--local', '--floors', file);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /B\.ndcg10Mean .* is below its floor 0\.999/);
});

test('the metrics: a perfect ordering scores 1, a reversed one less, sellers in the top 10 are counted', async () => {
  const { evaluate } = await import('../scripts/eval-lib.ts');
  const grades = [3, 0, 2, 1, 0, 3, 0, 0, 1, 0, 0, 2];
  const posts = new Map(
    grades.map((_, i) => [`p${i}`, { id: `p${i}`, subreddit: 's', author: null, title: `t${i}`, body: '' }]),
  );
  const data = {
    projects: [
      {
        key: 'x',
        group: 'B' as const,
        name: 'X',
        url: null,
        pain: null,
        solution: null,
        targetUsers: null,
        geography: null,
        budgetFit: null,
        keywords: [],
        competitors: [],
        subreddits: ['s'],
      },
    ],
    labels: grades.map((grade, i) => ({
      project: 'x',
      postId: `p${i}`,
      grade,
      sellerSide: i === 1,
      stage: grade >= 2 ? 'solution-seeking' : null,
    })),
    tags: [],
    ownSellers: [],
    splitSellers: [],
    posts,
  };
  const gradeOf = (title: string) => grades[Number(title.slice(1))]!;
  const perfect = evaluate(data, (item) => ({
    score: gradeOf(item.title) * 10,
    stage: 'solution-seeking',
    reason: null,
    sellerSide: item.title === 't1',
    matchedPhrase: null,
  }));
  assert.equal(perfect.ndcg10Mean, 1);
  assert.equal(perfect.groups.B?.ndcg10Mean, 1);
  assert.equal(perfect.precision10Mean, 0.4);
  assert.equal(perfect.stageAccuracy, 1);
  assert.deepEqual([perfect.seller.precision, perfect.seller.recall], [1, 1]);
  const reversed = evaluate(data, (item) => ({
    score: 100 - gradeOf(item.title) * 10,
    stage: null,
    reason: null,
    sellerSide: false,
    matchedPhrase: null,
  }));
  assert.ok(reversed.ndcg10Mean < 0.5, String(reversed.ndcg10Mean));
  assert.equal(reversed.maxSellersInTop10, 1);
  assert.equal(reversed.seller.recall, 0);
});

test('on every graded pair the reason tells the stage shipped: a lead with a stage is never "asks for nothing"', async () => {
  const { loadEvalData, toItem } = await import('../scripts/eval-lib.ts');
  const { scoreItem } = await import('../src/domain/scoring.ts');
  const data = loadEvalData();
  const byKey = new Map(data.projects.map((p) => [p.key, p]));
  const wrong: string[] = [];
  for (const label of data.labels) {
    const r = scoreItem(toItem(data.posts.get(label.postId)!), byKey.get(label.project)!);
    // The stage's own words: "Asks for", "Ready to buy", "Compares", "Wants an alternative", "Has the problem",
    // also as a weak lead ("Weak lead: asks for …").
    const claims =
      /^(?:Weak lead: )?(?:asks|ready to buy|compares|wants an alternative|has the problem)/i.test(
        r.reason ?? '',
      );
    if ((r.stage !== null) !== claims)
      wrong.push(`${label.project}/${label.postId}: ${r.stage} "${r.reason}"`);
    if (r.stage === null && r.score >= 30 && !r.sellerSide)
      assert.doesNotMatch(r.reason ?? '', /^Ready to buy/, `${label.project}/${label.postId}`);
  }
  assert.deepEqual(wrong.slice(0, 5), []);
});

test('--llm measures the LLM phase through the scan code: every judged pair is one call, then the cache answers; failures keep the local score', async () => {
  const { spawn } = await import('node:child_process');
  const { startFakeLlm } = await import('./fakes/llm-fake.ts');
  const fake = await startFakeLlm();
  // Asynchronous: the fake model answers from this process while the eval runs.
  const runAsync = (env: NodeJS.ProcessEnv, ...args: string[]) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, ['scripts/eval.ts', ...args], { cwd: root, env });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => {
        stdout += d;
      });
      child.stderr.on('data', (d) => {
        stderr += d;
      });
      child.on('close', (status) => resolve({ status, stdout, stderr }));
    });
  try {
    const env = {
      ...process.env,
      LLM_BASE_URL: fake.url,
      LLM_MODEL: 'test-model',
      LLM_USD_PER_MTOK_IN: '2.5',
      LLM_USD_PER_MTOK_OUT: '10',
      LLM_EVAL_CACHE_DIR: mkdtempSync(join(tmpdir(), 'llm-eval-')),
    };
    const args = ['--local', '--llm', '--llm-groups', 'A'];
    const first = await runAsync(env, ...args);
    assert.equal(first.status, 0, first.stderr);
    const m =
      /with the LLM phase \((\d+) pairs judged by the model: (\d+) calls, 0 from the cache, 0 kept/.exec(
        first.stdout,
      );
    assert.ok(m, first.stdout.slice(0, 400));
    assert.ok(Number(m[1]) > 0);
    assert.equal(Number(m[2]), Number(m[1]));
    assert.equal(fake.requests.length, Number(m[1]), 'one request per judged pair');
    // The fake answers 91 for every pair: the order among them is lost, and the eval shows it.
    const a = /^ {2}group A {2}NDCG@10 (\d\.\d{3}) -> (\d\.\d{3})/m.exec(first.stdout);
    assert.ok(a && Number(a[2]) < Number(a[1]), first.stdout.slice(0, 400));

    const second = await runAsync(env, ...args);
    assert.match(
      second.stdout,
      new RegExp(`${m[1]} pairs judged by the model: 0 calls, ${m[1]} from the cache`),
    );
    assert.equal(fake.requests.length, Number(m[1]), 'the second run calls nothing');

    fake.setMode('ratelimited');
    const failing = await runAsync(
      { ...env, LLM_EVAL_CACHE_DIR: mkdtempSync(join(tmpdir(), 'llm-eval-')) },
      ...args,
    );
    assert.match(failing.stdout, new RegExp(`${m[1]} kept the local score after an error`));
    const kept = /^ {2}group A {2}NDCG@10 (\d\.\d{3}) -> (\d\.\d{3})/m.exec(failing.stdout);
    assert.ok(kept && kept[1] === kept[2], failing.stdout.slice(0, 400));

    const capped = await runAsync(env, '--local', '--llm', '--llm-max-calls', '1');
    assert.equal(capped.status, 2);
    assert.match(capped.stderr, /would go to the model, more than --llm-max-calls 1/);
  } finally {
    await fake.close();
  }
});

test('--llm without a model endpoint says what to set and exits 2', () => {
  const env = { ...process.env };
  delete env.LLM_BASE_URL;
  const r = spawnSync(process.execPath, ['scripts/eval.ts', '--local', '--llm'], {
    cwd: root,
    encoding: 'utf8',
    env,
  });
  assert.equal(r.status, 2);
  assert.match(r.stderr, /--llm needs LLM_BASE_URL and LLM_MODEL/);
});
