// check_ai_visibility against local OpenAI-compatible engines (chat completions wire format): answers, a failing
// engine beside answering ones, samples, time-outs, 429, malformed bodies; storage, history and the daily re-check.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { fixedClock } from '../src/clock.ts';
import type { AiEngineConfig } from '../src/config/index.ts';
import { readAnswer } from '../src/domain/ai-answer.ts';
import { nameVariants } from '../src/domain/mentions.ts';
import { EngineAnswer, VisibilityCheck } from '../src/insights/ai-visibility.schemas.ts';
import { dashboardClient } from './dashboard-helpers.ts';
import { startEndlessServer } from './fakes/endless-server.ts';
import { type FakeServer, startFakeServer } from './fakes/fake-server.ts';
import { startFakeOpenAi } from './fakes/openai-fake.ts';
import { createAccount, createProject, startTestApp, type TestApp } from './harness.ts';
import { callTool } from './mcp-helpers.ts';

const LIST_ANSWER = `Here are good options for a small barbershop:

1. **Booksy** – popular with barbers, marketplace included.
2. **Square Appointments**: free for one location.
3. **ChairTime** - simple online booking with SMS reminders (https://chairtime.example/pricing).
4. Fresha

People on Reddit discuss it here: https://www.reddit.com/r/Barber/comments/s2567/best_booking_app/ and see
https://example.com/review.`;

const PROSE_ANSWER =
  'Most small salons start with Vagaro, though many switch to chair-time... no wait, I mean ChairTime, ' +
  'which is cheaper than Vagaro. Booksy is another choice.';

const engine = (name: string, url: string, extra: Partial<AiEngineConfig> = {}): AiEngineConfig => ({
  name,
  baseUrl: `${url}/v1`,
  model: `${name}-model`,
  apiKey: `${name}-key`,
  samples: 1,
  timeoutMs: 3000,
  usdPerMTokIn: 1,
  usdPerMTokOut: 4,
  ...extra,
});

describe('reading an answer', () => {
  test('mentions are whole words, case-insensitive, with simple variants', () => {
    assert.deepEqual(nameVariants('Square Appointments').sort(), [
      'Square Appointments',
      'Square-Appointments',
      'SquareAppointments',
    ]);
    assert.equal(readAnswer('try chairtime today', 'ChairTime').mentioned, true);
    assert.equal(readAnswer('try chair time today', 'ChairTime').mentioned, false);
    assert.equal(readAnswer('ChairTimely is different', 'ChairTime').mentioned, false);
    assert.equal(readAnswer('see chairtime.example', 'chairtime.example').mentioned, true);
    assert.equal(readAnswer('Square-Appointments works', 'Square Appointments').mentioned, true);
  });

  test('rank in a numbered list, citations with Reddit threads marked, competitors named', () => {
    const r = readAnswer(LIST_ANSWER, 'ChairTime', ['Booksy', 'Square Appointments', 'Vagaro']);
    assert.equal(r.position, 3);
    assert.deepEqual(r.competitorsMentioned, ['Booksy', 'Square Appointments']);
    assert.deepEqual(r.citations, [
      { url: 'https://chairtime.example/pricing', redditThread: false },
      { url: 'https://www.reddit.com/r/Barber/comments/s2567/best_booking_app/', redditThread: true },
      { url: 'https://example.com/review', redditThread: false },
    ]);
    assert.match(r.excerpt, /ChairTime/);
  });

  test('a product name is named only as a whole name, and is never its own competitor', () => {
    // Found by an audit: "Square" counted as named (rank 4) because answers said "Square Appointments".
    const square = readAnswer(LIST_ANSWER, 'Square', ['Booksy', 'Square Appointments']);
    assert.deepEqual([square.mentioned, square.position], [false, null]);
    // Without the longer name known, a capitalised word after it makes it another name.
    assert.equal(readAnswer('Try Square Payroll for wages.', 'Square').mentioned, false);
    assert.equal(readAnswer('Square Appointments, or plain Square for card payments.', 'Square').position, 1);
    const plain = readAnswer('1. **Square** - card payments\n2. Booksy', 'Square', ['Square Appointments']);
    assert.deepEqual([plain.mentioned, plain.position], [true, 1]);
    // The product among the project's competitors ("Vagaro" checked by a project that lists Vagaro).
    const vagaro = readAnswer(PROSE_ANSWER, 'Vagaro', ['Vagaro', 'Booksy', 'Square Appointments']);
    assert.deepEqual(vagaro.competitorsMentioned, ['Booksy']);
    assert.equal(vagaro.position, 1);
  });

  test('without a list: order of first mention among the product and its competitors; not named: null', () => {
    assert.equal(readAnswer(PROSE_ANSWER, 'ChairTime', ['Vagaro', 'Booksy']).position, 2);
    const none = readAnswer('Use Vagaro.', 'ChairTime', ['Vagaro']);
    assert.deepEqual([none.mentioned, none.position], [false, null]);
  });
});

