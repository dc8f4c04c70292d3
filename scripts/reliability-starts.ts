// npm run reliability:starts: a deployment's first start, again and again. STARTS (default 20) times, a new empty
// database on the local PostgreSQL (DATABASE_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres) and 2
// api + 2 worker processes started at the same moment on it; a start fails when a process exits before it is
// ready or does not exit 0 on SIGTERM. Prints each failure and the count; exits 1 on any.
import { loadavg } from 'node:os';
import { createEmptyDb, startClusterAtOnce } from '../test/cluster.ts';

const ADMIN = process.env.DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const STARTS = Number(process.env.STARTS ?? 20);
const t0 = Date.now();
const say = (msg: string) => process.stdout.write(`[${((Date.now() - t0) / 1000).toFixed(0)} s] ${msg}\n`);

let failed = 0;
for (let i = 1; i <= STARTS; i++) {
  const fresh = await createEmptyDb(ADMIN);
  try {
    const { failures } = await startClusterAtOnce(fresh.url);
    if (failures.length > 0) {
      failed++;
      say(`start ${i}: ${failures.length} of 4 processes failed\n${failures.join('\n')}`);
    } else say(`start ${i}: 4 of 4 ready, all exited 0`);
  } finally {
    await fresh.drop();
  }
}
const load = loadavg()
  .map((l) => l.toFixed(1))
  .join(' / ');
say(`${failed} failed starts of ${STARTS} (load average ${load})`);
process.exit(failed > 0 ? 1 : 0);
