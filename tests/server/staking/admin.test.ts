import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { findProduct } from '../../../server/db/repos/defi';
import { createProduct, updateProductTerms } from '../../../server/staking/admin';
import { forEachEngine, useTestDb } from '../helpers/testDb';
import { stakingHarness, UNIT } from './helpers';

const OPERATOR = { operatorId: null, name: 'cli:test' };

describe.each(forEachEngine())('product terms on %s', (engine, open) => {
  const db = useTestDb(open, { seed: true });

  it('sets the total quota asked for when two changes meet, never their difference twice', async () => {
    const h = stakingHarness(db());
    await h.fundHouse('USDT', 1_000_000n * UNIT);
    const id = await h.product({ totalQuota: 1_000n * UNIT });
    await h.staking.pledge(await h.user({ USDT: 500n * UNIT }), id, '100');
    const change = () => updateProductTerms(db().db, OPERATOR, { id, totalQuota: '3000' });
    let both: Promise<unknown> = Promise.resolve();
    if (engine === 'postgres') {
      // Both changes read the product, then wait on its row, held here: as a double submit meets
      // itself when the database is slow.
      await db()
        .db.kysely.transaction()
        .execute(async (trx) => {
          await sql`select id from defi_products where id = ${id} for update`.execute(trx);
          both = Promise.all([change(), change()]);
          await new Promise((r) => setTimeout(r, 300));
        });
    } else {
      both = Promise.all([change(), change()]);
    }
    await both;
    const p = (await findProduct(db().db.kysely, id))!;
    expect(p.totalQuota).toBe(3_000n * UNIT);
    expect(p.remainingQuota).toBe(2_900n * UNIT);
  });

  it('refuses terms under which the minimum pledge would earn nothing a day', async () => {
    // 0.0001 ETH at 0.001 % a day is 0.000000001 a day, rounded down to nothing: a pledge of the
    // minimum would freeze the amount for the whole cycle and pay 0.
    const terms = {
      name: 'ETH dust',
      asset: 'ETH',
      cycleDays: 7,
      dailyYield: '0.001',
      minAmount: '0.0001',
      maxAmount: '10',
      totalQuota: '100',
      purchaseLimit: 3,
    };
    await expect(createProduct(db().db, OPERATOR, terms)).rejects.toMatchObject({
      errorName: 'parameter_error',
      data: { field: 'minAmount' },
    });
    const { id } = await createProduct(db().db, OPERATOR, { ...terms, minAmount: '0.001' });
    for (const change of [{ minAmount: '0.0001' }, { dailyYield: '0.0001' }])
      await expect(updateProductTerms(db().db, OPERATOR, { id, ...change })).rejects.toMatchObject({
        errorName: 'parameter_error',
      });
    const kept = (await findProduct(db().db.kysely, id))!;
    expect([kept.minAmount, kept.dailyRate]).toEqual([UNIT / 1000n, 1_000n]);
  });
});
