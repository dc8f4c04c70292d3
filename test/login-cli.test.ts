import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { openPglite, openPostgres } from '../src/db/client.ts';
import { freshTarget, runCli, startService } from './cli-helpers.ts';
import { tokenOf } from './dashboard-helpers.ts';

const login = (env: NodeJS.ProcessEnv, ...args: string[]) => runCli('src/cli/login.ts', env, ...args);

describe('npm run login', () => {
  let target: Awaited<ReturnType<typeof freshTarget>>;
  let env: NodeJS.ProcessEnv;
  before(async () => {
    target = await freshTarget();
    env = { ...target.env, PUBLIC_BASE_URL: 'https://leads.example.com', DEMO: 'false' };
  });
  after(() => target.drop());

  /** Sign-in tokens stored so far, read once the CLI has let go of the database. */
  async function countTokens(): Promise<number> {
    const db = env.DATABASE_URL
      ? await openPostgres(env.DATABASE_URL)
      : await openPglite(join(env.DATA_DIR!, 'pglite'));
    try {
      return (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM sign_in_tokens'))[0]!.n;
    } finally {
      await db.close();
    }
  }

  test('an unknown email exits 2 with a clear message and creates nothing', async () => {
    for (const args of [
      ['--email', 'nobody@example.com'],
      [],
      ['--email', 'not an email'],
      ['--emial', 'x'],
    ]) {
      const run = login(env, ...args);
      assert.equal(run.code, 2, args.join(' '));
      assert.equal(run.stdout, '');
      assert.match(run.stderr, /^login: /);
    }
    assert.match(
      login(env, '--email', 'nobody@example.com').stderr,
      /no account has the email nobody@example\.com/,
    );
    assert.equal(await countTokens(), 0);
    const setup = runCli('src/cli/setup.ts', env, '--email', 'first@example.com');
    assert.equal(setup.code, 0, setup.stderr);
    assert.equal(login(env, '--email', 'nobody@example.com').code, 2, 'the unknown account was not created');
  });

  test('prints one JSON object whose link signs in to the service started afterwards', async () => {
    const setup = runCli('src/cli/setup.ts', env, '--email', 'owner@example.com');
    const { userId } = JSON.parse(setup.stdout);
    const run = login(env, '--email', 'Owner@Example.com');
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout.trim().split('\n').length, 1, 'exactly one line of JSON on stdout');
    const out = JSON.parse(run.stdout);
    assert.deepEqual(Object.keys(out), ['userId', 'email', 'signInUrl', 'expiresAt']);
    assert.equal(out.userId, userId);
    assert.equal(out.email, 'owner@example.com');
    assert.match(out.signInUrl, /^https:\/\/leads\.example\.com\/sign-in#token=[A-Za-z0-9_-]{43}$/);
    const ttl = Date.parse(out.expiresAt) - Date.now();
    assert.ok(ttl > 14 * 60_000 && ttl <= 15 * 60_000, `expires in ${ttl} ms`);

    const service = await startService(env);
    try {
      // While the service runs (on the embedded database through its socket), login still works.
      const meanwhile = login(env, '--email', 'owner@example.com');
      assert.equal(meanwhile.code, 0, meanwhile.stderr);
      assert.match(JSON.parse(meanwhile.stdout).signInUrl, /^https:\/\/leads\.example\.com\/sign-in#token=/);
      const signIn = await fetch(`http://127.0.0.1:${service.port}/dashboard/api/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: tokenOf(out.signInUrl) }),
      });
      assert.equal(signIn.status, 204);
      const me = await fetch(`http://127.0.0.1:${service.port}/dashboard/api/me`, {
        headers: { cookie: signIn.headers.get('set-cookie')!.split(';')[0]! },
      });
      assert.equal(((await me.json()) as { userId: string }).userId, userId);
    } finally {
      await service.stop();
    }
  });
});
