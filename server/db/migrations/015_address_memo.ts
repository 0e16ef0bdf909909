import { sql } from 'kysely';
import { whole, type MigrationFn } from './helpers';

/**
 * Saved withdrawal addresses lose the memo their network has none of (every network but XRP, as
 * the networks stood when this was written). Such a memo was taken before the address rules
 * refused it; since they do, a withdrawal to that saved address could never match it again (the
 * form sends no memo there, and sending one is refused). An address saved twice that way, with
 * and without a memo or with two memos, is one destination: the entry without a memo, else the
 * first saved, stays.
 */
export const up: MigrationFn = whole(async (db) => {
  const stray = sql`a.network <> 'XRP' and a.memo <> ''`;
  const same = sql`b.user_id = a.user_id and b.coin = a.coin and b.network = a.network and b.address = a.address`;
  await sql`delete from withdraw_addresses where id in (
      select a.id from withdraw_addresses a where ${stray} and exists (
        select 1 from withdraw_addresses b where ${same} and (b.memo = '' or b.id < a.id)))`.execute(db);
  await sql`update withdraw_addresses set memo = '' where network <> 'XRP' and memo <> ''`.execute(db);
});
