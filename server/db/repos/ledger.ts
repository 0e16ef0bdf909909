import { sql, type InsertQueryBuilder, type InsertResult, type Kysely } from 'kysely';
import type { LedgerType } from '../../../protocol';
import type { AccountKey, LedgerReader, LedgerStore } from '../../domain/ledger/ports';
import type { Balance } from '../../domain/ledger/types';
import { chunks } from '../chunks';
import { insertRows, prepareInsertRows, type ColumnTypes } from '../insertRows';
import { prepareSlices, runPrepared, type Slice } from '../prepared';
import type { Engine } from '../connect';
import type { BalanceTable, Database, JournalTable } from '../schema';
import { ownedPage } from '../userIndex';

export const BALANCE_TYPES: ColumnTypes<BalanceTable> = {
  user_id: 'int4',
  asset: 'text',
  available: 'text',
  frozen: 'text',
  updated_at: 'int8',
};

export const JOURNAL_TYPES: ColumnTypes<Omit<JournalTable, 'id'>> = {
  user_id: 'int4',
  asset: 'text',
  type: 'text',
  ref: 'text',
  available_change: 'text',
  frozen_change: 'text',
  available_after: 'text',
  frozen_after: 'text',
  created_at: 'int8',
};

type BalanceRow = Pick<BalanceTable, 'user_id' | 'asset' | 'available' | 'frozen'>;

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/**
 * An amount as the engine's statement binds it. The columns are text, so the digits are what is
 * stored either way; SQLite takes a 64-bit integer and writes it into a text column as those same
 * digits, and binding one skips the string's conversion to UTF-8 and its copy: a journal row of
 * four amounts went from 1.42 to 1.07 µs (docs/spot-performance.md, twenty-sixth session). An
 * amount beyond 64 bits, and every amount on PostgreSQL (bound as text arrays), goes as its digits.
 */
const amountFor =
  (engine: Engine) =>
  (units: bigint): bigint | string =>
    engine === 'sqlite' && units >= INT64_MIN && units <= INT64_MAX ? units : units.toString();

const rowKey = (userId: number, asset: string) => `${userId}:${asset}`;

/** SQLite's read of the balances of `keys`, a slice of them (`chunks`). */
const balancesOf = (db: Kysely<Database>, keys: readonly AccountKey[]): Slice<BalanceRow> => {
  const params: unknown[] = [];
  for (const k of keys) params.push(k.userId, k.asset);
  return {
    params,
    build: () =>
      db
        .selectFrom('balances')
        .select(['user_id', 'asset', 'available', 'frozen'])
        .where((eb) =>
          eb.or(keys.map((k) => eb.and([eb('user_id', '=', k.userId), eb('asset', '=', k.asset)]))),
        ),
  };
};

const balanceUpsert = (q: InsertQueryBuilder<Database, 'balances', InsertResult>) =>
  q.onConflict((oc) =>
    oc.columns(['user_id', 'asset']).doUpdateSet((eb) => ({
      available: eb.ref('excluded.available'),
      frozen: eb.ref('excluded.frozen'),
      updated_at: eb.ref('excluded.updated_at'),
    })),
  );

/** Prepares ahead the statements a ledger store runs on SQLite for any number of accounts and
 * entries (`prepareSlices`): the spot thread's, before its first batch. */
export const prepareLedgerStatements = (db: Kysely<Database>) => {
  prepareSlices(db, 'balances.read', (n) =>
    balancesOf(
      db,
      Array.from({ length: n }, (_, i) => ({ userId: i, asset: `${i}` })),
    ),
  );
  prepareInsertRows(db, 'balances.save', 'balances', BALANCE_TYPES, balanceUpsert);
  prepareInsertRows(db, 'journal.insert', 'journal', JOURNAL_TYPES);
};

