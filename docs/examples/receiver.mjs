import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

/** True when header is sha256=<hex HMAC-SHA256 of the raw body bytes>, compared in constant time. */
export function verify(secret, rawBody, header = '') {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`);
  const given = Buffer.from(String(header));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function createReceiver(secret, onLead, seen = new Set()) {
  return createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      if (!verify(secret, raw, req.headers['x-service-signature'])) return res.writeHead(401).end();
      res.writeHead(204).end(); // answer at once; do the work after
      const event = JSON.parse(raw.toString('utf8'));
      if (event.event !== 'lead.created' || seen.has(event.data.url)) return; // unknown kind or repeat
      seen.add(event.data.url);
      setImmediate(() => onLead(event.data));
    });
  });
}

if (import.meta.main) {
  createReceiver(process.env.WEBHOOK_SECRET, (lead) => console.log(lead.leadScore, lead.url)).listen(8080);
}
