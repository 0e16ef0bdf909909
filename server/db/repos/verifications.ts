import type { Kysely, Selectable } from 'kysely';
import type { VerificationRecord, VerificationsRepo } from '../../domain/accounts/ports';
import type { Database, VerificationTable } from '../schema';
import { guardUnique } from './uniqueViolation';

const toRecord = (r: Selectable<VerificationTable>): VerificationRecord => ({
  id: r.id,
  userId: r.user_id,
  name: r.name,
  docType: r.doc_type,
  docNumber: r.doc_number,
  frontUploadId: r.front_upload_id,
  backUploadId: r.back_upload_id,
  status: r.status,
  rejectReason: r.reject_reason,
  submittedAt: Number(r.submitted_at),
  reviewedAt: r.reviewed_at === null ? null : Number(r.reviewed_at),
  reviewedBy: r.reviewed_by,
});

export const verificationsRepo = (db: Kysely<Database>): VerificationsRepo => ({
  insert: (v) =>
    guardUnique(async () => {
      const row = await db
        .insertInto('verifications')
        .values({
          user_id: v.userId,
          name: v.name,
          doc_type: v.docType,
          doc_number: v.docNumber,
          front_upload_id: v.frontUploadId,
          back_upload_id: v.backUploadId,
          status: v.status,
          reject_reason: null,
          submitted_at: v.submittedAt,
          reviewed_at: null,
          reviewed_by: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    }),
  findById: async (id) => {
    const r = await db.selectFrom('verifications').selectAll().where('id', '=', id).executeTakeFirst();
    return r ? toRecord(r) : undefined;
  },
  latestForUser: async (userId) => {
    const r = await db
      .selectFrom('verifications')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return r ? toRecord(r) : undefined;
  },
  findActiveDocument: async (docNumber) => {
    const r = await db
      .selectFrom('verifications')
      .selectAll()
      .where('doc_number', '=', docNumber)
      .where('status', '<>', 'rejected')
      .executeTakeFirst();
    return r ? toRecord(r) : undefined;
  },
  list: async ({ status, userId }, { offset, limit }) => {
    const order = status === 'pending' ? 'asc' : 'desc';
    let q = db.selectFrom('verifications').selectAll().where('status', '=', status);
    if (userId !== undefined) q = q.where('user_id', '=', userId);
    const rows = await q
      .orderBy('submitted_at', order)
      .orderBy('id', order)
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map(toRecord);
  },
  review: async (id, r) => {
    const done = await db
      .updateTable('verifications')
      .set({
        status: r.status,
        reject_reason: r.rejectReason,
        reviewed_at: r.reviewedAt,
        reviewed_by: r.reviewedBy,
      })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return done.numUpdatedRows === 1n;
  },
});