describe('check_ai_visibility against fake engines', () => {
  let t: TestApp;
  let good: FakeServer;
  let prose: FakeServer;
  let broken: FakeServer;
  let acct: Awaited<ReturnType<typeof createAccount>>;
  let project: { id: string };
  const clock = fixedClock('2026-11-20T09:00:00Z');

  before(async () => {
    good = await startFakeOpenAi(() => LIST_ANSWER);
    // Three samples: two name the product (second place in prose), one does not.
    prose = await startFakeOpenAi((_q, n) => (n % 3 === 2 ? 'Vagaro or Booksy.' : PROSE_ANSWER));
    broken = await startFakeOpenAi(() => ({
      status: 429,
      headers: { 'retry-after': '20' },
      json: { error: { message: 'Rate limit reached', type: 'rate_limit_error' } },
    }));
    t = await startTestApp({
      clock,
      config: {
        aiEngines: [
          engine('openai', good.url),
          engine('perplexity', prose.url, { samples: 3 }),
          engine('gemini', broken.url),
        ],
      },
    });
    acct = await createAccount(t.services);
    project = await createProject(t.services, acct.userId, {
      name: 'ChairTime',
      competitors: ['Booksy', 'Square Appointments', 'Vagaro'],
    });
  });
  after(async () => {
    await t.close();
    await Promise.all([good.close(), prose.close(), broken.close()]);
  });

  test('each engine answers, one failing engine does not stop the others; samples give rate and mean rank', async () => {
    const res = await callTool(t.baseUrl, acct.mcpKey, 'check_ai_visibility', {
      productName: 'ChairTime',
      question: 'What is the best booking app for a small barbershop?',
      projectId: project.id,
      saveQuestion: true,
    });
    assert.equal(res.status, 200);
    const result = res.body.result;
    assert.equal(result.isError, undefined);
    assert.deepEqual(JSON.parse(result.content[0].text), result.structuredContent);
    const [openai, perplexity, gemini] = result.structuredContent.engines;
    // The output schema describes exactly what is returned: no field more, none less.
    assert.deepEqual(
      Object.keys(result.structuredContent).sort(),
      Object.keys(VisibilityCheck.properties).sort(),
    );
    for (const e of result.structuredContent.engines) {
      assert.deepEqual(Object.keys(e).sort(), Object.keys(EngineAnswer.properties).sort());
    }
    assert.deepEqual(
      [
        openai.engine,
        openai.mentioned,
        openai.position,
        openai.mentionRate,
        openai.meanPosition,
        openai.error,
      ],
      ['openai', true, 3, 1, 3, null],
    );
    assert.deepEqual(openai.competitorsMentioned, ['Booksy', 'Square Appointments']);
    assert.equal(openai.citations.filter((c: any) => c.redditThread).length, 1);
    assert.deepEqual(
      [
        perplexity.samples,
        perplexity.answered,
        perplexity.mentionRate,
        perplexity.meanPosition,
        perplexity.position,
      ],
      [3, 3, 2 / 3, 2, 2],
    );
    assert.deepEqual(perplexity.competitorsMentioned, ['Booksy', 'Vagaro']);
    assert.equal(gemini.answered, 0);
    assert.equal(gemini.mentioned, null, 'an engine with no answer does not say "not named"');
    assert.equal(gemini.mentionRate, null);
    assert.match(gemini.error, /1 of 1 answers failed: HTTP 429 \(rate limited, retry after 20 s\)/);

    // The engines got the question as a chat message, with their own key, samples in parallel.
    assert.equal(good.requests[0]!.headers.authorization, 'Bearer openai-key');
    assert.equal(
      JSON.parse(good.requests[0]!.body).messages[0].content,
      'What is the best booking app for a small barbershop?',
    );
    assert.equal(prose.requests.length, 3);
  });

  test('each engine call is in usage with its token cost', async () => {
    const usage = await t.services.usage.getUsage(project.id);
    const by = Object.fromEntries(usage.perApi.map((a) => [a.api, a]));
    // 100 prompt tokens at $1/M + 50 completion tokens at $4/M = $0.0003 per answer.
    assert.deepEqual(by['ai.openai'], { api: 'ai.openai', calls: 1, costUsd: 0.0003, reused: 0, failed: 0 });
    assert.deepEqual(by['ai.perplexity'], {
      api: 'ai.perplexity',
      calls: 3,
      costUsd: 0.0009,
      reused: 0,
      failed: 0,
    });
    // Gemini's one answer failed (429): it bought nothing, so it is counted as failed, not as a call.
    assert.deepEqual(by['ai.gemini'], { api: 'ai.gemini', calls: 0, costUsd: 0, reused: 0, failed: 1 });
  });

  test('a NUL character, or only spaces, in productName or question is a bad argument: no 500, no engine asked, no usage', async () => {
    const other = await createAccount(t.services);
    const otherProject = await createProject(t.services, other.userId, { name: 'Nul' });
    for (const args of [
      { productName: 'Chair\u0000Time', question: 'Best booking app?', projectId: otherProject.id },
      { productName: 'ChairTime', question: 'Best?\u0000', projectId: otherProject.id, saveQuestion: true },
    ]) {
      const res = await callTool(t.baseUrl, other.mcpKey, 'check_ai_visibility', args);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.error?.code, -32602, JSON.stringify(res.body));
      assert.match(res.body.error.message, /NUL character/);
    }
    const dash = dashboardClient(t);
    await dash.signIn(other.userId);
    const asked = await dash.post(`/projects/${otherProject.id}/ai-visibility`, { question: 'q\u0000?' });
    assert.equal(asked.status, 400, JSON.stringify(asked.body));
    assert.match(asked.body.error.message, /NUL character/);
    // Nor is a product name or question of spaces only: it would pay for answers to nothing.
    for (const args of [
      { productName: '   ', question: 'Best booking app?' },
      { productName: 'ChairTime', question: ' \n ', projectId: otherProject.id, saveQuestion: true },
    ]) {
      const res = await callTool(t.baseUrl, other.mcpKey, 'check_ai_visibility', args);
      assert.equal(res.body.error?.code, -32602, JSON.stringify(res.body));
      assert.match(res.body.error.message, /must be a non-empty string/);
    }
    assert.equal(
      (await dash.post(`/projects/${otherProject.id}/ai-visibility`, { question: '   ' })).status,
      400,
    );
    assert.equal((await t.services.usage.usageReport(other.userId, null, 30)).totals.calls, 0);
  });

  test("a check without a project is in the account's usage", async () => {
    // Found by an audit: 3 checks without projectId made 18 paid engine calls that no usage figure showed.
    const other = await createAccount(t.services);
    const before = await t.services.usage.usageReport(other.userId, null, 30);
    assert.equal(before.totals.calls, 0);
    const res = await callTool(t.baseUrl, other.mcpKey, 'check_ai_visibility', {
      productName: 'ChairTime',
      question: 'Best booking app for a barber?',
    });
    assert.equal(res.body.result.isError, undefined);
    const report = await t.services.usage.usageReport(other.userId, null, 30);
    assert.equal(report.totals.calls, 4, 'one openai and three perplexity calls');
    assert.equal(report.totals.failed, 1, "gemini's one call failed (429)");
    assert.equal(report.totals.costUsd, 0.0012);
    assert.deepEqual(report.perApi.map((a) => a.api).sort(), ['ai.gemini', 'ai.openai', 'ai.perplexity']);
    assert.deepEqual(
      report.perProject.map((p) => [p.projectId, p.calls]),
      [[null, 4]],
    );
    assert.equal(report.daily.at(-1)!.calls, 4);
    const dash = dashboardClient(t);
    await dash.signIn(other.userId);
    const view = await dash.get('/usage');
    assert.equal(view.status, 200, JSON.stringify(view.body));
    assert.deepEqual([view.body.totals.calls, view.body.totals.failed], [4, 1]);
    // Another account's report does not hold them.
    assert.equal(
      (await t.services.usage.usageReport(acct.userId, null, 30)).perProject.some(
        (p) => p.projectId === null,
      ),
      false,
    );
  });

  test('time-outs and malformed bodies are per-engine errors', async () => {
    good.script({ hang: true });
    prose.script({ body: '{"choices": [' }, { body: '{"choices": []}' });
    const r = await t.services.aiVisibility.check({
      userId: acct.userId,
      productName: 'ChairTime',
      question: 'Which salon booking tool is cheapest?',
    });
    const [openai, perplexity] = r.engines;
    assert.match(openai!.error!, /timed out after 3000 ms/);
    assert.equal(perplexity!.answered, 1);
    assert.match(perplexity!.error!, /2 of 3 answers failed: .*(response is not JSON|no message content)/);
  });

  test('stored per project and question; saved questions are re-checked daily; the dashboard shows history', async () => {
    const dash = dashboardClient(t);
    await dash.signIn(acct.userId);
    let view = await dash.get(`/projects/${project.id}/ai-visibility`);
    assert.equal(view.status, 200);
    assert.deepEqual(
      view.body.engines.map((e: any) => e.name),
      ['openai', 'perplexity', 'gemini'],
    );
    assert.deepEqual(
      view.body.questions.map((q: any) => q.question),
      ['What is the best booking app for a small barbershop?'],
    );
    assert.equal(view.body.history.length, 3, 'the check without projectId is not stored');

    assert.equal(await t.services.aiVisibility.recheckDue(clock.now()), 0, 'checked less than a day ago');
    clock.advance(86_400_000);
    assert.equal(await t.services.aiVisibility.recheckDue(clock.now()), 1);
    view = await dash.get(`/projects/${project.id}/ai-visibility`);
    const openai = view.body.history.filter((h: any) => h.engine === 'openai');
    assert.deepEqual(
      openai.map((h: any) => h.checkedAt),
      ['2026-11-21T09:00:00.000Z', '2026-11-20T09:00:00.000Z'],
    );

    const asked = await dash.post(`/projects/${project.id}/ai-visibility`, {
      question: 'Best barber booking app?',
    });
    assert.equal(asked.status, 201);
    assert.equal(asked.body.productName, 'ChairTime', 'the project name by default');
    assert.equal((await dash.post(`/projects/${project.id}/ai-visibility`, { question: '' })).status, 400);

    const removed = await dash.call('DELETE', `/projects/${project.id}/ai-visibility/questions`, {
      question: 'What is the best booking app for a small barbershop?',
    });
    assert.equal(removed.status, 204);
    const stranger = dashboardClient(t);
    await stranger.signIn((await createAccount(t.services)).userId);
    assert.equal((await stranger.get(`/projects/${project.id}/ai-visibility`)).status, 404);
    const other = await createAccount(t.services);
    const res = await callTool(t.baseUrl, other.mcpKey, 'check_ai_visibility', {
      productName: 'X',
      question: 'q?',
      projectId: project.id,
    });
    assert.equal(res.body.result.isError, true);
  });
});

