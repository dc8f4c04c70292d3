import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

const root = new URL('..', import.meta.url).pathname;

function start(env: NodeJS.ProcessEnv): {
  child: ChildProcess;
  output: () => string;
  ready: Promise<number>;
} {
  const child = spawn(process.execPath, ['src/main.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const ready = new Promise<number>((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d;
      const m = out.match(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/);
      if (m) resolve(Number(m[1]));
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${out}`)));
  });
  return { child, output: () => out, ready };
}

/** Signs in with the banner's dashboard link, as the sign-in page does; returns the status. */
async function signInWith(port: number, output: string): Promise<number> {
  const m = output.match(
    /Dashboard: http:\/\/localhost:0\/sign-in#token=([A-Za-z0-9_-]{43}) \(valid 15 minutes\)/,
  );
  assert.ok(m, output);
  const res = await fetch(`http://127.0.0.1:${port}/dashboard/api/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: m[1] }),
  });
  return res.status;
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

test('npm start on a fresh data directory prints demo keys once, and the printed curl works', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'start-'));
  const first = start({ DATA_DIR: dataDir });
  try {
    const port = await first.ready;
    const rest = first.output().match(/(rl_sk_[A-Za-z0-9_-]+)/)?.[1];
    const tool = first.output().match(/(sbk_[A-Za-z0-9_-]+)/)?.[1];
    const curlPath = first.output().match(/\/api\/v1\/projects\/[^/\s]+\/leads/)?.[0];
    assert.ok(rest && tool && curlPath, first.output());
    const res = await fetch(`http://127.0.0.1:${port}${curlPath}`, {
      headers: { authorization: `Bearer ${rest}` },
    });
    assert.equal(res.status, 200);
    assert.ok(Array.isArray(((await res.json()) as { leads: unknown[] }).leads));
    const home = await fetch(`http://127.0.0.1:${port}/`);
    assert.equal(home.status, 200);
    assert.equal(await signInWith(port, first.output()), 204, 'the banner’s dashboard link signs in');
  } finally {
    await stop(first.child);
  }
  const second = start({ DATA_DIR: dataDir });
  try {
    const port = await second.ready;
    assert.doesNotMatch(
      second.output(),
      /Demo account created/,
      'the demo is made once, on an empty database',
    );
    assert.doesNotMatch(second.output(), /rl_sk_/);
    assert.equal(await signInWith(port, second.output()), 204, 'a fresh dashboard link at every start');
  } finally {
    await stop(second.child);
  }
});

test('DEMO=false starts without a demo account', async () => {
  const s = start({ DATA_DIR: mkdtempSync(join(tmpdir(), 'nodemo-')), DEMO: 'false' });
  try {
    await s.ready;
    assert.doesNotMatch(s.output(), /Demo account created/);
    assert.doesNotMatch(s.output(), /Dashboard:/);
  } finally {
    await stop(s.child);
  }
});

test('a bad setting stops the start with a message naming it', async () => {
  const s = start({ DATA_DIR: mkdtempSync(join(tmpdir(), 'bad-')), SELF_HOSTED: 'perhaps' });
  await assert.rejects(s.ready, /SELF_HOSTED must be true or false/);
});
