import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ConfigError, DEFAULT_TIER_LIMITS, loadConfig, requestLogLevel } from './index.ts';

test('defaults give a self-hosted instance on port 3000 with the embedded database', () => {
  const c = loadConfig({});
  assert.equal(c.port, 3000);
  assert.equal(c.selfHosted, true);
  assert.equal(c.databaseUrl, null);
  assert.equal(c.publicBaseUrl, 'http://localhost:3000');
  assert.deepEqual(c.tierLimits, DEFAULT_TIER_LIMITS);
});

test('scans replay the shipped sample only when neither UPSTREAM nor REPLAY_FILE is set', () => {
  assert.equal(loadConfig({}).upstream.sample, true);
  assert.equal(loadConfig({ REPLAY_FILE: '/tmp/posts.jsonl' }).upstream.sample, false);
  assert.equal(loadConfig({ UPSTREAM: 'arcticshift' }).upstream.sample, false);
});

test('a bad value fails fast with a message naming the variable', () => {
  const cases: [Record<string, string>, RegExp][] = [
    [{ PORT: 'eighty' }, /PORT must be an integer/],
    [{ PORT: '70000' }, /PORT must be an integer from 0 to 65535/],
    [{ SELF_HOSTED: 'maybe' }, /SELF_HOSTED must be true or false/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must use postgres:/],
    [{ PUBLIC_BASE_URL: 'not a url' }, /PUBLIC_BASE_URL must be a URL/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
    [{ LOG_REQUESTS: 'yes' }, /LOG_REQUESTS must be true or false/],
    [{ TIER_LIMITS_FILE: '/no/such/file.json' }, /TIER_LIMITS_FILE: cannot read/],
  ];
  for (const [env, message] of cases) {
    assert.throws(
      () => loadConfig(env),
      (err: Error) => err instanceof ConfigError && message.test(err.message),
    );
  }
});

test('TIER_LIMITS_FILE replaces the limits of a tier and is checked field by field', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tiers-'));
  const good = join(dir, 'good.json');
  writeFileSync(good, JSON.stringify({ free: { ...DEFAULT_TIER_LIMITS.free, apiRequestsPerDay: 7 } }));
  assert.equal(loadConfig({ TIER_LIMITS_FILE: good }).tierLimits.free.apiRequestsPerDay, 7);
  assert.deepEqual(
    loadConfig({ TIER_LIMITS_FILE: good }).tierLimits.connected,
    DEFAULT_TIER_LIMITS.connected,
  );
  const bad = join(dir, 'bad.json');
  writeFileSync(bad, JSON.stringify({ free: { ...DEFAULT_TIER_LIMITS.free, alertCadence: 'weekly' } }));
  assert.throws(() => loadConfig({ TIER_LIMITS_FILE: bad }), /free\.alertCadence/);
  // A file written before apiKeys existed still loads, with the tier's default; a bad value is named.
  const { apiKeys: _new, ...older } = DEFAULT_TIER_LIMITS.free;
  const old = join(dir, 'old.json');
  writeFileSync(old, JSON.stringify({ free: { ...older, projects: 3 } }));
  assert.equal(
    loadConfig({ TIER_LIMITS_FILE: old }).tierLimits.free.apiKeys,
    DEFAULT_TIER_LIMITS.free.apiKeys,
  );
  writeFileSync(bad, JSON.stringify({ free: { ...DEFAULT_TIER_LIMITS.free, apiKeys: -1 } }));
  assert.throws(
    () => loadConfig({ TIER_LIMITS_FILE: bad }),
    /free\.apiKeys must be a non-negative integer or null/,
  );
});

