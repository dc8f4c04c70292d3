import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { TEST_DATABASE_URL } from './harness.ts';

export const root = new URL('..', import.meta.url).pathname;

/** Where a CLI stores data: a fresh embedded DATA_DIR, or a fresh database on the PostgreSQL server. */
export async function freshTarget(): Promise<{ env: NodeJS.ProcessEnv; drop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cli-'));
  if (!TEST_DATABASE_URL) return { env: { DATA_DIR: dataDir, DATABASE_URL: '' }, drop: async () => {} };
  const name = `t_cli_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    async drop() {
      const a = new pg.Client({ connectionString: TEST_DATABASE_URL! });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/** Runs `node <script> ...args` to completion with extra environment. */
export function runCli(script: string, env: NodeJS.ProcessEnv, ...args: string[]) {
  const run = spawnSync(process.execPath, [script, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** Starts the service (src/main.ts) on a free port; resolves with the port once it listens. */
export async function startService(env: NodeJS.ProcessEnv): Promise<{ port: number; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, ['src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const port = await new Promise<number>((resolve, reject) => {
    const onData = (d: Buffer) => {
      log += d;
      const m = log.match(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/);
      if (m) resolve(Number(m[1]));
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`service exited with ${code}: ${log}`)));
  });
  return {
    port,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
