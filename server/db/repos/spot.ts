import { sql, type InsertQueryBuilder, type InsertResult, type Kysely } from 'kysely';
import { ASSET_SCALE } from '../../../protocol';
import { formatScaled, parseExact } from '../../domain/money/scaled';
import type { OrderStatus, PairSpec, SpotOrder, SpotTrade } from '../../domain/spot/types';
import { orderRef } from '../../domain/spot/engine';
import { chunks } from '../chunks';
import type { Engine } from '../connect';
import { insertRows, prepareInsertRows, type ColumnTypes } from '../insertRows';
import { prepareSlices, runPrepared, type Slice } from '../prepared';
import type { Database, SpotOrderTable, SpotTradeTable } from '../schema';
import { indexedUpTo, ownedPage } from '../userIndex';

const money = (units: bigint) => formatScaled(units, ASSET_SCALE);
const units = (text: string) => parseExact(text, ASSET_SCALE)!;
const int = (text: string, scale: number) => Number(parseExact(text, scale)!);

export const ORDER_TYPES: ColumnTypes<SpotOrderTable> = {
  id: 'int8',
  user_id: 'int4',
  pair: 'text',
  side: 'text',
  type: 'text',
  price: 'text',
  qty: 'text',
  budget: 'text',
  filled_qty: 'text',
  filled_quote: 'text',
  fee: 'text',
  frozen: 'text',
  status: 'text',
  client_oid: 'text',
  created_at: 'int8',
  updated_at: 'int8',
};

const TRADE_TYPES: ColumnTypes<SpotTradeTable> = {
  id: 'int8',
  pair: 'text',
  price: 'text',
  qty: 'text',
  quote: 'text',
  taker_side: 'text',
  maker_order_id: 'int8',
  taker_order_id: 'int8',
  maker_user_id: 'int4',
  taker_user_id: 'int4',
  maker_fee: 'text',
  taker_fee: 'text',
  created_at: 'int8',
};

const orderToRow = (o: SpotOrder, p: PairSpec): SpotOrderTable => ({
  id: o.id,
  user_id: o.userId,
  pair: o.pair,
  side: o.side,
  type: o.type,
  price: o.price === null ? null : formatScaled(BigInt(o.price), p.pricePrecision),
  qty: o.qty === null ? null : formatScaled(BigInt(o.qty), p.qtyPrecision),
  budget: o.budget === null ? null : money(o.budget),
  filled_qty: formatScaled(BigInt(o.filledQty), p.qtyPrecision),
  filled_quote: money(o.filledQuote),
  fee: money(o.fee),
  frozen: money(o.frozen),
  status: o.status,
  client_oid: o.clientOid,
  created_at: o.createdAt,
  updated_at: o.updatedAt,
});

export const orderFromRow = (r: SpotOrderTable, p: PairSpec): SpotOrder => ({
  id: Number(r.id),
  userId: r.user_id,
  pair: r.pair,
  side: r.side as SpotOrder['side'],
  type: r.type as SpotOrder['type'],
  price: r.price === null ? null : int(r.price, p.pricePrecision),
  qty: r.qty === null ? null : int(r.qty, p.qtyPrecision),
  budget: r.budget === null ? null : units(r.budget),
  filledQty: int(r.filled_qty, p.qtyPrecision),
  filledQuote: units(r.filled_quote),
  fee: units(r.fee),
  frozen: units(r.frozen),
  status: r.status as OrderStatus,
  clientOid: r.client_oid,
  ref: orderRef(Number(r.id)),
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});

const tradeToRow = (t: SpotTrade, p: PairSpec): SpotTradeTable => ({
  id: t.id,
  pair: t.pair,
  price: formatScaled(BigInt(t.price), p.pricePrecision),
  qty: formatScaled(BigInt(t.qty), p.qtyPrecision),
  quote: money(t.quote),
  taker_side: t.takerSide,
  maker_order_id: t.makerOrderId,
  taker_order_id: t.takerOrderId,
  maker_user_id: t.makerUserId,
  taker_user_id: t.takerUserId,
  maker_fee: money(t.makerFee),
  taker_fee: money(t.takerFee),
  created_at: t.ts,
});

