import type { Db } from '../db/connect';
import { catchUpUserIndex, vacuumUserIndexLists } from '../db/userIndex';

/**
 * How long the rows not yet indexed by owner wait between rounds. Shorter keeps the rows every
 * listing reads whole fewer; longer writes each user's page of the index less often. On SQLite,
 * against 100 ms, the spot books alone (20 orders in flight, six interleaved pairs) wrote 6.8–7.1
 * against 8.1–8.5 KB an order and took less CPU in five pairs of six; 500 ms gained nothing more. At
 * 10 000 orders a second a listing then reads up to about 17 000 rows not yet indexed (0.9 ms).
 */
const USER_INDEX_EVERY_MS = 250;

/** How often PostgreSQL's lists of rows not yet indexed are vacuumed (`vacuumUserIndexLists`).
 * Over HTTP at 3 000 orders/s for a minute, two interleaved pairs: the journal's slices took
 * 13.9–19.2 ms on average in each 10-second window, against 18.0–26.2 ms without and growing, each
 * vacuum 8–27 ms; 2 734 / 2 547 orders/s against 2 512 / 2 326. */
const LISTS_VACUUM_EVERY_MS = 10_000;

/**
 * Keeps the index by owner caught up (`catchUpUserIndex`): a round at start (what the last run
 * left), then one every `everyMs`. A round that could not take everything waiting is followed at
 * once by the next, in its own transaction, so the write lock is let go between slices. On
 * PostgreSQL the lists are vacuumed every `vacuumEveryMs`, behind or not (a catch-up that falls
 * behind is the one the dead entries slow most), before a round rather than after it: a vacuum
 * counts the rows listed, and PostgreSQL plans by that count until the next one. Taken just after
 * a round, it found the list nearly empty, and the trigger that takes deleted orders off the list
 * then read the whole list to find them (6.3 ms for 20 rows among 20 000, against 0.03 ms by its
 * key when the count was that of a round's wait). The returned function stops it once the round
 * under way, if any, has finished.
 */
export const scheduleUserIndex = (
  db: Db,
  opts: { everyMs?: number; slice?: number; vacuumEveryMs?: number; onError: (err: unknown) => void },
): (() => Promise<void>) => {
  const everyMs = opts.everyMs ?? USER_INDEX_EVERY_MS;
  const vacuumEveryMs = opts.vacuumEveryMs ?? LISTS_VACUUM_EVERY_MS;
  let vacuumed = Date.now();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> | undefined;
  const after = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(run, ms);
    timer.unref();
  };
  /** A failed vacuum is reported and the rounds go on: it changes nothing anyone reads. */
  const vacuumIfDue = async () => {
    if (Date.now() - vacuumed < vacuumEveryMs) return;
    vacuumed = Date.now();
    await vacuumUserIndexLists(db).catch(opts.onError);
  };
  const run = () => {
    round = vacuumIfDue()
      .then(() => catchUpUserIndex(db, { slice: opts.slice }))
      .then(
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
