import { sql } from 'kysely';
import { nameKey } from '../../../protocol';
import { whole, type MigrationFn } from './helpers';
import { keyNicknames } from './nicknameKeys';

/** Who the audit rows of this migration name as having made the change. */
export const ACTOR = 'migration 029';

/**
 * Nicknames are unique as they look, not byte for byte: `nickname_key` holds the nickname's
 * `nameKey` (protocol/accountRules.ts, the same fold as `username_key`: compatibility form, case
 * folded, without the characters that show nothing), unique on both engines, so "ＤｅｍｏＴｒａｄｅｒ"
 * and "DemoTrader" can no longer stand beside "demotrader". The unique constraint on the nickname
 * itself stays: the key's implies it. Nicknames that already look the same: the oldest keeps its
 * own, the others get a suffix (`keyNicknames`).
 */
export const up: MigrationFn = whole(async (db, engine) => {
  await sql`alter table users add column nickname_key text not null default ''`.execute(db);
  await keyNicknames(db, ACTOR, { nickname_key: nameKey });
  // Every writer names the key from here on; SQLite cannot drop a column's default.
  if (engine === 'postgres') await sql`alter table users alter column nickname_key drop default`.execute(db);
  await sql`create unique index users_nickname_key_unique on users (nickname_key)`.execute(db);
});
