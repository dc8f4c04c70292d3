// Child process of bench/webhooks.bench.ts: the receivers live on the other core, as they would on other machines.
import { type Receiver, startReceiver, type TestCa } from '../test/receivers.ts';

interface Start {
  ca: TestCa;
  healthy: number;
  hanging: number;
  expect: number;
}

let receivers: Receiver[] = [];
process.on('message', async (msg: { type: 'start'; start: Start } | { type: 'collect' }) => {
  if (msg.type === 'start') {
    const { ca, healthy, hanging, expect } = msg.start;
    receivers = [];
    for (let i = 0; i < healthy; i++) receivers.push(await startReceiver(ca));
    for (let i = 0; i < hanging; i++) receivers.push(await startReceiver(ca, { kind: 'sleep', ms: 60_000 }));
    process.send!({ type: 'urls', urls: receivers.map((r) => r.url) });
    await Promise.all(receivers.slice(0, healthy).map((r) => r.waitFor(expect)));
    process.send!({ type: 'received' });
  } else {
    // Lead id and arrival time (ms since the epoch) of every request, per receiver.
    const arrivals = receivers.map((r) =>
      r.received.map(
        (x) => [JSON.parse(x.raw.toString('utf8')).data.leadId as string, x.receivedAt] as const,
      ),
    );
    await Promise.all(receivers.map((r) => r.close()));
    process.send!({ type: 'arrivals', arrivals });
  }
});
