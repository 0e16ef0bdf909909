import { sql } from 'kysely';
import { nameKey } from '../../../protocol';
import { foldedNicknameSkeleton, nicknameSkeleton } from '../../domain/accounts/nicknameSkeleton';
import { whole, type MigrationFn } from './helpers';
import { keyNicknames } from './nicknameKeys';

/** Who the audit rows of this migration name as having made the change. */
export const ACTOR = 'migration 032';

/**
 * A third unique key of the nickname, `nickname_folded_skeleton` (`foldedNicknameSkeleton`): the
 * skeleton taken after the case is folded, which makes one the look-alikes that also differ in
 * case ("MIRRΟR" with a Greek Ο beside "Mirror"), where neither `nickname_key` nor
 * `nickname_skeleton` does. Nicknames that already look alike so: the oldest keeps its own, the
 * others get a suffix, with all three keys written with it (`keyNicknames`).
 */
export const up: MigrationFn = whole(async (db, engine) => {
  await sql`alter table users add column nickname_folded_skeleton text not null default ''`.execute(db);
  await keyNicknames(db, ACTOR, {
    nickname_key: nameKey,
    nickname_skeleton: nicknameSkeleton,
    nickname_folded_skeleton: foldedNicknameSkeleton,
  });
  // Every writer names it from here on; SQLite cannot drop a column's default.
  if (engine === 'postgres')
    await sql`alter table users alter column nickname_folded_skeleton drop default`.execute(db);
  await sql`create unique index users_nickname_folded_skeleton_unique on users (nickname_folded_skeleton)`.execute(
    db,
  );
});
