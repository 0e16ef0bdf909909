import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../server/db/migrate';
import { isUniqueViolation } from '../../../../server/db/repos/uniqueViolation';
import { forEachEngine, useTestDb } from '../../helpers/testDb';
import { depositRow, userRow } from './rows';

const HASH = 'aaaabbbbccccdddd0001';

const deposit = (id: number, userId: number, status: string) =>
  depositRow(id, { user_id: userId, tx_hash: HASH, status });

describe.each(forEachEngine())('migration 026 on %s', (_engine, open) => {
  const t = useTestDb(open, { migrate: false });

  it('lets several users declare one transaction, one of each at a time, and credits it once', async () => {
    await migrate(t().db, '025_pledge_income_reserved');
    const k = t().db.kysely;
    await k
      .insertInto('users')
      .values([userRow(1), userRow(2), userRow(3)])
      .execute();
    await k
      .insertInto('deposits')
      .values(deposit(1, 1, 'confirming'))
      .execute();
    expect(await migrate(t().db, '026_deposit_tx_hash_claims')).toEqual(['026_deposit_tx_hash_claims']);

    const refusedByIndex = (write: Promise<unknown>) =>
      write.then(
        () => false,
        (e: unknown) => isUniqueViolation(e),
      );
    // Another user's declaration of the same transaction waits beside the first.
    await k
      .insertInto('deposits')
      .values(deposit(2, 2, 'confirming'))
      .execute();
    // One open declaration of it per user; a failed one leaves room for another.
    expect(
      await refusedByIndex(
        k
          .insertInto('deposits')
          .values(deposit(3, 1, 'pending'))
          .execute(),
      ),
    ).toBe(true);
    await k
      .insertInto('deposits')
      .values(deposit(4, 3, 'fail'))
      .execute();
    await k
      .insertInto('deposits')
      .values(deposit(5, 3, 'pending'))
      .execute();
    // Credited once.
    const credit = (id: number) =>
      k.updateTable('deposits').set({ status: 'success' }).where('id', '=', id).execute();
    await credit(2);
    expect(await refusedByIndex(credit(1))).toBe(true);
    const statuses = await k.selectFrom('deposits').select(['id', 'status']).orderBy('id').execute();
    expect(statuses).toEqual([
      { id: 1, status: 'confirming' },
      { id: 2, status: 'success' },
      { id: 4, status: 'fail' },
      { id: 5, status: 'pending' },
    ]);
  });
});
