// `npm run setup` / `npm run login` while a service runs on the same DATA_DIR but another database (ADR 0063): the
// command goes to the database it was asked for, never silently into the running service's.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import pg from 'pg';
import { freshTarget, runCli } from './cli-helpers.ts';
import { TEST_DATABASE_URL } from './harness.ts';
import { freePort, spawnService } from './service-process.ts';

async function emailsIn(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ email: string }>('SELECT email FROM users ORDER BY email');
    return rows.map((r) => r.email);
  } finally {
    await client.end();
  }
}

describe('a command names another database than the running service', {
  skip: TEST_DATABASE_URL ? false : 'needs a PostgreSQL server (TEST_DATABASE_URL)',
}, () => {
  test('DATABASE_URL given while the embedded demo runs: the account and projects go to PostgreSQL', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'named-db-'));
    const target = await freshTarget();
    const pgUrl = target.env.DATABASE_URL!;
    const service = spawnService({ DATA_DIR: dataDir, DATABASE_URL: '', PORT: String(await freePort()) });
    try {
      await service.ready;
      const file = join(dataDir, 'proj.json');
      writeFileSync(
        file,
        JSON.stringify([{ name: 'Salon tool', keywords: ['booking'], subreddits: ['salons'] }]),
      );
      const made = runCli(
        'src/cli/setup.ts',
        { DATA_DIR: dataDir, DATABASE_URL: pgUrl },
        '--email',
        'r@example.com',
        '--import',
        file,
      );
      assert.equal(made.code, 0, made.stderr);
      assert.deepEqual(await emailsIn(pgUrl), ['r@example.com'], 'the account is in the PostgreSQL named');
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      const { rows } = await client.query<{ name: string }>('SELECT name FROM projects');
      await client.end();
      assert.deepEqual(
        rows.map((r) => r.name),
        ['Salon tool'],
      );
      // The running demo (reached through its socket) has no such account.
      const there = runCli(
        'src/cli/login.ts',
        { DATA_DIR: dataDir, DATABASE_URL: '' },
        '--email',
        'r@example.com',
      );
      assert.equal(there.code, 2, there.stdout);
      assert.match(there.stderr, /no account has the email r@example\.com/);
    } finally {
      await service.stop();
      await target.drop();
    }
  });

  test('no DATABASE_URL while the service on this DATA_DIR runs on PostgreSQL: refused, nothing written', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'named-db-'));
    const target = await freshTarget();
    const pgUrl = target.env.DATABASE_URL!;
    const port = await freePort();
    const service = spawnService({
      DATA_DIR: dataDir,
      DATABASE_URL: pgUrl,
      DEMO: 'false',
      PORT: String(port),
    });
    try {
      await service.ready;
      const refused = runCli(
        'src/cli/setup.ts',
        { DATA_DIR: dataDir, DATABASE_URL: '' },
        '--email',
        'x@example.com',
      );
      assert.equal(refused.code, 2, refused.stdout);
      assert.match(refused.stderr, /uses PostgreSQL .*127\.0\.0\.1:5432\/t_cli_/);
      assert.match(refused.stderr, /set DATABASE_URL to that database/);
      assert.doesNotMatch(refused.stderr, /password/i);
      assert.deepEqual(await emailsIn(pgUrl), [], 'nothing written');

      // The same database: through the service, as before (its link carries the service's port).
      const same = { DATA_DIR: dataDir, DATABASE_URL: pgUrl, PORT: '' };
      assert.equal(runCli('src/cli/setup.ts', same, '--email', 'y@example.com').code, 0);
      const link = runCli('src/cli/login.ts', same, '--email', 'y@example.com');
      assert.equal(link.code, 0, link.stderr);
      assert.match(JSON.parse(link.stdout).signInUrl, new RegExp(`^http://localhost:${port}/sign-in#token=`));
    } finally {
      await service.stop();
      await target.drop();
    }
  });
});
