import { sql, type Kysely } from 'kysely';
import type { LedgerType } from '../../../protocol';
import type { AccountKey, LedgerReader, LedgerStore } from '../../domain/ledger/ports';
import type { Balance } from '../../domain/ledger/types';
import type { Engine } from '../connect';
import type { Database } from '../schema';

const rowKey = (userId: number, asset: string) => `${userId}:${asset}`;

/** The ledger's rows within one transaction. On PostgreSQL the rows are locked FOR UPDATE; SQLite
 * has one writer at a time, so the transaction itself is the lock. */
export const ledgerStore = (trx: Kysely<Database>, engine: Engine): LedgerStore => ({
  lock: async (keys: readonly AccountKey[]) => {
    const now = Date.now();
    // Accounts come into being at their first movement, empty.
    await trx
      .insertInto('balances')
      .values(
        keys.map((k) => ({
          user_id: k.userId,
          asset: k.asset,
          available: '0',
          frozen: '0',
          updated_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['user_id', 'asset']).doNothing())
      .execute();
    const result = new Map<string, Balance>();
    for (const k of keys) {
      const q = trx
        .selectFrom('balances')
        .select(['available', 'frozen'])
        .where('user_id', '=', k.userId)
        .where('asset', '=', k.asset);
      const row = await (engine === 'postgres' ? q.forUpdate() : q).executeTakeFirstOrThrow();
      result.set(rowKey(k.userId, k.asset), { available: BigInt(row.available), frozen: BigInt(row.frozen) });
    }
    return result;
  },
  save: async (k, balance, now) => {
    await trx
      .updateTable('balances')
      .set({ available: balance.available.toString(), frozen: balance.frozen.toString(), updated_at: now })
      .where('user_id', '=', k.userId)
      .where('asset', '=', k.asset)
      .execute();
  },
  journal: async (e) => {
    await trx
      .insertInto('journal')
      .values({
        user_id: e.userId,
        asset: e.asset,
        type: e.type,
        ref: e.ref,
        available_change: e.available.toString(),
        frozen_change: e.frozen.toString(),
        available_after: e.after.available.toString(),
        frozen_after: e.after.frozen.toString(),
        created_at: e.createdAt,
      })
      .execute();
  },
});

export const ledgerReader = (db: Kysely<Database>): LedgerReader => ({
  balances: async (userId) => {
    const rows = await db
      .selectFrom('balances')
      .select(['asset', 'available', 'frozen'])
      .where('user_id', '=', userId)
      .orderBy('asset')
      .execute();
    return rows.map((r) => ({
      userId,
      asset: r.asset,
      available: BigInt(r.available),
      frozen: BigInt(r.frozen),
    }));
  },
  balance: async (userId, asset) => {
    const r = await db
      .selectFrom('balances')
      .select(['available', 'frozen'])
      .where('user_id', '=', userId)
      .where('asset', '=', asset)
      .executeTakeFirst();
    return r ? { available: BigInt(r.available), frozen: BigInt(r.frozen) } : { available: 0n, frozen: 0n };
  },
  journal: async (userId, filter, page) => {
    let q = db.selectFrom('journal').where('user_id', '=', userId);
    if (filter.type) q = q.where('type', '=', filter.type);
    if (filter.asset) q = q.where('asset', '=', filter.asset);
    const [rows, count] = await Promise.all([
      q.selectAll().orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
      q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      total: Number(count.n),
      rows: rows.map((r) => ({
        id: r.id,
        userId: r.user_id,
        asset: r.asset,
        type: r.type as LedgerType,
        ref: r.ref,
        availableChange: BigInt(r.available_change),
        frozenChange: BigInt(r.frozen_change),
        availableAfter: BigInt(r.available_after),
        frozenAfter: BigInt(r.frozen_after),
        createdAt: Number(r.created_at),
      })),
    };
  },
});
