import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, loadConfig } from '../src/config/index.ts';

const base = { DATA_DIR: '/nonexistent' };

test('upstream network settings have documented defaults', () => {
  const { upstream } = loadConfig(base);
  assert.equal(upstream.timeoutMs, 15_000);
  assert.equal(upstream.reddit.apiBaseUrl, 'https://oauth.reddit.com');
  assert.equal(upstream.reddit.authUrl, 'https://www.reddit.com/api/v1/access_token');
  assert.equal(upstream.reddit.clientId, null);
  assert.equal(upstream.arcticshift.baseUrl, 'https://arctic-shift.photon-reddit.com');
  assert.equal(upstream.scrapecreators.baseUrl, 'https://api.scrapecreators.com');
  assert.equal(upstream.scrapecreators.apiKey, null);
});

test('bad upstream settings fail fast, naming the variable', () => {
  const cases: [Record<string, string>, RegExp][] = [
    [{ REDDIT_USER_AGENT: 'python-requests/2.31' }, /REDDIT_USER_AGENT must look like/],
    [{ UPSTREAM_TIMEOUT_MS: '10' }, /UPSTREAM_TIMEOUT_MS must be an integer from 100/],
    [{ ARCTICSHIFT_BASE_URL: 'ftp://x' }, /ARCTICSHIFT_BASE_URL must use http: or https:/],
    [{ SCRAPECREATORS_BASE_URL: 'not a url' }, /SCRAPECREATORS_BASE_URL must be a URL/],
    [
      { UPSTREAM: 'reddit', REDDIT_CLIENT_ID: 'id' },
      /UPSTREAM=reddit needs REDDIT_CLIENT_SECRET, REDDIT_USER_AGENT/,
    ],
    [{ UPSTREAM: 'scrapecreators' }, /UPSTREAM=scrapecreators needs SCRAPECREATORS_API_KEY/],
  ];
  for (const [env, message] of cases) {
    assert.throws(
      () => loadConfig({ ...base, ...env }),
      (e: unknown) => e instanceof ConfigError && message.test(e.message),
    );
  }
});

test('a complete reddit setup is read as given', () => {
  const { upstream } = loadConfig({
    ...base,
    UPSTREAM: 'reddit',
    REDDIT_CLIENT_ID: 'abc',
    REDDIT_CLIENT_SECRET: 'shh',
    REDDIT_USER_AGENT: 'web:leadscan:1.2.0 (by /u/leadscan_dev)',
    REDDIT_API_BASE_URL: 'http://127.0.0.1:9999',
    UPSTREAM_TIMEOUT_MS: '5000',
  });
  assert.deepEqual(upstream.reddit, {
    clientId: 'abc',
    clientSecret: 'shh',
    userAgent: 'web:leadscan:1.2.0 (by /u/leadscan_dev)',
    apiBaseUrl: 'http://127.0.0.1:9999',
    authUrl: 'https://www.reddit.com/api/v1/access_token',
  });
  assert.equal(upstream.timeoutMs, 5000);
});
