import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ConfigError, DEFAULT_TIER_LIMITS, loadConfig } from './config.ts';

test('defaults give a self-hosted instance on port 3000 with the embedded database', () => {
  const c = loadConfig({});
  assert.equal(c.port, 3000);
  assert.equal(c.selfHosted, true);
  assert.equal(c.databaseUrl, null);
  assert.equal(c.publicBaseUrl, 'http://localhost:3000');
  assert.deepEqual(c.tierLimits, DEFAULT_TIER_LIMITS);
});

test('a bad value fails fast with a message naming the variable', () => {
  const cases: [Record<string, string>, RegExp][] = [
    [{ PORT: 'eighty' }, /PORT must be an integer/],
    [{ PORT: '70000' }, /PORT must be an integer from 0 to 65535/],
    [{ SELF_HOSTED: 'maybe' }, /SELF_HOSTED must be true or false/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must use postgres:/],
    [{ PUBLIC_BASE_URL: 'not a url' }, /PUBLIC_BASE_URL must be a URL/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
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
