// The reference receiver of docs/webhooks.md, run as written.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { after, before, test } from 'node:test';

const examplePath = new URL('../docs/examples/receiver.mjs', import.meta.url);
const example = (await import(examplePath.href)) as {
  verify(secret: string, raw: Buffer, header?: string): boolean;
  createReceiver(secret: string, onLead: (data: any) => void): Server;
};

test("verifies GitHub's published test vector", () => {
  const secret = "It's a Secret to Everybody";
  const body = Buffer.from('Hello, World!');
  const expected = 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17';
  assert.equal(example.verify(secret, body, expected), true);
  assert.equal(example.verify(secret, body, expected.replace(/7$/, '8')), false);
  assert.equal(example.verify(secret, Buffer.from('Hello, World!\n'), expected), false);
  assert.equal(example.verify('another secret', body, expected), false);
  assert.equal(example.verify(secret, body, ''), false);
  assert.equal(example.verify(secret, body, undefined), false);
});

test('docs/webhooks.md shows the tested receiver, line for line', () => {
  const doc = readFileSync(new URL('../docs/webhooks.md', import.meta.url), 'utf8');
  const code = readFileSync(examplePath, 'utf8');
  assert.ok(
    doc.includes(`\`\`\`js\n${code}\`\`\``),
    'the receiver in docs/webhooks.md differs from receiver.mjs',
  );
});

let server: Server;
let base: string;
const leads: any[] = [];
const secret = 'whsec_dGVzdC1zZWNyZXQtdGVzdC1zZWNyZXQtdGVzdC1zZWNyZXQ=';
before(async () => {
  server = example.createReceiver(secret, (lead) => leads.push(lead));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function post(raw: string, signature: string) {
  const res = await fetch(base, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-service-signature': signature },
    body: raw,
  });
  return res.status;
}
const sign = (raw: string) => `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

test('answers 401 to a bad signature and 2xx to a good one, once per data.url', async () => {
  const raw = JSON.stringify({
    event: 'lead.created',
    data: { url: 'https://reddit.com/r/x/1', leadScore: 4 },
  });
  assert.equal(await post(raw, sign(`${raw} `)), 401);
  assert.equal(await post(raw, 'sha256=00'), 401);
  assert.equal(await post(raw, ''), 401);
  assert.equal(await post(raw, sign(raw)), 204);
  assert.equal(await post(raw, sign(raw)), 204);
  // The same bytes re-serialised with other spacing carry a signature of other bytes.
  const respaced = JSON.stringify(JSON.parse(raw), null, 1);
  assert.equal(await post(respaced, sign(raw)), 401);
  const other = JSON.stringify({ event: 'lead.published', data: { url: 'https://reddit.com/r/x/2' } });
  assert.equal(await post(other, sign(other)), 204);
  await settle();
  assert.deepEqual(
    leads.map((l) => l.url),
    ['https://reddit.com/r/x/1'],
  );
});
