import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createCountBatcher } from './count-batcher.ts';

/** A run function whose statements finish when the test says so. */
function manualRun() {
  const calls: { batch: string[]; finish(total: number): void; fail(err: Error): void }[] = [];
  const run = (batch: string[]) =>
    new Promise<number>((resolve, reject) => {
      calls.push({ batch, finish: resolve, fail: reject });
    });
  return { calls, run };
}

test('an idle lane sends at once; arrivals during the flight share the next statement, each with its seat', async () => {
  const { calls, run } = manualRun();
  const batcher = createCountBatcher(run);
  const first = batcher.submit('k', 'a');
  assert.deepEqual(
    calls.map((c) => c.batch),
    [['a']],
  );
  const rest = ['b', 'c', 'd'].map((p) => batcher.submit('k', p));
  assert.equal(calls.length, 1, 'nothing more is sent while the first statement runs');
  calls[0]!.finish(1);
  assert.deepEqual(await first, { result: 1, index: 0, size: 1 });
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(calls[1]!.batch, ['b', 'c', 'd']);
  calls[1]!.finish(4);
  assert.deepEqual(
    (await Promise.all(rest)).map((s) => [s.result, s.index, s.size]),
    [
      [4, 0, 3],
      [4, 1, 3],
      [4, 2, 3],
    ],
  );
  assert.equal(batcher.busyLanes, 0, 'a drained lane is forgotten');
});

test('lanes are independent, and a failed statement fails only its own batch', async () => {
  const { calls, run } = manualRun();
  const batcher = createCountBatcher(run);
  const x = batcher.submit('x', 'x1');
  const y = batcher.submit('y', 'y1');
  assert.equal(calls.length, 2, 'another lane does not wait');
  const x2 = batcher.submit('x', 'x2');
  calls[0]!.fail(new Error('connection lost'));
  await assert.rejects(x, /connection lost/);
  await new Promise((r) => setImmediate(r));
  calls[2]!.finish(7);
  calls[1]!.finish(1);
  assert.equal((await x2).result, 7);
  assert.equal((await y).result, 1);
  assert.equal(batcher.busyLanes, 0);
});
