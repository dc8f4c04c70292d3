// The load generator of bench:api in a process of its own (BENCH_LOADGEN=process): receives autocannon's
// options over IPC, runs them and sends the result back.
import autocannon from 'autocannon';

process.once('message', async (options: autocannon.Options) => {
  const result = await autocannon(options);
  process.send!(result, () => process.disconnect());
});
