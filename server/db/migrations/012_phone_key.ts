import { sql } from 'kysely';
import { whole, type MigrationFn } from './helpers';

/**
 * Phone numbers in their one stored form, with a + (`phoneKey` in protocol/accountRules.ts): until
 * now "+4915112345678" and "4915112345678" could belong to two accounts, and which one a login or
 * a code reached depended on the +. A number already held with its + by another account stays as
 * it is (both accounts keep their usernames and emails to log in with; the number reaches the
 * one that had the +), so the migration never fails on the unique constraint.
 */
export const up: MigrationFn = whole(async (db) => {
  await sql`update users set phone = '+' || phone
    where phone is not null and phone not like '+%'
      and not exists (select 1 from users other where other.phone = '+' || users.phone)`.execute(db);
});
