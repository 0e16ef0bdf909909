/**
 * The flush of the log each batch of the spot thread's messages waits for before it is let out.
 * A batch carries how many writes the thread's connection had ended when it was posted
 * (`Db.writes`); a flush asked for once that count is known covers them all (walFlush.ts: it
 * begins after the call). The thread posts several batches for one commit (its answers in slices,
 * then the news), and a flush asked for each cost the disk and libuv's pool one each: about 770
 * flushes a second for 500 commits at 5 000 orders/s. A batch whose writes a flush already asked
 * for covers waits for that one. One per thread: a new thread counts its writes from 0.
 */
export const coveringFlush = (flushLog: () => Promise<void>) => {
  let covered = -1;
  let flushed = Promise.resolve();
  return (writes: number): Promise<void> => {
    if (writes > covered) {
      covered = writes;
      flushed = flushLog();
    }
    return flushed;
  };
};
