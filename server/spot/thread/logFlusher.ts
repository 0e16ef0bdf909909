import { Worker } from 'node:worker_threads';
import { haltOnFlushFailure } from '../../db/walFlush';
import { ASKED, FLUSHED, SLOTS, STOP } from './logFlushSlots.mjs';

/** `Atomics.waitAsync` (ES2024), which TypeScript's ES2023 library does not declare. */
const waitAsync = (
  Atomics as unknown as {
    waitAsync: (
      a: BigInt64Array,
      index: number,
      value: bigint,
    ) => { async: false; value: string } | { async: true; value: Promise<string> };
  }
).waitAsync;

/**
 * The log's flusher for the spot thread's writes: a thread of its own (logFlusherThread.mjs) that
 * flushes the write-ahead log as soon as the spot thread has committed a batch and asked
 * (`flushAsker`), while the batch's answers and news are on their way to the main thread. Before,
 * the main thread began the flush once they had arrived, and they waited for all of it: 1.1 to
 * 1.3 ms in the means at 10 000 orders/s over HTTP, a fifth of the round trip. Now 40 to 60 % of
 * the batches find their writes on disk when they arrive, and the others wait 0.9 to 1.1 ms in the
 * means: about 0.5 ms a batch.
 *
 * `covering(writes)` tells when the spot thread's writes up to `writes` are on disk: at once
 * (`undefined`) if they are, else a promise. If the thread has ended (stopped, or its log could not
 * be opened), `fallback` flushes instead, as the main thread did before. A flush that failed stops
 * the server (`onFailure`) before anything it was to cover is let out.
 */
export interface LogFlusher {
  /** The counts, shared with the spot thread through its `workerData`. */
  shared: SharedArrayBuffer;
  covering(writes: number): Promise<void> | undefined;
  /** Resolves once the thread has ended. */
  stop(): Promise<void>;
}

export const startLogFlusher = ({
  walFile,
  fallback,
  onError,
  onFailure = haltOnFlushFailure,
}: {
  walFile: string;
  fallback: (writes: number) => Promise<void>;
  /** The thread failed other than in a flush: its waiters flush for themselves. */
  onError: (err: unknown) => void;
  onFailure?: (err: unknown) => void;
}): LogFlusher => {
  const shared = new SharedArrayBuffer(SLOTS * BigInt64Array.BYTES_PER_ELEMENT);
  const counts = new BigInt64Array(shared);
  const worker = new Worker(new URL('./logFlusherThread.mjs', import.meta.url), {
    workerData: { walFile, shared },
  });
  worker.unref();
  let ended = false;
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      ended = true;
      // Waiters wake, find it ended, and flush for themselves.
      Atomics.notify(counts, FLUSHED);
      resolve();
    }),
  );
  worker.on('message', (m: { failed: string }) => onFailure(new Error(m.failed)));
  // Nothing it did not finish is counted as flushed; the waiters fall back once it has exited.
  worker.on('error', onError);
  const flushedUpTo = () => Atomics.load(counts, FLUSHED);
  const wait = async (writes: number, target: bigint): Promise<void> => {
    for (let now = flushedUpTo(); now < target; now = flushedUpTo()) {
      if (ended) return fallback(writes);
      const w = waitAsync(counts, FLUSHED, now);
      if (w.async) await w.value;
    }
  };
  return {
    shared,
    covering(writes) {
      const target = BigInt(writes);
      return flushedUpTo() >= target ? undefined : wait(writes, target);
    },
    stop() {
      Atomics.store(counts, STOP, 1n);
      Atomics.notify(counts, ASKED);
      return exited;
    },
  };
};

/** On the spot thread: asks the flusher to flush the log past `writes`, the connection's count of
 * writes ended so far (`Db.writes`). */
export const flushAsker = (shared: SharedArrayBuffer) => {
  const counts = new BigInt64Array(shared);
  return (writes: number) => {
    Atomics.store(counts, ASKED, BigInt(writes));
    Atomics.notify(counts, ASKED);
  };
};
