// The load generator of bench:load in a process of its own: an open-loop, evenly paced client (like wrk2). Request
// i is due at start + i / rate and its latency is counted from that moment, so a server (or generator) that falls
// behind shows as latency instead of silently lowering the rate. autocannon's `overallRate` instead lets every
// connection send its share of the second back to back when the second starts: a burst each second, which
// measures the time to drain the burst rather than the latency at a steady rate (docs/reliability.md, "Load").
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';

export interface PacedOptions {
  url: string;
  rate: number;
  seconds: number;
  connections: number;
  requests: { path: string; headers: Record<string, string> }[];
}

export interface PacedResult {
  requests: number;
  errors: number;
  non2xx: number;
  /** Milliseconds, from the moment each request was due. */
  latency: { p50: number; p90: number; p99: number; max: number };
  /** From the first request's due time to the last answer. */
  seconds: number;
  /** How far behind schedule the generator itself was when it sent a request (its own lag), p99 in ms. */
  sendLagP99: number;
}

const percentile = (sorted: Float64Array, p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

async function run(o: PacedOptions): Promise<PacedResult> {
  const pool = new Pool(o.url, { connections: o.connections, pipelining: 1, headersTimeout: 30_000 });
  const total = Math.round(o.rate * o.seconds);
  const latencies = new Float64Array(total);
  const lags = new Float64Array(total);
  const interval = 1000 / o.rate;
  let sent = 0;
  let done = 0;
  let errors = 0;
  let non2xx = 0;
  let finish: () => void;
  const finished = new Promise<void>((r) => {
    finish = r;
  });

  const send = (i: number, due: number) => {
    const request = o.requests[i % o.requests.length]!;
    lags[i] = performance.now() - due;
    pool
      .request({ method: 'GET', path: request.path, headers: request.headers })
      .then(async (res) => {
        await res.body.arrayBuffer();
        if (res.statusCode < 200 || res.statusCode >= 300) non2xx++;
      })
      .catch(() => {
        errors++;
      })
      .finally(() => {
        latencies[i] = performance.now() - due;
        if (++done === total) finish();
      });
  };

  const start = performance.now() + 5;
  const tick = () => {
    const now = performance.now();
    while (sent < total && start + sent * interval <= now) {
      send(sent, start + sent * interval);
      sent++;
    }
    if (sent < total) setTimeout(tick, Math.max(0, Math.min(1, start + sent * interval - performance.now())));
  };
  setTimeout(tick, 5);
  await finished;
  const seconds = (performance.now() - start) / 1000;
  await pool.close();
  const sorted = latencies.slice().sort();
  const lagSorted = lags.slice().sort();
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    requests: total,
    seconds: Math.round(seconds * 100) / 100,
    errors,
    non2xx,
    latency: {
      p50: round(percentile(sorted, 0.5)),
      p90: round(percentile(sorted, 0.9)),
      p99: round(percentile(sorted, 0.99)),
      max: round(sorted[sorted.length - 1] ?? 0),
    },
    sendLagP99: round(percentile(lagSorted, 0.99)),
  };
}

process.once('message', async (options: PacedOptions) => {
  const result = await run(options);
  process.send!(result, () => process.disconnect());
});
