import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ConfigError, type LlmConfig, loadConfig } from '../src/config/index.ts';
import { type LeadScore, type ScoringItem, type ScoringProfile, scoreItem } from '../src/domain/scoring.ts';
import { createLeadScorer } from '../src/scoring/lead-scorer.ts';
import { createLlmScorer, type LlmScorer } from '../src/scoring/llm.service.ts';
import { startEndlessServer } from './fakes/endless-server.ts';
import { startFakeLlm } from './fakes/llm-fake.ts';
import { createTestDb } from './harness.ts';

const profile: ScoringProfile = {
  name: 'SlotBook',
  url: 'https://slotbook.example',
  pain: 'Salons lose clients to phone tag and no-shows',
  solution: 'Online booking page with automatic reminders and deposits',
  targetUsers: 'Owners of salons and studios',
  geography: null,
  budgetFit: 'under $50 per month',
  keywords: ['booking', 'scheduling', 'calendar'],
  competitors: ['Calendly'],
};

const item = (mode: string): ScoringItem => ({
  kind: 'post',
  title: `Can anyone recommend booking software for my salon? mode:${mode}`,
  body: 'Calendly is too expensive for three chairs.',
  subreddit: 'smallbusiness',
  author: 'owner',
});

describe('LLM scoring against a local OpenAI-compatible server', () => {
  let fake: Awaited<ReturnType<typeof startFakeLlm>>;
  let db: Awaited<ReturnType<typeof createTestDb>>;
  let llm: LlmScorer;
  let config: LlmConfig;

  before(async () => {
    fake = await startFakeLlm();
    db = await createTestDb();
    config = loadConfig({
      LLM_BASE_URL: fake.url,
      LLM_API_KEY: 'sk-test',
      LLM_MODEL: 'test-model',
      LLM_PRESCORE: '40',
      LLM_TIMEOUT_MS: '300',
      LLM_USD_PER_MTOK_IN: '2.5',
      LLM_USD_PER_MTOK_OUT: '10',
    }).llm!;
    llm = await createLlmScorer({ db, config });
  });
  after(async () => {
    await fake.close();
    await db.drop();
  });

  const local = (mode: string): LeadScore => scoreItem(item(mode), profile);

  test('a valid answer replaces the local score, and the call is reported with its cost', async () => {
    const before = fake.requests.length;
    const r = await llm.refine(item('valid'), profile, local('valid'), 't3_valid');
    assert.equal(r.error, undefined);
    assert.deepEqual(r.score, {
      score: 91,
      stage: 'comparing',
      reason: 'wants an alternative to Calendly for a salon',
      sellerSide: false,
      matchedPhrase: local('valid').matchedPhrase,
    });
    assert.deepEqual(r.call, { api: 'llm.chat', costUsd: (1000 * 2.5 + 100 * 10) / 1e6, ok: true });
    const sent = fake.requests.at(-1)!;
    assert.equal(fake.requests.length, before + 1);
    assert.equal(sent.headers.authorization, 'Bearer sk-test');
    assert.equal(sent.body.model, 'test-model');
    assert.equal(sent.body.response_format.type, 'json_schema');
    assert.deepEqual(sent.body.response_format.json_schema.schema.required, [
      'score',
      'stage',
      'reason',
      'sellerSide',
    ]);
  });

  test('the answer is cached per item and profile: a rescan asks nothing, a profile edit asks again', async () => {
    const before = fake.requests.length;
    const again = await llm.refine(item('valid'), profile, local('valid'), 't3_valid');
    assert.equal(again.cached, true);
    assert.equal(again.call, undefined);
    assert.equal(again.score.score, 91);
    assert.equal(fake.requests.length, before);
    const edited = { ...profile, pain: 'Studios lose hours to double bookings' };
    const fresh = await llm.refine(item('valid'), edited, local('valid'), 't3_valid');
    assert.equal(fresh.cached, undefined);
    assert.equal(fake.requests.length, before + 1);
  });

  test('an item below the pre-score never reaches the model', async () => {
    const before = fake.requests.length;
    const low: LeadScore = { ...local('valid'), score: 10 };
    const r = await llm.refine(item('valid'), profile, low, 't3_low');
    assert.deepEqual(r, { score: low });
    assert.equal(fake.requests.length, before);
  });

  test('a fenced JSON answer is read; a seller-side answer keeps the lead out of the top', async () => {
    const fenced = await llm.refine(item('fenced'), profile, local('fenced'), 't3_fenced');
    assert.equal(fenced.score.score, 77);
    const seller = await llm.refine(item('seller'), profile, local('seller'), 't3_seller');
    assert.equal(seller.score.sellerSide, true);
    assert.ok(seller.score.score < 10);
    assert.equal(seller.score.stage, null);
  });

  const failures: [string, RegExp][] = [
    ['badjson', /not valid JSON/],
    ['schema', /does not match the schema/],
    ['slow', /timed out after 300 ms/],
    ['ratelimited', /HTTP 429/],
    ['broken', /HTTP 500/],
  ];
  for (const [mode, why] of failures) {
    test(`${mode}: falls back to the local score and says why`, async () => {
      const mine = local(mode);
      const r = await llm.refine(item(mode), profile, mine, `t3_${mode}`);
      assert.deepEqual(r.score, mine);
      assert.match(r.error ?? '', why);
      assert.match(r.error ?? '', /^llm\.chat: /);
      assert.equal(r.call?.api, 'llm.chat');
      assert.equal(r.call?.ok, false);
      // A failed answer is not cached: the next scan asks again.
      const before = fake.requests.length;
      await llm.refine(item(mode), profile, mine, `t3_${mode}`);
      assert.equal(fake.requests.length, before + 1);
    });
  }

  test('reply drafts: the model writes them; a broken or long answer falls back to the deterministic draft', async () => {
    const ok = await llm.draftReply(item('valid'), profile, local('valid'), 't3_valid');
    assert.match(ok.reply, /^Look for reminders/);
    assert.equal(ok.call?.ok, true);
    const cached = await llm.draftReply(item('valid'), profile, local('valid'), 't3_valid');
    assert.equal(cached.cached, true);
    const long = await llm.draftReply(item('longreply'), profile, local('longreply'), 't3_long');
    assert.match(long.error ?? '', /draft rules/);
    assert.equal(long.reply.split('SlotBook').length, 2, long.reply);
    const down = await llm.draftReply(item('broken'), profile, local('broken'), 't3_down');
    assert.match(down.error ?? '', /HTTP 500/);
    assert.ok(down.reply.split(/\s+/).length < 120);
  });

  test("a model's draft is asked in the project's tone and ends with its signature, cached per tone", async () => {
    const toned = { ...profile, replyTone: 'expert' as const, replySignature: '— Sam from SlotBook' };
    const before = fake.requests.length;
    const d = await llm.draftReply(item('valid'), toned, local('valid'), 't3_valid');
    assert.ok(d.reply.endsWith('\n— Sam from SlotBook'), d.reply);
    // Another tone is another draft: the plain one cached above is not served.
    assert.equal(fake.requests.length, before + 1);
    assert.match(JSON.stringify(fake.requests.at(-1)), /Tone: expert/);
    const again = await llm.draftReply(item('valid'), toned, local('valid'), 't3_valid');
    assert.equal(again.cached, true);
    assert.ok(again.reply.endsWith('\n— Sam from SlotBook'), again.reply);
  });

  test('the lead scorer for the scan: local only without a model; with one, its calls and errors to record', async () => {
    const localOnly = createLeadScorer({ llm: null });
    const a = await localOnly.score(item('valid'), profile, 't3_lead');
    assert.deepEqual(a, { score: local('valid'), calls: [], errors: [] });
    const d = await localOnly.draft(item('valid'), profile, a.score, 't3_lead');
    assert.equal(d.reply.split('SlotBook').length, 2, d.reply);
    const withModel = createLeadScorer({ llm });
    const b = await withModel.score(item('ratelimited'), profile, 't3_lead429');
    assert.deepEqual(b.score, local('ratelimited'));
    assert.equal(b.calls.length, 1);
    assert.match(b.errors[0] ?? '', /HTTP 429/);
  });

  test('an answer that streams forever stops at the 2 MB cap: an error with the local score', async () => {
    // Found by a hostile run (issue 35): the answer was read with res.text(), without a limit.
    const endless = await startEndlessServer();
    try {
      const hostile = await createLlmScorer({
        db,
        config: { ...config, baseUrl: `${endless.url}/v1`, timeoutMs: 4000 },
      });
      const started = performance.now();
      const r = await hostile.refine(item('valid'), profile, local('valid'), 't3_endless');
      assert.ok(performance.now() - started < 3000);
      assert.deepEqual(r.score, local('valid'));
      assert.match(r.error ?? '', /response body exceeds the 2 MB limit/);
    } finally {
      await endless.close();
    }
  });

  test('an unreachable server is an error with the local score, not a crash', async () => {
    const gone = await createLlmScorer({ db, config: { ...config, baseUrl: 'http://127.0.0.1:9/v1' } });
    const r = await gone.refine(item('valid'), profile, local('valid'), 't3_gone');
    assert.deepEqual(r.score, local('valid'));
    assert.match(r.error ?? '', /request failed/);
  });
});

describe('LLM configuration', () => {
  test('null when LLM_BASE_URL is unset; defaults when set; a clear error when the model is missing', () => {
    assert.equal(loadConfig({}).llm, null);
    const c = loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1/', LLM_MODEL: 'llama3.1' }).llm;
    assert.deepEqual(c, {
      baseUrl: 'http://127.0.0.1:11434/v1',
      apiKey: null,
      model: 'llama3.1',
      preScore: 40,
      timeoutMs: 20000,
      concurrency: 4,
      usdPerMTokIn: 0,
      usdPerMTokOut: 0,
      embeddingModel: null,
    });
    assert.throws(
      () => loadConfig({ LLM_BASE_URL: 'http://x/v1' }),
      (e: Error) => e instanceof ConfigError && /LLM_MODEL/.test(e.message),
    );
    assert.throws(() => loadConfig({ LLM_BASE_URL: 'ftp://x', LLM_MODEL: 'm' }), /LLM_BASE_URL/);
    assert.throws(
      () => loadConfig({ LLM_BASE_URL: 'http://x', LLM_MODEL: 'm', LLM_PRESCORE: '101' }),
      /LLM_PRESCORE/,
    );
  });
});
