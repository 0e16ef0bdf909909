import { sql } from 'kysely';
import { whole, type MigrationFn } from './helpers';

/** What the migration writes on a submission it rejects, and who it names as the reviewer. */
export const DUPLICATE_REASON = 'app.msg.duplicate_document_number';
const REVIEWER = 'migration:027';

/**
 * A document number belongs to one person whatever type it was submitted as. Until now it was
 * unique per type, so an ID card's number could back a second account sent as a "passport" (an
 * 18-digit ID number passes the passport rule). Where submissions not rejected already share a
 * number, the first approved one, else the first sent, keeps it; each other is rejected as the
 * operator would have (its account's certification becomes failed, the reason shown to its user),
 * an approved one included, since one person's document cannot verify two accounts.
 */
export const up: MigrationFn = whole(async (db) => {
  const { rows } = await sql<{ id: number; user_id: number; doc_number: string }>`
    select id, user_id, doc_number from verifications
    where status <> 'rejected' and doc_number in (
      select doc_number from verifications where status <> 'rejected'
      group by doc_number having count(*) > 1)
    order by doc_number, case when status = 'approved' then 0 else 1 end, id`.execute(db);
  const now = Date.now();
  let holder: string | undefined;
  for (const v of rows) {
    if (v.doc_number !== holder) {
      holder = v.doc_number;
      continue;
    }
    await sql`update verifications set status = 'rejected', reject_reason = ${DUPLICATE_REASON},
      reviewed_at = ${now}, reviewed_by = ${REVIEWER} where id = ${v.id}`.execute(db);
    await sql`update users set certification = 1 where id = ${v.user_id}`.execute(db);
  }
  await sql`drop index verifications_document_unique`.execute(db);
  await sql`create unique index verifications_document_unique on verifications (doc_number)
    where status <> 'rejected'`.execute(db);
});
