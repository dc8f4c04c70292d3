import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import {
  createAccount,
  createProject,
  insertLeads,
  startTestApp,
  TEST_DATABASE_URL,
  type TestApp,
} from './harness.ts';
import { postMcp } from './mcp-helpers.ts';

// docs/reliability.md, "Database loss": the service's PostgreSQL connections are terminated while traffic runs.
describe('database loss on PostgreSQL', { skip: !TEST_DATABASE_URL && 'needs TEST_DATABASE_URL' }, () => {
  let t: TestApp;
  let admin: pg.Client;
  let acct: Awaited<ReturnType<typeof createAccount>>;
  let projectId: string;

  /** Terminates every connection of the service to its database (not this admin connection). */
  const terminateService = async () =>
    (
      await admin.query(
        `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      )
    ).rows[0].n as number;

  const leads = () =>
    fetch(`${t.baseUrl}/api/v1/projects/${projectId}/leads`, {
      headers: { authorization: `Bearer ${acct.restKey}` },
      signal: AbortSignal.timeout(15_000),
    });

  before(async () => {
    t = await startTestApp();
    admin = new pg.Client({ connectionString: t.db.url! });
    await admin.connect();
    acct = await createAccount(t.services);
    projectId = (await createProject(t.services, acct.userId)).id;
    await insertLeads(t.db, projectId, [{ score: 70 }, { score: 50 }]);
  });
  after(async () => {
    await admin.end();
    await t.close();
  });

  test('requests caught by the termination fail at once with 503 internal_error; the next ones succeed', async () => {
    assert.equal((await leads()).status, 200);
    // Hold a lock so that requests are surely inside the database when their connections are terminated.
    await admin.query('BEGIN');
    await admin.query('LOCK TABLE projects IN ACCESS EXCLUSIVE MODE');
    const rest = leads();
    const mcp = postMcp(
      t.baseUrl,
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_projects', arguments: {} } },
      { key: acct.mcpKey },
    );
    await waitFor(async () => (await waitingOnLock()) >= 2);
    assert.ok((await terminateService()) >= 2);
    await admin.query('ROLLBACK');

    const res = await rest;
    assert.equal(res.status, 503);
    assert.equal(res.headers.get('x-request-cost-usd'), '0');
    const body = (await res.json()) as { error: { code: string; message: string } };
    assert.equal(body.error.code, 'internal_error');
    assert.doesNotMatch(body.error.message, /terminat|57P01|pg_|SELECT/i, 'nothing internal');
    const tool = await mcp;
    assert.equal(tool.status, 503);
    assert.equal(tool.body.error.code, -32603);
    assert.equal(tool.body.error.data.code, 'internal_error');

    // Recovery by itself: the pools replace the terminated connections. An idle connection whose termination
    // notice is still in flight on a loaded machine may answer one more 503; within two seconds all is well.
    const recovered = Date.now() + 2000;
    let next = await leads();
    while (next.status === 503 && Date.now() < recovered) {
      await new Promise((r) => setTimeout(r, 100));
      next = await leads();
    }
    assert.equal(next.status, 200);
    assert.equal((await fetch(`${t.baseUrl}/readyz`)).status, 200);
  });

  test('under steady traffic, repeated terminations give only 200 or 503, never a hang or a 500', async () => {
    const statuses = new Map<number, number>();
    let stop = false;
    const worker = async () => {
      while (!stop) {
        const res = await leads();
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
    };
    const workers = Array.from({ length: 6 }, worker);
    let terminated = 0;
    for (let i = 0; i < 10; i++) {
      await new Promise((r) => setTimeout(r, 100));
      terminated += await terminateService();
    }
    stop = true;
    await Promise.all(workers);
    process.stdout.write(
      `# terminated ${terminated} connections; answers ${JSON.stringify([...statuses])}\n`,
    );
    assert.ok(terminated > 0);
    assert.deepEqual(
      [...statuses.keys()].filter((s) => s !== 200 && s !== 503),
      [],
      'only 200 and 503',
    );
    assert.equal((await leads()).status, 200, 'recovered');
  });

  async function waitingOnLock(): Promise<number> {
    // The admin connection polls inside its locking transaction, where pg_stat_activity is a snapshot taken
    // at the first read: clear it, or a request that reaches the database after that read is never seen.
    await admin.query('SELECT pg_stat_clear_snapshot()');
    const { rows } = await admin.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
    );
    return rows[0].n;
  }
});

async function waitFor(check: () => Promise<boolean>) {
  while (!(await check())) await new Promise((r) => setTimeout(r, 20));
}

// Issue 35: a database that is gone (3D000) or full of connections (53300) is unavailability too: 503 with
// Retry-After and the Error body, a warning rather than an error-level stack.
describe('a database that refuses the service', () => {
  let t: TestApp;
  let acct: Awaited<ReturnType<typeof createAccount>>;
  let projectId: string;

  before(async () => {
    t = await startTestApp();
    acct = await createAccount(t.services);
    projectId = (await createProject(t.services, acct.userId)).id;
  });
  after(() => t.close());

  for (const [code, message] of [
    ['53300', 'sorry, too many clients already'],
    ['3D000', 'database "gone" does not exist'],
  ]) {
    test(`SQLSTATE ${code} answers 503 with Retry-After on REST and MCP`, async () => {
      const query = t.db.query;
      t.db.query = async () => {
        throw Object.assign(new Error(message), { code, severity: 'FATAL' });
      };
      try {
        const res = await fetch(`${t.baseUrl}/api/v1/projects/${projectId}/leads`, {
          headers: { authorization: `Bearer ${acct.restKey}` },
        });
        assert.equal(res.status, 503);
        assert.equal(res.headers.get('retry-after'), '1');
        assert.equal(res.headers.get('x-request-cost-usd'), '0');
        const body = (await res.json()) as { error: { code: string; message: string } };
        assert.equal(body.error.code, 'internal_error');
        assert.doesNotMatch(body.error.message, new RegExp(`${code}|clients|does not exist`));
        const tool = await postMcp(
          t.baseUrl,
          { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'list_projects', arguments: {} } },
          { key: acct.mcpKey },
        );
        assert.equal(tool.status, 503);
        assert.equal(tool.body.error.data.code, 'internal_error');
      } finally {
        t.db.query = query;
      }
    });
  }
});

describe('a dropped database on PostgreSQL', {
  skip: !TEST_DATABASE_URL && 'needs TEST_DATABASE_URL',
}, () => {
  test('answers 503 with Retry-After while it is gone', async () => {
    const t = await startTestApp();
    const acct = await createAccount(t.services);
    const name = new URL(t.db.url!).pathname.slice(1);
    const server = new URL(t.db.url!);
    server.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: server.toString() });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      const res = await fetch(`${t.baseUrl}/api/v1/me`, {
        headers: { authorization: `Bearer ${acct.restKey}` },
      });
      assert.equal(res.status, 503);
      assert.equal(res.headers.get('retry-after'), '1');
      assert.equal(((await res.json()) as { error: { code: string } }).error.code, 'internal_error');
    } finally {
      await admin.query(`CREATE DATABASE ${name}`).catch(() => {});
      await admin.end();
      await t.close();
    }
  });
});
