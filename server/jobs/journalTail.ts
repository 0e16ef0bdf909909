import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Balance changes committed by another process (the operator CLI confirming a deposit or
 * approving a withdrawal) reach their owners' sockets: every `intervalMs` the journal is read past
 * the last entry seen, and each user with new entries is named once. Changes made in this process
 * are announced at once by the ledger as well; naming them again only re-sends the same balances.
 */
export const tailJournal = (
  db: Kysely<Database>,
  opts: { intervalMs: number; onUsers: (userIds: number[]) => void; onError: (err: unknown) => void },
): (() => void) => {
  let last: number | null = null;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      if (last === null) {
        const top = await db
          .selectFrom('journal')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst();
        last = Number(top?.id ?? 0);
        return;
      }
      const rows = await db
        .selectFrom('journal')
        .select(['id', 'user_id'])
        .where('id', '>', last)
        .orderBy('id')
        .limit(10_000)
        .execute();
      if (rows.length === 0) return;
      last = rows[rows.length - 1]!.id;
      // System accounts (negative ids) have no sockets.
      const users = [...new Set(rows.map((r) => r.user_id).filter((id) => id > 0))];
      if (users.length > 0) opts.onUsers(users);
    } catch (err) {
      opts.onError(err);
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), opts.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
};