export const tradeFromRow = (r: SpotTradeTable, p: PairSpec): SpotTrade => ({
  id: Number(r.id),
  pair: r.pair,
  price: int(r.price, p.pricePrecision),
  qty: int(r.qty, p.qtyPrecision),
  quote: units(r.quote),
  takerSide: r.taker_side as SpotTrade['takerSide'],
  makerOrderId: Number(r.maker_order_id),
  takerOrderId: Number(r.taker_order_id),
  makerUserId: r.maker_user_id,
  takerUserId: r.taker_user_id,
  makerFee: units(r.maker_fee),
  takerFee: units(r.taker_fee),
  ts: Number(r.created_at),
});

const orderUpsert = (q: InsertQueryBuilder<Database, 'spot_orders', InsertResult>) =>
  q.onConflict((oc) =>
    oc.column('id').doUpdateSet((eb) => ({
      filled_qty: eb.ref('excluded.filled_qty'),
      filled_quote: eb.ref('excluded.filled_quote'),
      fee: eb.ref('excluded.fee'),
      frozen: eb.ref('excluded.frozen'),
      status: eb.ref('excluded.status'),
      updated_at: eb.ref('excluded.updated_at'),
    })),
  );

/** SQLite's delete of the orders `ids`, a slice of them (`chunks`). */
const dropsOf = (db: Kysely<Database>, ids: readonly number[]): Slice<unknown> => ({
  params: ids,
  build: () => db.deleteFrom('spot_orders').where('id', 'in', ids),
});

/** Prepares ahead the statements a batch (`spotBatch`) runs on SQLite for any number of orders and
 * trades (`prepareSlices`): the spot thread's, before its first batch. */
export const prepareSpotStatements = (db: Kysely<Database>) => {
  prepareInsertRows(db, 'spot_orders.save', 'spot_orders', ORDER_TYPES, orderUpsert);
  prepareSlices(db, 'spot_orders.drop', (n) =>
    dropsOf(
      db,
      Array.from({ length: n }, (_, i) => i),
    ),
  );
  prepareInsertRows(db, 'spot_trades.insert', 'spot_trades', TRADE_TYPES);
};

/**
 * The orders and trades of one batch of engine commands, kept in memory and written by `flush`
 * just before the batch commits: an order changed by many commands is written once, in its final
 * state, and the batch costs a few statements however many orders it held. Reads by id or client
 * order id see the batch's own orders first.
 */
export const spotBatch = (trx: Kysely<Database>, p: PairSpec, engine: Engine) => {
  const orders = new Map<number, SpotOrderTable>();
  const dropped = new Set<number>();
  const trades: SpotTradeTable[] = [];
  const ownedOid = (userId: number, clientOid: string) =>
    [...orders.values()].find((o) => o.user_id === userId && o.client_oid === clientOid);
  return {
    saveOrders: (changed: readonly SpotOrder[]) => {
      for (const o of changed) orders.set(o.id, orderToRow(o, p));
    },
    /** Orders that leave no record (the house's quotes cancelled unfilled). */
    dropOrders: (ids: readonly number[]) => {
      for (const id of ids) {
        orders.delete(id);
        dropped.add(id);
      }
    },
    saveTrades: (made: readonly SpotTrade[]) => {
      for (const t of made) trades.push(tradeToRow(t, p));
    },
    byClientOid: async (userId: number, clientOid: string) =>
      ownedOid(userId, clientOid) ??
      trx
        .selectFrom('spot_orders')
        .selectAll()
        .where('user_id', '=', userId)
        .where('client_oid', '=', clientOid)
        .executeTakeFirst(),
    order: async (id: number) =>
      orders.get(id) ??
      trx.selectFrom('spot_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    flush: async () => {
      await insertRows(
        trx,
        engine,
        'spot_orders.save',
        'spot_orders',
        [...orders.values()],
        ORDER_TYPES,
        orderUpsert,
      );
      if (engine === 'postgres' && dropped.size > 0) {
        // One statement text whatever the number of ids, as the writes above (insertRows).
        const ids = [...dropped];
        await runPrepared(trx, 'spot_orders.drop:any', [ids], () =>
          trx.deleteFrom('spot_orders').where('id', '=', sql<number>`any(${ids}::int8[])`),
        );
      } else
        for (const part of chunks([...dropped])) {
          const { params, build } = dropsOf(trx, part);
          await runPrepared(trx, `spot_orders.drop:${part.length}`, params, build);
        }
      await insertRows(trx, engine, 'spot_trades.insert', 'spot_trades', trades, TRADE_TYPES);
      orders.clear();
      dropped.clear();
      trades.length = 0;
    },
  };
};