test('sign-in settings: SMTP_URL needs MAIL_FROM, SIGNUP defaults to open only when hosted, TRUST_PROXY', () => {
  assert.deepEqual(loadConfig({}).signIn, { smtpUrl: null, mailFrom: null, signup: 'closed' });
  assert.equal(loadConfig({ SELF_HOSTED: 'false' }).signIn.signup, 'open');
  assert.equal(loadConfig({ SELF_HOSTED: 'false', SIGNUP: 'closed' }).signIn.signup, 'closed');
  assert.equal(loadConfig({ SIGNUP: 'open' }).signIn.signup, 'open');
  const mail = loadConfig({
    SMTP_URL: 'smtps://u:p@smtp.example.com:465',
    MAIL_FROM: 'Leads <in@example.com>',
  });
  assert.equal(mail.signIn.smtpUrl, 'smtps://u:p@smtp.example.com:465');
  assert.equal(mail.signIn.mailFrom, 'Leads <in@example.com>');
  assert.equal(loadConfig({}).trustProxy, false);
  assert.equal(loadConfig({ TRUST_PROXY: 'true' }).trustProxy, true);
  assert.deepEqual(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy, [
    '10.0.0.0/8',
    '127.0.0.1',
  ]);
  const cases: [Record<string, string>, RegExp][] = [
    [{ SMTP_URL: 'smtp://localhost:25' }, /MAIL_FROM must be set when SMTP_URL is set/],
    [{ SMTP_URL: 'http://mail.example.com', MAIL_FROM: 'a@b.c' }, /SMTP_URL must use smtp: or smtps:/],
    [{ MAIL_FROM: 'nobody' }, /MAIL_FROM must be an address/],
    [{ SIGNUP: 'sometimes' }, /SIGNUP must be open or closed/],
    [{ TRUST_PROXY: 'my-proxy' }, /TRUST_PROXY must be true, false or a list/],
  ];
  for (const [env, message] of cases) {
    assert.throws(
      () => loadConfig(env),
      (err: Error) => err instanceof ConfigError && message.test(err.message),
    );
  }
});

test('SEO provider: the demo replays its sample; none, serper and serpapi are read and checked', () => {
  const demo = loadConfig({}).seo;
  assert.equal(demo.provider, 'replay');
  assert.equal(demo.sample, true);
  assert.match(demo.replayFile!, /sample\/seo-replay\.json$/);
  assert.equal(loadConfig({ DEMO: 'false' }).seo.provider, null);
  assert.equal(loadConfig({ SEO_PROVIDER: 'none' }).seo.provider, null);
  const serper = loadConfig({ SEO_PROVIDER: 'serper', SERPER_API_KEY: 'k' }).seo;
  assert.deepEqual(serper.serper, { apiKey: 'k', baseUrl: 'https://google.serper.dev' });
  const serpapi = loadConfig({
    SEO_PROVIDER: 'serpapi',
    SERPAPI_API_KEY: 'k',
    SERPAPI_BASE_URL: 'http://127.0.0.1:9/',
  }).seo;
  assert.deepEqual(serpapi.serpapi, { apiKey: 'k', baseUrl: 'http://127.0.0.1:9' });
  const replay = loadConfig({ SEO_PROVIDER: 'replay', SEO_REPLAY_FILE: '/tmp/x.json' }).seo;
  assert.deepEqual([replay.replayFile, replay.sample], ['/tmp/x.json', false]);
  for (const [env, message] of [
    [{ SEO_PROVIDER: 'bing' }, /SEO_PROVIDER must be one of serper, serpapi, replay or none/],
    [{ SEO_PROVIDER: 'serper' }, /SEO_PROVIDER=serper needs SERPER_API_KEY/],
    [{ SEO_PROVIDER: 'serpapi' }, /SEO_PROVIDER=serpapi needs SERPAPI_API_KEY/],
    [{ SERPER_BASE_URL: 'ftp://x' }, /SERPER_BASE_URL must use http: or https:/],
  ] as [Record<string, string>, RegExp][]) {
    assert.throws(
      () => loadConfig(env),
      (err: Error) => err instanceof ConfigError && message.test(err.message),
    );
  }
});

test('AI engines come from AI_ENGINES or AI_ENGINES_FILE, each checked', () => {
  assert.deepEqual(loadConfig({}).aiEngines, []);
  const engines = loadConfig({
    AI_ENGINES:
      '[{"name":"openai","baseUrl":"https://api.openai.com/v1/","model":"gpt-4o-mini","apiKey":"sk","samples":3}]',
  }).aiEngines;
  assert.deepEqual(engines, [
    {
      name: 'openai',
      baseUrl: 'https://api.openai.com/v1',
      model: 'gpt-4o-mini',
      apiKey: 'sk',
      samples: 3,
      timeoutMs: 30_000,
      usdPerMTokIn: 0,
      usdPerMTokOut: 0,
    },
  ]);
  const file = join(mkdtempSync(join(tmpdir(), 'engines-')), 'engines.json');
  writeFileSync(file, '[{"name":"local","baseUrl":"http://127.0.0.1:11434/v1","model":"llama3"}]');
  assert.equal(loadConfig({ AI_ENGINES_FILE: file }).aiEngines[0]!.samples, 1);
  for (const [raw, message] of [
    ['{"name":"x"}', /AI_ENGINES must be a JSON array/],
    ['[{"name":"x","model":"m"}]', /AI_ENGINES\[0\] needs "name", "baseUrl" and "model"/],
    ['[{"name":"x","model":"m","baseUrl":"ftp://h"}]', /baseUrl must be an http\(s\) URL/],
    [
      '[{"name":"x","model":"m","baseUrl":"http://h","samples":11}]',
      /samples must be an integer from 1 to 10/,
    ],
    [
      '[{"name":"x","model":"m","baseUrl":"http://h"},{"name":"x","model":"m","baseUrl":"http://h"}]',
      /used twice/,
    ],
    ['not json', /AI_ENGINES must be a JSON array of engines/],
  ] as [string, RegExp][]) {
    assert.throws(
      () => loadConfig({ AI_ENGINES: raw }),
      (err: Error) => err instanceof ConfigError && message.test(err.message),
    );
  }
});

