import { randomBytes } from 'node:crypto';
import { type AddressInfo, createServer } from 'node:net';
import pg from 'pg';
import { type Clock, systemClock } from '../src/clock.ts';
import { type Config, loadConfig } from '../src/config/index.ts';
import { type Db, openPglite, openPostgres } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import type { LeadCreatedEvent } from '../src/events.ts';
import { buildApp } from '../src/http/app.ts';
import type { ProjectInput } from '../src/projects/projects.schemas.ts';
import { createScansService, type ScansService } from '../src/scans/scans.service.ts';
import { createServices, type Services } from '../src/services.ts';
import type { OperatorLog } from '../src/sessions/link-delivery.ts';
import type { UpstreamSource } from '../src/upstream/source.ts';
import { enqueueLeadEvents } from '../src/webhooks/webhooks.outbox.ts';

/** Which database the suite runs on: the local PostgreSQL server when TEST_DATABASE_URL is set, else PGlite. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || null;

/** A fresh, migrated database for one suite: an in-memory PGlite, or a new database on the server. */
export async function createTestDb(): Promise<Db & { drop(): Promise<void>; url: string | null }> {
  if (!TEST_DATABASE_URL) {
    const db = await openPglite();
    await migrate(db);
    return Object.assign(db, { drop: () => db.close(), url: null });
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString());
  await migrate(db);
  return Object.assign(db, {
    url: url.toString(),
    async drop() {
      await db.close();
      const a = new pg.Client({ connectionString: TEST_DATABASE_URL! });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  });
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  // No SEO provider unless a suite asks for one: the demo's sample replay would otherwise answer its keywords.
  return {
    ...loadConfig({ DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent', SEO_PROVIDER: 'none' }),
    ...overrides,
  };
}

export interface TestApp {
  baseUrl: string;
  services: Services;
  /** url: the server database's, for a second set of connections; null on PGlite. */
  db: Db & { url: string | null };
  close(): Promise<void>;
}

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The whole HTTP service on a real port over a fresh database. */
export async function startTestApp(
  opts: {
    clock?: Clock;
    config?: Partial<Config>;
    webDist?: string;
    logger?: Parameters<typeof buildApp>[0]['logger'];
    requestLogLevel?: 'info' | 'debug';
    log?: OperatorLog;
  } = {},
): Promise<TestApp> {
  const db = await createTestDb();
  // The service's public origin is where it listens, as in a real deployment (the dashboard checks Origin).
  const port = await freePort();
  const config = testConfig({ publicBaseUrl: `http://127.0.0.1:${port}`, ...opts.config });
  const services = createServices({ db, clock: opts.clock ?? systemClock, config, log: opts.log });
  const app = await buildApp({
    services,
    webDist: opts.webDist,
    logger: opts.logger,
    requestLogLevel: opts.requestLogLevel,
  });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    services,
    db,
    async close() {
      await app.close();
      await services.webhooks.close();
      await services.alerts.close();
      await services.sessions.close();
      await db.drop();
    },
  };
}

/** A scans service of the test app's database, clock, settings and events that buys from this upstream instead. */
export function scansOver(t: TestApp, upstream: UpstreamSource): ScansService {
  return createScansService({
    db: t.db,
    clock: t.services.clock,
    config: t.services.config,
    events: t.services.events,
    upstream,
  });
}

/** A new account with one key of each kind. */
export async function createAccount(services: Services, tier: 'free' | 'connected' = 'connected') {
  const user = await services.accounts.createUser(`u${randomBytes(4).toString('hex')}@example.com`, tier);
  const rest = await services.accounts.issueKey(user.id, 'rest');
  const mcp = await services.accounts.issueKey(user.id, 'mcp');
  return { userId: user.id, restKey: rest.key, mcpKey: mcp.key, restKeyId: rest.id, mcpKeyId: mcp.id };
}

export async function createProject(services: Services, userId: string, input: Partial<ProjectInput> = {}) {
  return services.projects.upsertProject(userId, {
    name: `Project ${randomBytes(3).toString('hex')}`,
    keywords: ['crm'],
    subreddits: ['smallbusiness'],
    competitors: [],
    ...input,
  });
}

export interface LeadFixture {
  postId?: string | null;
  commentId?: string | null;
  title?: string;
  subreddit?: string;
  author?: string | null;
  url?: string;
  body?: string | null;
  score?: number;
  stage?: string | null;
  reason?: string | null;
  matchedPhrase?: string | null;
  sellerSide?: boolean;
  status?: 'new' | 'hidden' | 'not_fit';
  postedAt?: Date;
  scoredAt?: Date;
  costUsd?: number | null;
  reply?: string | null;
}

/** Inserts leads directly, for read-side tests; returns their ids in order. */
/**
 * What a scan does for its new leads: their deliveries written to the outbox in one transaction, then the
 * in-process event that has the webhooks claim them at once.
 */
export async function announceLeads(services: Services, leadIds: string[]): Promise<void> {
  await services.db.transaction((tx) => enqueueLeadEvents(tx, leadIds));
  const rows = await services.db.query<LeadCreatedEvent>(
    `SELECT l.id AS "leadId", l.project_id AS "projectId", p.name AS "projectName", l.subreddit, l.title, l.url,
            l.score, coalesce(l.reply, '') AS reply, l.scored_at AS "draftedAt"
       FROM leads l JOIN projects p ON p.id = l.project_id WHERE l.id = ANY($1::text[])`,
    [leadIds],
  );
  for (const e of rows) services.events.emit('lead.created', e);
}

export async function insertLeads(db: Db, projectId: string, leads: LeadFixture[]): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, l] of leads.entries()) {
    const postId = l.postId === undefined ? `p${randomBytes(5).toString('hex')}` : l.postId;
    const rows = await db.query<{ id: string }>(
      `INSERT INTO leads (project_id, post_id, comment_id, title, subreddit, author, url, body, score, stage, reason,
                          matched_phrase, seller_side, status, posted_at, scored_at, cost_usd, reply)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18) RETURNING id`,
      [
        projectId,
        postId,
        l.commentId ?? null,
        l.title ?? `Lead ${i}`,
        l.subreddit ?? 'smallbusiness',
        l.author === undefined ? 'someone' : l.author,
        l.url ?? `https://www.reddit.com/r/smallbusiness/comments/${postId}/`,
        l.body === undefined ? `Body of lead ${i}` : l.body,
        l.score ?? 50,
        l.stage === undefined ? 'solution-seeking' : l.stage,
        l.reason === undefined ? 'asks for a tool' : l.reason,
        l.matchedPhrase === undefined ? 'crm' : l.matchedPhrase,
        l.sellerSide ?? false,
        l.status ?? 'new',
        l.postedAt ?? new Date(),
        l.scoredAt ?? new Date(),
        l.costUsd === undefined ? 0.001 : l.costUsd,
        l.reply ?? null,
      ],
    );
    ids.push(rows[0]!.id);
  }
  return ids;
}

/** GET with a bearer key; returns status, headers and parsed JSON. */
export async function getJson(baseUrl: string, path: string, key?: string) {
  const res = await fetch(baseUrl + path, { headers: key ? { authorization: `Bearer ${key}` } : {} });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status, headers: res.headers, body: body as any };
}