export type SpotBatch = ReturnType<typeof spotBatch>;

export interface SpotPairRow {
  tradecoin: string;
  settlecoin: string;
  enabled: number;
  spot_enabled: number;
  spot_min_amount: string;
}

interface OrderFilter {
  userId: number;
  statuses: readonly OrderStatus[];
  pair?: string | undefined;
  /** Only orders that traded at least once. */
  dealt?: boolean;
}

/** Reads outside the engine: startup, records and order detail. */
export const spotReader = (db: Kysely<Database>) => ({
  pairs: (): Promise<SpotPairRow[]> =>
    db
      .selectFrom('pairs')
      .select(['tradecoin', 'settlecoin', 'enabled', 'spot_enabled', 'spot_min_amount'])
      .execute(),
  openOrders: (pair: string) =>
    db
      .selectFrom('spot_orders')
      .selectAll()
      .where('pair', '=', pair)
      .where('status', '=', 'pending')
      .orderBy('id')
      .execute(),
  recentTrades: (pair: string, limit: number) =>
    db
      .selectFrom('spot_trades')
      .selectAll()
      .where('pair', '=', pair)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
  maxIds: async () => {
    const o = await db
      .selectFrom('spot_orders')
      .select(sql<number | null>`max(id)`.as('m'))
      .executeTakeFirst();
    const t = await db
      .selectFrom('spot_trades')
      .select(sql<number | null>`max(id)`.as('m'))
      .executeTakeFirst();
    return {
      order: Math.max(Number(o?.m ?? 0), await indexedUpTo(db, 'spot_orders')),
      trade: Number(t?.m ?? 0),
    };
  },
  list: async (f: OrderFilter, page: { offset: number; limit: number }) => {
    if (f.statuses.length === 0) return { rows: [], total: 0 };
    return ownedPage(db, 'spot_orders', f.userId, page, (rows) => {
      let q = rows.where('r.status', 'in', [...f.statuses]);
      // A quantity is a decimal string: compared as a number, whatever its trailing zeros.
      if (f.dealt) q = q.where(sql`cast(${sql.ref('r.filled_qty')} as numeric)`, '>', 0);
      return f.pair ? q.where('r.pair', '=', f.pair) : q;
    });
  },
  order: (userId: number, id: number) =>
    db
      .selectFrom('spot_orders')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst(),
  byClientOid: (userId: number, clientOid: string) =>
    db
      .selectFrom('spot_orders')
      .selectAll()
      .where('user_id', '=', userId)
      .where('client_oid', '=', clientOid)
      .executeTakeFirst(),
  fills: (orderId: number) =>
    db
      .selectFrom('spot_trades')
      .selectAll()
      .where((eb) => eb.or([eb('maker_order_id', '=', orderId), eb('taker_order_id', '=', orderId)]))
      .orderBy('id')
      .execute(),
});
