// Child process of bench/webhooks.bench.ts: the receivers live on the other core, as they would on other machines.
import type { Session } from 'node:inspector/promises';
import { type Receiver, startReceiver, type TestCa } from '../test/receivers.ts';
import { startProfile, stopProfile } from './cpu-profile.ts';

interface Start {
  ca: TestCa;
  healthy: number;
  hanging: number;
  expect: number;
}

type Message =
  | { type: 'start'; start: Start }
  | { type: 'profile' }
  | { type: 'collect'; profile: string | null };

let receivers: Receiver[] = [];
let profiler: Session | null = null;
process.on('message', async (msg: Message) => {
  if (msg.type === 'start') {
    const { ca, healthy, hanging, expect } = msg.start;
    receivers = [];
    for (let i = 0; i < healthy; i++) receivers.push(await startReceiver(ca));
    for (let i = 0; i < hanging; i++) receivers.push(await startReceiver(ca, { kind: 'sleep', ms: 60_000 }));
    process.send!({ type: 'urls', urls: receivers.map((r) => r.url) });
    const cpuBefore = process.cpuUsage();
    await Promise.all(receivers.slice(0, healthy).map((r) => r.waitFor(expect)));
    const cpu = process.cpuUsage(cpuBefore);
    process.send!({ type: 'received', cpuMs: (cpu.user + cpu.system) / 1000 });
  } else if (msg.type === 'profile') {
    profiler = await startProfile();
    process.send!({ type: 'profiling' });
  } else {
    if (profiler && msg.profile) await stopProfile(profiler, msg.profile);
    profiler = null;
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