describe('check_ai_visibility with no engine configured', () => {
  test('answers isError, saying how to configure, and the dashboard says so too', async () => {
    const t = await startTestApp({ config: { aiEngines: [] } });
    try {
      const acct = await createAccount(t.services);
      const p = await createProject(t.services, acct.userId);
      const res = await callTool(t.baseUrl, acct.mcpKey, 'check_ai_visibility', {
        productName: 'A',
        question: 'q?',
      });
      assert.equal(res.body.result.isError, true);
      assert.match(res.body.result.content[0].text, /No AI engines are configured.*Set AI_ENGINES/);
      const dash = dashboardClient(t);
      await dash.signIn(acct.userId);
      assert.deepEqual((await dash.get(`/projects/${p.id}/ai-visibility`)).body, {
        engines: [],
        questions: [],
        history: [],
      });
      const refused = await dash.post(`/projects/${p.id}/ai-visibility`, { question: 'q?' });
      assert.equal(refused.status, 400);
      assert.match(refused.body.error.message, /No AI engines are configured/);
    } finally {
      await t.close();
    }
  });
});

describe('check_ai_visibility against a hostile engine', () => {
  let t: TestApp;
  let endless: Awaited<ReturnType<typeof startEndlessServer>>;
  let slow: FakeServer;
  let acct: Awaited<ReturnType<typeof createAccount>>;

  before(async () => {
    endless = await startEndlessServer();
    slow = await startFakeServer(async () => {
      await new Promise((resolve) => setTimeout(resolve, 60));
      return { json: { choices: [{ message: { content: 'Booksy.' } }] } };
    });
    t = await startTestApp({
      config: {
        aiEngines: [
          engine('endless', endless.url, { samples: 3, timeoutMs: 4000 }),
          engine('slow', slow.url, { samples: 10 }),
        ],
      },
    });
    acct = await createAccount(t.services);
  });
  after(async () => {
    await t.close();
    await Promise.all([endless.close(), slow.close()]);
  });

  test('an answer that streams forever ends at the 2 MB cap, quickly, with bounded memory', async () => {
    // Found by a hostile run (issue 35): res.text() read an endless answer until the process held 8.85 GB.
    const rss = process.memoryUsage().rss;
    const started = performance.now();
    const res = await callTool(t.baseUrl, acct.mcpKey, 'check_ai_visibility', {
      productName: 'ChairTime',
      question: 'Which booking app?',
    });
    const elapsed = performance.now() - started;
    const check = JSON.parse(res.body.result.content[0].text) as VisibilityCheck;
    const hostile = check.engines.find((e) => e.engine === 'endless')!;
    assert.equal(hostile.answered, 0);
    assert.match(hostile.error!, /3 of 3 answers failed: response body exceeds the 2 MB limit/);
    assert.ok(elapsed < 3000, `took ${Math.round(elapsed)} ms`);
    assert.ok(process.memoryUsage().rss - rss < 150 * 1024 * 1024, 'RSS grew by more than 150 MB');
  });

  test("an engine's samples are asked at most three at a time", async () => {
    const r = await t.services.aiVisibility.check({
      userId: acct.userId,
      productName: 'Booksy',
      question: 'Which booking app?',
    });
    assert.equal(r.engines.find((e) => e.engine === 'slow')!.answered, 10);
    assert.equal(slow.maxInFlight('/v1'), 3);
  });
});
