import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../server/db/migrate';
import { DUPLICATE_REASON } from '../../../../server/db/migrations/027_document_number_unique';
import { isUniqueViolation } from '../../../../server/db/repos/uniqueViolation';
import { forEachEngine, useTestDb } from '../../helpers/testDb';
import { userRow } from './rows';

const upload = (id: string, owner: number) => ({
  id,
  owner_id: owner,
  file_name: `${id}.jpg`,
  mime: 'image/jpeg',
  size: 1,
  created_at: 1,
});

const verification = (
  id: number,
  userId: number,
  docType: string,
  docNumber: string,
  status: 'pending' | 'approved' | 'rejected',
) => ({
  id,
  user_id: userId,
  name: 'n',
  doc_type: docType,
  doc_number: docNumber,
  front_upload_id: `f${userId}`,
  back_upload_id: `b${userId}`,
  status,
  submitted_at: id,
});

describe.each(forEachEngine())('migration 027 on %s', (_engine, open) => {
  const t = useTestDb(open, { migrate: false });

  it('keeps one holder of each document number whatever its type, and holds to it after', async () => {
    await migrate(t().db, '026_deposit_tx_hash_claims');
    const k = t().db.kysely;
    await k
      .insertInto('users')
      .values([1, 2, 3, 4, 5].map((id) => ({ ...userRow(id), certification: id === 4 ? 2 : 0 })))
      .execute();
    await k
      .insertInto('uploads')
      .values(
        [1, 2, 3, 4, 5, 6].flatMap((u) => [
          upload(`f${u}`, u === 6 ? 1 : u),
          upload(`b${u}`, u === 6 ? 1 : u),
        ]),
      )
      .execute();
    await k
      .insertInto('verifications')
      .values([
        // One number under two types: the approved one (user 4) keeps it, though sent later.
        verification(1, 1, 'idCard', 'A1234567', 'pending'),
        verification(2, 4, 'passport', 'A1234567', 'approved'),
        // Two pending ones: the first sent keeps it.
        verification(3, 2, 'idCard', 'B7654321', 'pending'),
        verification(4, 3, 'passport', 'B7654321', 'pending'),
        // A rejected one shares a number with nobody.
        verification(5, 5, 'passport', 'B7654321', 'rejected'),
      ])
      .execute();
    expect(await migrate(t().db, '027_document_number_unique')).toEqual(['027_document_number_unique']);

    const rows = await k
      .selectFrom('verifications')
      .select(['id', 'status', 'reject_reason', 'reviewed_by'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 1, status: 'rejected', reject_reason: DUPLICATE_REASON, reviewed_by: 'migration:027' },
      { id: 2, status: 'approved', reject_reason: null, reviewed_by: null },
      { id: 3, status: 'pending', reject_reason: null, reviewed_by: null },
      { id: 4, status: 'rejected', reject_reason: DUPLICATE_REASON, reviewed_by: 'migration:027' },
      { id: 5, status: 'rejected', reject_reason: null, reviewed_by: null },
    ]);
    const users = await k.selectFrom('users').select(['id', 'certification']).orderBy('id').execute();
    expect(users.map((u) => u.certification)).toEqual([1, 0, 1, 2, 0]);

    // The number, sent as the other type by another account, is refused by the database itself.
    const refused = await k
      .insertInto('verifications')
      .values(verification(6, 5, 'idCard', 'A1234567', 'pending'))
      .execute()
      .then(
        () => false,
        (e: unknown) => isUniqueViolation(e),
      );
    expect(refused).toBe(true);
  });
});
