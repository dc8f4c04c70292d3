// Who owns the embedded database after a crash (src/db/lock.ts): a killed service must never block a restart.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { DataDirBusyError, lockDataDir } from '../src/db/lock.ts';

const procState = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0]!, startTime: fields[19]! };
  } catch {
    return null;
  }
};

function lockedBy(owner: object): string {
  const dir = mkdtempSync(join(tmpdir(), 'lock-'));
  writeFileSync(join(dir, 'service.lock'), JSON.stringify({ holder: 'the service (npm start)', ...owner }));
  return dir;
}

describe('the DATA_DIR lock', { skip: existsSync('/proc/self/stat') ? false : 'needs /proc (Linux)' }, () => {
  test('a dead pid owns nothing', () => {
    const dead = spawnSync('true').pid!;
    const unlock = lockDataDir(lockedBy({ pid: dead }), 'test');
    unlock();
  });

  test('a zombie (killed, not yet reaped by its parent) owns nothing', () => {
    const child = spawn('true');
    // Until this synchronous loop ends, Node cannot reap the child: it stays a zombie.
    while (procState(child.pid!)?.state !== 'Z') {}
    const unlock = lockDataDir(
      lockedBy({ pid: child.pid, startTime: procState(child.pid!)!.startTime }),
      'test',
    );
    assert.equal(procState(child.pid!)?.state, 'Z', 'still a zombie when the lock was taken');
    unlock();
  });

  test('a live pid that is another process than the one that locked (pid reused) owns nothing', async () => {
    const other = spawn('sleep', ['30']);
    try {
      const unlock = lockDataDir(lockedBy({ pid: other.pid, startTime: '1' }), 'test');
      unlock();
    } finally {
      other.kill('SIGKILL');
    }
  });

  test('the live process that locked it owns it', async () => {
    const owner = spawn('sleep', ['30']);
    try {
      await new Promise((r) => owner.once('spawn', r));
      const startTime = procState(owner.pid!)!.startTime;
      assert.throws(
        () => lockDataDir(lockedBy({ pid: owner.pid, startTime }), 'test'),
        (err: Error) =>
          err instanceof DataDirBusyError &&
          /in use by the service \(npm start\) \(pid \d+\)/.test(err.message),
      );
      // A lock file written before start times were recorded: a live pid still counts.
      assert.throws(() => lockDataDir(lockedBy({ pid: owner.pid }), 'test'), DataDirBusyError);
    } finally {
      owner.kill('SIGKILL');
    }
  });

  test('a torn or empty lock file owns nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lock-'));
    writeFileSync(join(dir, 'service.lock'), '{"pid":');
    lockDataDir(dir, 'test')();
  });
});