test('HEALTH_PORT gives a worker its probe port; other roles serve the probes on PORT and refuse it', () => {
  const pg = { DATABASE_URL: 'postgres://127.0.0.1/x' };
  assert.equal(loadConfig({ ...pg, ROLE: 'worker' }).healthPort, null);
  assert.equal(loadConfig({ ...pg, ROLE: 'worker', HEALTH_PORT: '9090' }).healthPort, 9090);
  assert.throws(
    () => loadConfig({ ...pg, ROLE: 'worker', HEALTH_PORT: 'x' }),
    /HEALTH_PORT must be an integer/,
  );
  for (const role of ['api', 'all']) {
    assert.throws(
      () => loadConfig({ ...pg, ROLE: role, HEALTH_PORT: '9090' }),
      (err: Error) => err instanceof ConfigError && /HEALTH_PORT is for ROLE=worker/.test(err.message),
    );
  }
});

test('WORKER_NICE: 10 unless set, 0 to 19', () => {
  const pg = { DATABASE_URL: 'postgres://127.0.0.1/x', ROLE: 'worker' };
  assert.equal(loadConfig(pg).workerNice, 10);
  assert.equal(loadConfig({ ...pg, WORKER_NICE: '0' }).workerNice, 0);
  assert.throws(
    () => loadConfig({ ...pg, WORKER_NICE: '20' }),
    /WORKER_NICE must be an integer from 0 to 19/,
  );
});

test('UPSTREAM_DAILY_CAP_USD: a number of USD, off, or the $5 default; anything else stops the start', () => {
  assert.equal(loadConfig({}).upstream.dailyCapUsd, 5);
  assert.equal(loadConfig({ UPSTREAM_DAILY_CAP_USD: '0.5' }).upstream.dailyCapUsd, 0.5);
  assert.equal(loadConfig({ UPSTREAM_DAILY_CAP_USD: '0' }).upstream.dailyCapUsd, 0);
  assert.equal(loadConfig({ UPSTREAM_DAILY_CAP_USD: 'off' }).upstream.dailyCapUsd, null);
  for (const bad of ['-1', 'abc', '1e3', '5 USD', '2000000']) {
    assert.throws(
      () => loadConfig({ UPSTREAM_DAILY_CAP_USD: bad }),
      /UPSTREAM_DAILY_CAP_USD must be a number of USD from 0 to 1000000, or off/,
      bad,
    );
  }
});

test('self-hosted listens on 127.0.0.1 unless HOST says otherwise; a hosted instance on every interface', () => {
  assert.equal(loadConfig({}).host, '127.0.0.1');
  assert.equal(loadConfig({ HOST: '0.0.0.0' }).host, '0.0.0.0');
  assert.equal(loadConfig({ SELF_HOSTED: 'false' }).host, '0.0.0.0');
  assert.equal(loadConfig({ SELF_HOSTED: 'false', HOST: '10.1.2.3' }).host, '10.1.2.3');
});

test('one line per request at info, except at a terminal when neither LOG_REQUESTS nor LOG_LEVEL is set', () => {
  const level = (env: Record<string, string>, terminal: boolean) =>
    requestLogLevel(loadConfig(env).requestLogging, terminal);
  assert.equal(level({}, false), 'info', 'piped to a file or a collector: every request');
  assert.equal(level({}, true), 'debug', 'at a terminal: the banner and sign-in links stay readable');
  assert.equal(level({ LOG_LEVEL: 'info' }, true), 'info');
  assert.equal(level({ LOG_REQUESTS: 'true' }, true), 'info');
  assert.equal(level({ LOG_REQUESTS: 'false' }, false), 'debug');
  assert.equal(level({ LOG_LEVEL: 'info', LOG_REQUESTS: 'false' }, false), 'debug');
});
