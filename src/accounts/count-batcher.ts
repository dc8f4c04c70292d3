/** One statement's answer shared by a batch, and this request's place in it (0-based). */
export interface BatchSeat<T> {
  result: T;
  index: number;
  size: number;
}

interface Waiter<P, T> {
  payload: P;
  resolve(seat: BatchSeat<T>): void;
  reject(err: unknown): void;
}

interface Lane<P, T> {
  waiting: Waiter<P, T>[];
}

/** More than this many waiting requests of one lane go in successive statements. */
const MAX_BATCH = 1_000;

/**
 * At most one statement in flight per lane (one key's counter for one day): requests that arrive while it runs
 * wait and go together in the next one, which counts them all. An idle lane's request goes at once. A request
 * never shares a statement that was sent before it arrived, so it sees every change committed before that
 * (docs/decisions/0005).
 */
export function createCountBatcher<P, T>(
  run: (batch: P[]) => Promise<T>,
  opts: {
    /**
     * An error of the statement that fails the requests waiting behind it too (the database not answering): they
     * would wait for it and then for a statement of their own, twice the time, to fail the same way.
     */
    failsWaiting?: (err: unknown) => boolean;
  } = {},
) {
  const lanes = new Map<string, Lane<P, T>>();

  async function drain(name: string, lane: Lane<P, T>) {
    while (lane.waiting.length > 0) {
      const batch = lane.waiting.splice(0, MAX_BATCH);
      try {
        const result = await run(batch.map((w) => w.payload));
        batch.forEach((w, index) => {
          w.resolve({ result, index, size: batch.length });
        });
      } catch (err) {
        const failed = opts.failsWaiting?.(err) ? batch.concat(lane.waiting.splice(0)) : batch;
        for (const w of failed) w.reject(err);
      }
    }
    lanes.delete(name);
  }

  return {
    submit(name: string, payload: P): Promise<BatchSeat<T>> {
      return new Promise((resolve, reject) => {
        const lane = lanes.get(name);
        if (lane) {
          lane.waiting.push({ payload, resolve, reject });
          return;
        }
        const fresh: Lane<P, T> = { waiting: [{ payload, resolve, reject }] };
        lanes.set(name, fresh);
        void drain(name, fresh);
      });
    },
    /** Lanes with a statement in flight; for tests. */
    get busyLanes() {
      return lanes.size;
    },
  };
}
