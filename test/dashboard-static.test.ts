import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { startTestApp, type TestApp } from './harness.ts';

const INDEX =
  '<!doctype html><html><body><div id="app"></div><script src="/assets/app-1a2b.js"></script></body></html>';

const BIG_ASSET = `export const rows = [\n${'  { label: "a row of the dashboard" },\n'.repeat(200)}];\n`;

/** A stand-in for `vite build web`: index.html and one hashed asset. */
function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'assets', 'app-1a2b.js'), 'console.log("dashboard")');
  writeFileSync(join(dir, 'assets', 'big-3c4d.js'), BIG_ASSET);
  return dir;
}

describe('the built dashboard at /', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ webDist: fakeDist() });
  });
  after(() => t.close());
  const get = (path: string, init?: RequestInit) => fetch(t.baseUrl + path, init);

  test('/ and every client route answer index.html, never cached, not framable', async () => {
    for (const path of ['/', '/sign-in', '/projects/abc', '/projects/abc/webhooks?x=1', '/keys', '/mcpx']) {
      const res = await get(path);
      assert.equal(res.status, 200, path);
      assert.match(res.headers.get('content-type')!, /^text\/html/, path);
      assert.equal(await res.text(), INDEX, path);
      assert.equal(res.headers.get('cache-control'), 'no-cache', path);
      assert.equal(res.headers.get('x-frame-options'), 'DENY', path);
    }
    assert.equal((await get('/projects/abc', { method: 'HEAD' })).status, 200);
  });

  test('assets are served with a long cache; a missing asset is a 404, not index.html', async () => {
    const asset = await get('/assets/app-1a2b.js');
    assert.equal(asset.status, 200);
    assert.match(asset.headers.get('content-type')!, /javascript/);
    assert.match(asset.headers.get('cache-control')!, /immutable/);
    for (const path of ['/assets/app-ffff.js', '/favicon.ico', '/../package.json', '/%2e%2e/package.json']) {
      const res = await get(path);
      assert.notEqual(res.status, 200, path);
      assert.doesNotMatch(await res.text(), /doctype|"name"/, path);
    }
  });

  test('files past 1 KB are compressed when the browser accepts it, keeping their cache headers', async () => {
    const res = await new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      httpGet(`${t.baseUrl}/assets/big-3c4d.js`, { headers: { 'accept-encoding': 'gzip' } }, (r) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => resolve({ headers: r.headers, body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });
    assert.equal(res.headers['content-encoding'], 'gzip');
    assert.match(String(res.headers['cache-control']), /immutable/);
    assert.ok(res.headers.etag);
    assert.equal(String(gunzipSync(res.body)), BIG_ASSET);
    assert.ok(res.body.length * 4 < BIG_ASSET.length);
  });

  test('the service’s own paths keep their JSON answers', async () => {
    const api = await get('/api/v1/nope');
    assert.equal(api.status, 404);
    assert.equal(api.headers.get('x-request-cost-usd'), '0');
    assert.equal(((await api.json()) as { error: { code: string } }).error.code, 'not_found');
    for (const path of ['/api', '/api/v2/x', '/dashboard/api', '/dashboard/api/nope', '/healthz/x']) {
      const res = await get(path);
      assert.equal(res.status, 404, path);
      assert.match(res.headers.get('content-type')!, /application\/json/, path);
    }
    assert.equal((await get('/api/v1/openapi.json')).status, 200);
    assert.deepEqual(await (await get('/healthz')).json(), { ok: true });
    assert.doesNotMatch(await (await get('/mcp')).text(), /doctype/);
    const post = await get('/projects/abc', { method: 'POST' });
    assert.equal(post.status, 404, 'only GET falls back to the page');
  });
});

describe('without a build', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ webDist: join(tmpdir(), 'no-such-web-dist') });
  });
  after(() => t.close());

  test('/ and client routes say how to build the dashboard', async () => {
    for (const path of ['/', '/projects/abc']) {
      const res = await fetch(t.baseUrl + path);
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type')!, /^text\/html/);
      assert.match(await res.text(), /npm run build:web/);
    }
    const api = await fetch(`${t.baseUrl}/api/v1/nope`);
    assert.equal(api.status, 404);
    assert.equal(api.headers.get('x-request-cost-usd'), '0');
  });
});
