import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { Db } from '../src/db/client.ts';
import type { TestCa } from './receivers.ts';

const fixtures = new URL('./fixtures/onboarding/', import.meta.url);
export const PAGES = ['paydue', 'shiftly', 'pingward', 'rentroll', 'tidybooks'] as const;
export const pageHtml = (name: string) => readFileSync(new URL(`${name}.html`, fixtures), 'utf8');

export interface PageServer {
  /** https://127.0.0.1:<port> */
  origin: string;
  port: number;
  close(): Promise<void>;
}

/**
 * The five product pages over real https (the test CA), and the pages that go wrong: a redirect to another page, to
 * the cloud metadata address and to a private one, a page larger than any limit, one that never answers, a PDF.
 */
export async function startPageServer(ca: TestCa): Promise<PageServer> {
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer({ key: ca.key, cert: ca.cert }, (req, res) => {
    const path = new URL(req.url ?? '/', 'https://x').pathname;
    const page = /^\/([a-z]+)\.html$/.exec(path)?.[1];
    // ChairTime (a salon booking app) fits the demo's sample corpus, for the browser test's first scan.
    if (page && ((PAGES as readonly string[]).includes(page) || page === 'chairtime')) {
      return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pageHtml(page));
    }
    if (path === '/go/paydue') return res.writeHead(302, { location: '/paydue.html' }).end();
    if (path === '/go/metadata')
      return res.writeHead(302, { location: 'https://169.254.169.254/latest/meta-data/' }).end();
    if (path === '/go/private') return res.writeHead(301, { location: 'https://10.1.2.3/admin' }).end();
    if (path === '/huge') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html><body><p>');
      // Written in chunks, with no length announced: the reader must stop at its cap by itself.
      for (let i = 0; i < 64; i++) res.write('x'.repeat(64 * 1024));
      return res.end('</p></body></html>');
    }
    if (path === '/slow') {
      const t = setTimeout(() => {
        timers.delete(t);
        if (!res.destroyed) res.writeHead(200, { 'content-type': 'text/html' }).end('<p>late</p>');
      }, 30_000);
      timers.add(t);
      return;
    }
    if (path === '/brochure.pdf')
      return res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4');
    res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    origin: `https://127.0.0.1:${port}`,
    port,
    async close() {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface SeedPost {
  subreddit: string;
  title: string;
  body: string;
}

/**
 * Stored posts of the last days, as scans leave them in upstream_items: the demo's sample corpus (salon booking)
 * and the posts written for the five fixture products (test/fixtures/onboarding/posts.json), spread over the six
 * days before `now`. Returns how many were stored.
 */
export async function seedStoredPosts(db: Db, now: Date): Promise<number> {
  const sample = readFileSync(new URL('../sample/corpus.jsonl', import.meta.url), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as SeedPost & { id: string });
  const written = JSON.parse(readFileSync(new URL('posts.json', fixtures), 'utf8')) as SeedPost[];
  const all = [
    ...sample.map((p) => ({ ...p, id: `s_${p.id}` })),
    ...written.map((p, i) => ({ ...p, id: `ob${i}` })),
  ];
  const hour = 3_600_000;
  await db.query(
    `INSERT INTO upstream_items (id, kind, post_id, subreddit, title, body, author, url, created_at, stored_at)
     SELECT 't3_' || i, 'post', i, s, t, b, 'someone', 'https://www.reddit.com/r/' || s || '/comments/' || i || '/',
            c, c
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[]) AS x(i, s, t, b, c)`,
    [
      all.map((p) => p.id),
      all.map((p) => p.subreddit),
      all.map((p) => p.title),
      all.map((p) => p.body),
      all.map((_, k) => new Date(now.getTime() - (1 + (k % 140)) * hour)),
    ],
  );
  return all.length;
}
