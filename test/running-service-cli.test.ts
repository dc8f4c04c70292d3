// `npm run setup` and `npm run login` while the real service runs on the embedded database, and a restart right
// after `kill -9` (docs/decisions/0063): the commands go through the service's socket, nothing needs a restart.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { root, runCli } from './cli-helpers.ts';
import { tokenOf } from './dashboard-helpers.ts';
import { TEST_DATABASE_URL } from './harness.ts';
import { freePort, type ServiceProcess, spawnService } from './service-process.ts';

/** The CLI's own environment: the same DATA_DIR, but neither PORT nor PUBLIC_BASE_URL of the service. */
const cliEnv = (dataDir: string) => ({ DATA_DIR: dataDir, DATABASE_URL: '', PORT: '', PUBLIC_BASE_URL: '' });
const setup = (dataDir: string, ...args: string[]) => runCli('src/cli/setup.ts', cliEnv(dataDir), ...args);
const login = (dataDir: string, ...args: string[]) => runCli('src/cli/login.ts', cliEnv(dataDir), ...args);

/** The CLI run without waiting on it, so that several run at once. */
function runCliAsync(script: string, env: NodeJS.ProcessEnv, ...args: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { cwd: root, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

async function signsIn(port: number, signInUrl: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/dashboard/api/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: tokenOf(signInUrl) }),
  });
  assert.equal(res.status, 204);
  const me = await fetch(`http://127.0.0.1:${port}/dashboard/api/me`, {
    headers: { cookie: res.headers.get('set-cookie')!.split(';')[0]! },
  });
  return ((await me.json()) as { email: string }).email;
}

describe('setup and login while the service runs on the embedded database', {
  skip: TEST_DATABASE_URL ? 'the embedded database only' : false,
}, () => {
  test('both work through the running service; links carry its port; no restart is needed', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'running-'));
    const port = await freePort();
    const service = spawnService({ DATA_DIR: dataDir, DATABASE_URL: '', PORT: String(port), DEMO: 'false' });
    try {
      await service.ready;
      const file = join(dataDir, 'projects.json');
      writeFileSync(file, JSON.stringify([{ name: 'Acme CRM', keywords: ['crm'], subreddits: ['sales'] }]));
      const made = setup(dataDir, '--email', 'owner@example.com', '--import', file);
      assert.equal(made.code, 0, made.stderr);
      const { restKey, projects } = JSON.parse(made.stdout);
      const listed = await fetch(`http://127.0.0.1:${port}/api/v1/projects`, {
        headers: { authorization: `Bearer ${restKey}` },
      });
      assert.equal(listed.status, 200, 'the new key works at once');
      assert.deepEqual(
        ((await listed.json()) as { projects: { id: string }[] }).projects.map((p) => p.id),
        [projects[0].id],
      );

      const link = login(dataDir, '--email', 'owner@example.com');
      assert.equal(link.code, 0, link.stderr);
      const { signInUrl } = JSON.parse(link.stdout);
      assert.ok(
        signInUrl.startsWith(`http://localhost:${port}/sign-in#token=`),
        `the service's own port, not 3000: ${signInUrl}`,
      );
      assert.equal(await signsIn(port, signInUrl), 'owner@example.com');

      // Refusals come back in the same words as without a service, and change nothing.
      const unknown = login(dataDir, '--email', 'nobody@example.com');
      assert.equal(unknown.code, 2);
      assert.match(unknown.stderr, /no account has the email nobody@example\.com/);
      const bad = join(dataDir, 'bad.json');
      writeFileSync(bad, JSON.stringify([{ name: 'X', webhooks: ['http://insecure.example'] }]));
      const refused = setup(dataDir, '--email', 'new@example.com', '--import', bad);
      assert.equal(refused.code, 2);
      assert.match(refused.stderr, /https/);
      assert.equal(login(dataDir, '--email', 'new@example.com').code, 2, 'the refused setup made no account');

      // Several at once: the service runs them one database at a time, each gets its answer.
      const runs = await Promise.all([
        ...['a', 'b', 'c'].map((n) =>
          runCliAsync('src/cli/setup.ts', cliEnv(dataDir), '--email', `${n}@example.com`),
        ),
        runCliAsync('src/cli/login.ts', cliEnv(dataDir), '--email', 'owner@example.com'),
        runCliAsync('src/cli/login.ts', cliEnv(dataDir), '--email', 'owner@example.com'),
      ]);
      for (const run of runs) assert.equal(run.code, 0, run.stderr);
      assert.equal(await signsIn(port, JSON.parse(runs[4]!.stdout).signInUrl), 'owner@example.com');
    } finally {
      await service.stop();
    }
    // Stopped: the commands open the database themselves again, and everything made above is there.
    const direct = runCli(
      'src/cli/login.ts',
      { ...cliEnv(dataDir), PORT: '4321' },
      '--email',
      'c@example.com',
    );
    assert.equal(direct.code, 0, direct.stderr);
    assert.match(JSON.parse(direct.stdout).signInUrl, /^http:\/\/localhost:4321\/sign-in#token=/);
  });

  test('a restart right after kill -9 starts, also while the killed service is a zombie, and the data is intact', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kill9-'));
    const env = { DATA_DIR: dataDir, DATABASE_URL: '', DEMO: 'false' };
    const parents: ServiceProcess[] = [];
    let service = spawnService(env);
    try {
      await service.ready;
      assert.equal(setup(dataDir, '--email', 'kept@example.com').code, 0);
      for (let round = 1; round <= 3; round++) {
        // Round 2 and 3: under a parent that never reaps it, the killed service stays a zombie with its pid.
        const zombie = round > 1;
        process.kill(await service.pid, 'SIGKILL');
        if (zombie) {
          const pid = await service.pid;
          while (!readFileSync(`/proc/${pid}/stat`, 'utf8').match(/\) Z /)) await sleep(20);
        }
        // At once: its lock file and socket are still there.
        service = spawnService(env, { nonReapingParent: round < 3 });
        parents.push(service);
        try {
          await service.ready;
        } catch (err) {
          assert.fail(`round ${round}: the restart did not start: ${(err as Error).message}`);
        }
        const link = login(dataDir, '--email', 'kept@example.com');
        assert.equal(link.code, 0, `round ${round}: ${link.stderr}`);
        assert.equal(
          await signsIn(await service.ready, JSON.parse(link.stdout).signInUrl),
          'kept@example.com',
        );
      }
    } finally {
      await service.stop();
      for (const p of parents) p.child.kill('SIGKILL');
    }
  });
});