/** The ledger's rows within one transaction: one statement per step whatever the number of
 * accounts or entries. On PostgreSQL the rows are locked FOR UPDATE in key order; an account with
 * no row yet gets one (inserted, then locked) after the existing ones are held, so its lock comes
 * out of that order. Only a transaction that holds that brand-new row (created and committed by
 * another in between) while waiting for one held here could close a cycle: PostgreSQL then breaks
 * it after deadlock_timeout and the victim is run again (`isTransient`), so it costs a second, not
 * money or an answer, and only on an account's first touch, while the common path stays one
 * statement. SQLite has one writer at a time, so the transaction itself is the lock and a new
 * account's row comes into being when it is saved. */
export const ledgerStore = (trx: Kysely<Database>, engine: Engine): LedgerStore => {
  const amount = amountFor(engine);
  const keep = (rows: readonly BalanceRow[], into: Map<string, Balance>) => {
    for (const row of rows)
      into.set(rowKey(row.user_id, row.asset), {
        available: BigInt(row.available),
        frozen: BigInt(row.frozen),
      });
  };
  const read = async (keys: readonly AccountKey[], into: Map<string, Balance>) => {
    if (engine === 'postgres') {
      // One statement whatever the number of keys, its plan kept (openPostgres). PostgreSQL locks
      // rows in the order the plan yields them, not the order the keys were given: sorting them
      // makes the lock order fixed.
      const users = keys.map((k) => k.userId);
      const assets = keys.map((k) => k.asset);
      const { rows } = await runPrepared(trx, 'balances.read:unnest', [users, assets], () =>
        trx
          .selectFrom('balances')
          .select(['user_id', 'asset', 'available', 'frozen'])
          .where(
            (eb) => eb.refTuple('user_id', 'asset'),
            'in',
            sql<[number, string]>`(select * from unnest(${users}::int4[], ${assets}::text[]))`,
          )
          .orderBy('user_id')
          .orderBy('asset')
          .forUpdate(),
      );
      return keep(rows, into);
    }
    for (const part of chunks(keys)) {
      const { params, build } = balancesOf(trx, part);
      const { rows } = await runPrepared(trx, `balances.read:${part.length}`, params, build);
      keep(rows, into);
    }
  };
  return {
    lock: async (keys) => {
      const found = new Map<string, Balance>();
      await read(keys, found);
      const missing = keys.filter((k) => !found.has(rowKey(k.userId, k.asset)));
      if (missing.length > 0 && engine === 'postgres') {
        const now = Date.now();
        await trx
          .insertInto('balances')
          .values(
            missing.map((k) => ({
              user_id: k.userId,
              asset: k.asset,
              available: '0',
              frozen: '0',
              updated_at: now,
            })),
          )
          .onConflict((oc) => oc.columns(['user_id', 'asset']).doNothing())
          .execute();
        await read(missing, found);
      }
      return found;
    },
    save: async (balances, now) => {
      const rows = balances.map((b) => ({
        user_id: b.userId,
        asset: b.asset,
        available: amount(b.available),
        frozen: amount(b.frozen),
        updated_at: now,
      }));
      await insertRows(trx, engine, 'balances.save', 'balances', rows, BALANCE_TYPES, balanceUpsert);
    },
    journal: async (entries) => {
      const rows = entries.map((e) => ({
        user_id: e.userId,
        asset: e.asset,
        type: e.type,
        ref: e.ref,
        available_change: amount(e.available),
        frozen_change: amount(e.frozen),
        available_after: amount(e.after.available),
        frozen_after: amount(e.after.frozen),
        created_at: e.createdAt,
      }));
      await insertRows(trx, engine, 'journal.insert', 'journal', rows, JOURNAL_TYPES);
    },
  };
};

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
    const { rows, total } = await ownedPage(
      db,
      'journal',
      userId,
      page,
      filter.type || filter.asset
        ? (rows) => {
            let q = rows;
            if (filter.type) q = q.where('r.type', '=', filter.type);
            if (filter.asset) q = q.where('r.asset', '=', filter.asset);
            return q;
          }
        : undefined,
    );
    return {
      total,
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
