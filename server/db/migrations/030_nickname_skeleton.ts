import { sql } from 'kysely';
import { nameKey } from '../../../protocol';
import { nicknameSkeleton } from '../../domain/accounts/nicknameSkeleton';
import { whole, type MigrationFn } from './helpers';
import { keyNicknames } from './nicknameKeys';

/** Who the audit rows of this migration name as having made the change. */
export const ACTOR = 'migration 030';

/**
 * Nicknames that only look alike are one nickname too: `nickname_skeleton` holds the nickname's
 * `nicknameSkeleton` (UTS #39's skeleton, Unicode's confusables), unique on both engines, so
 * "Dеmotrader" with a Cyrillic "е" or Greek "ΑΒС" can no longer stand beside "DemoTrader" or
 * "ABC". It sits beside `nickname_key` rather than replacing it: the skeleton is taken before the
 * case is folded, and so keeps some nicknames apart that differ only in case (see
 * nicknameSkeleton.ts). Nicknames that already look alike: the oldest keeps its own, the others get
 * a suffix, whose `nickname_key` is written with it (`keyNicknames`).
 */
export const up: MigrationFn = whole(async (db, engine) => {
  await sql`alter table users add column nickname_skeleton text not null default ''`.execute(db);
  await keyNicknames(db, ACTOR, { nickname_key: nameKey, nickname_skeleton: nicknameSkeleton });
  // Every writer names the skeleton from here on; SQLite cannot drop a column's default.
  if (engine === 'postgres')
    await sql`alter table users alter column nickname_skeleton drop default`.execute(db);
  await sql`create unique index users_nickname_skeleton_unique on users (nickname_skeleton)`.execute(db);
});
