import { describe, expect, it } from 'vitest';
import { DEPOSIT_TX_HASH_USED } from '../../../../protocol';
import { migrate } from '../../../../server/db/migrate';
import { isUniqueViolation } from '../../../../server/db/repos/uniqueViolation';
import { forEachEngine, useTestDb } from '../../helpers/testDb';
import { depositRow, userRow } from './rows';

const HASH = 'aaaabbbbccccdddd0001';
const SOL_HASH = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';

/** A deposit as migration 014 found them: no amount received was kept yet, even for credited ones. */
const deposit = (id: number, network: string, txHash: string | null, status: string) => ({
  ...depositRow(id, { user_id: 1 + (id % 2), network, tx_hash: txHash, status }),
  received_amount: null,
});

describe.each(forEachEngine())('migration 014 on %s', (_engine, open) => {
  const t = useTestDb(open, { migrate: false });

  it('keeps one deposit that has not failed per transaction, then holds the database to it', async () => {
    await migrate(t().db, '013_deposit_received');
    const k = t().db.kysely;
    await k
      .insertInto('users')
      .values([userRow(1), userRow(2)])
      .execute();
    await k
      .insertInto('deposits')
      .values([
        deposit(1, 'TRC20', HASH, 'confirming'),
        deposit(2, 'TRC20', HASH.toUpperCase(), 'success'),
        deposit(3, 'TRC20', `0x${HASH}`, 'success'),
        deposit(4, 'TRC20', 'bbbb'.repeat(16), 'fail'),
        deposit(5, 'TRC20', 'BBBB'.repeat(16), 'confirming'),
        deposit(6, 'ERC20', HASH, 'pending'),
        deposit(7, 'SOL', SOL_HASH, 'confirming'),
        deposit(8, 'TRC20', null, 'pending'),
      ])
      .execute();
    expect(await migrate(t().db, '014_deposit_tx_hash')).toEqual(['014_deposit_tx_hash']);

    const rows = await k
      .selectFrom('deposits')
      .select(['id', 'tx_hash', 'status', 'credited_amount', 'note'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      // Declared first, but a credited deposit holds the hash: this one, still open, fails.
      { id: 1, tx_hash: HASH, status: 'fail', credited_amount: '0', note: DEPOSIT_TX_HASH_USED },
      { id: 2, tx_hash: HASH, status: 'success', credited_amount: '10000000000', note: null },
      // Credited a second time already: it stays credited and gives the hash up.
      { id: 3, tx_hash: null, status: 'success', credited_amount: '10000000000', note: DEPOSIT_TX_HASH_USED },
      { id: 4, tx_hash: 'bbbb'.repeat(16), status: 'fail', credited_amount: null, note: null },
      { id: 5, tx_hash: 'bbbb'.repeat(16), status: 'confirming', credited_amount: null, note: null },
      { id: 6, tx_hash: HASH, status: 'pending', credited_amount: null, note: null },
      { id: 7, tx_hash: SOL_HASH, status: 'confirming', credited_amount: null, note: null },
      { id: 8, tx_hash: null, status: 'pending', credited_amount: null, note: null },
    ]);
    const audit = await k.selectFrom('audit_log').selectAll().orderBy('id').execute();
    expect(
      audit.map((a) => [a.action, a.target, JSON.parse(a.before_json), JSON.parse(a.after_json)]),
    ).toEqual([
      [
        'deposit.tx_hash_used',
        'deposit:3',
        { status: 'success', txHash: HASH, note: null },
        { status: 'success', txHash: null, note: DEPOSIT_TX_HASH_USED, heldBy: 'deposit:2' },
      ],
      [
        'deposit.tx_hash_used',
        'deposit:1',
        { status: 'confirming', txHash: HASH, note: null },
        { status: 'fail', txHash: HASH, note: DEPOSIT_TX_HASH_USED, heldBy: 'deposit:2' },
      ],
    ]);

    const insert = (id: number, status: string) =>
      k
        .insertInto('deposits')
        .values(deposit(id, 'TRC20', HASH, status))
        .execute();
    const refused = await insert(9, 'pending').then(
      () => null,
      (e: unknown) => e,
    );
    expect(isUniqueViolation(refused)).toBe(true);
    await insert(10, 'fail');
  });
});
