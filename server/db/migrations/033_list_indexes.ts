import { sql } from 'kysely';
import { whole, type MigrationFn } from './helpers';

/**
 * The operator's list of verifications and an inviter's list of invitees are read a page at a
 * time, in the order of their time and id: each gets an index in that order, so a page deep in
 * the list is read from the index rather than after sorting every row of the status or of the
 * inviter. Each replaces the index on its first column alone, which it serves as well.
 */
export const up: MigrationFn = whole(async (db) => {
  await sql`create index users_inviter_created_idx on users (inviter_id, created_at, id)`.execute(db);
  await sql`drop index users_inviter_idx`.execute(db);
  await sql`create index verifications_status_submitted_idx on verifications (status, submitted_at, id)`.execute(
    db,
  );
  await sql`drop index verifications_status_idx`.execute(db);
});
