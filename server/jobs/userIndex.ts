import type { Db } from '../db/connect';
import { catchUpUserIndex } from '../db/userIndex';

/**
 * How long the rows not yet indexed by owner wait between rounds. Shorter keeps the rows every
 * listing reads whole fewer; longer writes each user's page of the index less often. On SQLite,
 * against 100 ms, the spot books alone (20 orders in flight, six interleaved pairs) wrote 6.8–7.1
 * against 8.1–8.5 KB an order and took less CPU in five pairs of six; 500 ms gained nothing more. At
 * 10 000 orders a second a listing then reads up to about 17 000 rows not yet indexed (0.9 ms).
 */
const USER_INDEX_EVERY_MS = 250;

/**
 * Keeps the index by owner caught up (`catchUpUserIndex`): a round at start (what the last run
 * left), then one every `everyMs`. A round that could not take everything waiting is followed at
 * once by the next, in its own transaction, so the write lock is let go between slices. The
 * returned function stops it once the round under way, if any, has finished.
 */
export const scheduleUserIndex = (
  db: Db,
  opts: { everyMs?: number; slice?: number; onError: (err: unknown) => void },
): (() => Promise<void>) => {
  const everyMs = opts.everyMs ?? USER_INDEX_EVERY_MS;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> | undefined;
  const after = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(run, ms);
    timer.unref();
  };
  const run = () => {
    round = catchUpUserIndex(db, { slice: opts.slice }).then(
      ({ behind }) => after(behind ? 0 : everyMs),
      (err: unknown) => {
        opts.onError(err);
        after(everyMs);
      },
    );
  };
  run();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await round;
  };
};
