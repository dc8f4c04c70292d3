import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ConfigError, loadConfig } from '../config/index.ts';
import { checkWebhookUrl, createAddressCheck } from './webhooks.guard.ts';

test('only public unicast addresses pass by default', () => {
  const allowed = createAddressCheck({ allowPrivate: false });
  for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4001:82b::200e']) {
    assert.equal(allowed(a), true, a);
  }
  for (const a of [
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.251',
    '255.255.255.255',
    '240.0.0.1',
    '192.0.2.1',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:8.8.8.8',
    '64:ff9b::a9fe:a9fe',
    '2002:a9fe:a9fe::1',
    '2001:db8::1',
    'not an address',
  ]) {
    assert.equal(allowed(a), false, a);
  }
});

test('every IPv6 form that embeds an IPv4 address is refused, literal or resolved', async () => {
  // Found by a hostile run (issue 35): ipaddr.js calls IPv4-compatible ::/96 unicast, so [::127.0.0.1] passed.
  const allowed = createAddressCheck({ allowPrivate: false });
  const forms = [
    '::7f00:1', // ::127.0.0.1 as the URL parser writes it
    '::a9fe:a9fe', // ::169.254.169.254
    '::808:808', // ::8.8.8.8: public inside, still an embedding form
    '::ffff:7f00:1',
    '::ffff:0:7f00:1', // IPv4-translated
    '64:ff9b::7f00:1',
    '64:ff9b:1::a9fe:a9fe',
    '2002:7f00:1::1', // 6to4
    '2002:808:808::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2', // Teredo
  ];
  for (const a of forms) assert.equal(allowed(a), false, a);
  for (const url of [
    'https://[::127.0.0.1]/hook',
    'https://[::a9fe:a9fe]/hook',
    'https://[::ffff:0:7f00:1]/hook',
    'https://[64:ff9b::127.0.0.1]/hook',
    'https://[2002:a9fe:a9fe::1]/hook',
    'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hook',
  ]) {
    await assert.rejects(checkWebhookUrl(url, allowed), /private or reserved address/, url);
  }
  // Neighbouring public ranges are not caught by the prefixes.
  for (const a of ['2001:4860:4860::8888', '2003::1', '64:ff9c::1']) assert.equal(allowed(a), true, a);
});

test('WEBHOOK_ALLOW_PRIVATE allows everything, or exactly the listed addresses and ranges', () => {
  assert.equal(createAddressCheck(loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'true' }).webhooks)('127.0.0.1'), true);
  const listed = createAddressCheck(
    loadConfig({ WEBHOOK_ALLOW_PRIVATE: '10.0.0.0/8, 192.168.1.20,fd00::/8' }).webhooks,
  );
  assert.equal(listed('10.20.30.40'), true);
  assert.equal(listed('::ffff:10.1.1.1'), true);
  assert.equal(listed('192.168.1.20'), true);
  assert.equal(listed('192.168.1.21'), false);
  assert.equal(listed('fd00::5'), true);
  assert.equal(listed('127.0.0.1'), false);
  assert.equal(listed('8.8.8.8'), true);
  assert.equal(loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'false' }).webhooks.allowPrivate, false);
  assert.equal(loadConfig({}).webhooks.allowPrivate, false);
});

test('webhook settings are checked at start, with a message naming the variable', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wh-ca-'));
  const notPem = join(dir, 'ca.txt');
  writeFileSync(notPem, 'hello');
  const cases: [Record<string, string>, RegExp][] = [
    [
      { WEBHOOK_ALLOW_PRIVATE: '10.0.0.0/33' },
      /WEBHOOK_ALLOW_PRIVATE must be true, false or a comma-separated/,
    ],
    [{ WEBHOOK_ALLOW_PRIVATE: 'intranet.local' }, /WEBHOOK_ALLOW_PRIVATE .*got "intranet.local"/],
    [{ WEBHOOK_CA_FILE: '/no/such/ca.pem' }, /WEBHOOK_CA_FILE: cannot read/],
    [{ WEBHOOK_CA_FILE: notPem }, /WEBHOOK_CA_FILE: .* holds no PEM certificate/],
    [{ WEBHOOK_RETRIES: '9' }, /WEBHOOK_RETRIES must be an integer from 0 to 5/],
    [{ WEBHOOK_CONCURRENCY_PER_ENDPOINT: '0' }, /WEBHOOK_CONCURRENCY_PER_ENDPOINT/],
  ];
  for (const [env, message] of cases) {
    assert.throws(
      () => loadConfig(env),
      (err: Error) => err instanceof ConfigError && message.test(err.message),
      JSON.stringify(env),
    );
  }
  const c = loadConfig({}).webhooks;
  assert.deepEqual([c.timeoutMs, c.retries], [5000, 0]);
});

test('a literal public address is accepted at registration without any lookup', async () => {
  const allowed = createAddressCheck({ allowPrivate: false });
  assert.equal((await checkWebhookUrl('https://8.8.8.8/hook', allowed)).host, '8.8.8.8');
  assert.equal((await checkWebhookUrl('https://[2606:4700:4700::1111]:8443/x', allowed)).port, '8443');
});
