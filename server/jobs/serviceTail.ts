import type { ServiceMessage } from '../../protocol';
import type { Db } from '../db/connect';
import { lastServiceMessageId, serviceMessagesSince } from '../db/repos/help';
import { repeat } from './repeat';

/** Messages one round reads at most; a longer backlog is read over the next rounds. */
const ROUND_LIMIT = 500;
/** How long an id the tail passed over is looked for again. On PostgreSQL a message takes its id
 * before it commits, so a writer that began first may commit after a later id was read; ids rolled
 * back stay holes for good, and are given up after this. */
export const SERVICE_GAP_WAIT_MS = 60_000;
/** Passed-over ids looked for at once at most: a sequence that jumps (PostgreSQL's after a crash)
 * leaves holes that will never fill. */
const GAPS_KEPT = 200;

/**
 * Every customer-service message, once committed, reaches its thread's owner: every `intervalMs`
 * the messages past the last seen are read and each is named with its user. One path for every
 * writer: a user's send and an operator's answer through the API in this process, an answer from
 * the operator CLI in its own, and each gateway process reads for the sockets it holds. The first
 * round only finds where the messages end.
 */
export const tailServiceMessages = (
  db: Db,
  opts: {
    intervalMs: number;
    onMessage: (userId: number, message: ServiceMessage) => void;
    onError: (err: unknown) => void;
    now?: () => number;
  },
): (() => void) => {
  const { now = Date.now } = opts;
  let last: number | null = null;
  /** Ids passed over, and when. */
  const gaps = new Map<number, number>();

  const round = async () => {
    if (last === null) {
      last = await lastServiceMessageId(db.kysely);
      return;
    }
    const at = now();
    for (const [id, since] of gaps) if (at - since > SERVICE_GAP_WAIT_MS) gaps.delete(id);
    const rows = await serviceMessagesSince(db.kysely, last, [...gaps.keys()], ROUND_LIMIT);
    for (const { userId, message } of rows) {
      const { id } = message;
      if (id > last) {
        for (let skipped = last + 1; skipped < id && gaps.size < GAPS_KEPT; skipped++) gaps.set(skipped, at);
        last = id;
      } else gaps.delete(id);
      opts.onMessage(userId, message);
    }
  };
  return repeat(round, { everyMs: opts.intervalMs, onError: opts.onError });
};
