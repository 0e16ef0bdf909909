import type { Kysely } from 'kysely';
import {
  TAB_STATUSES,
  type OrderListQuery,
  type OrderRef,
  type SpotOrderDetail,
  type SpotOrderPage,
} from '../../protocol';
import { orderFromRow, spotReader, tradeFromRow } from '../db/repos/spot';
import type { Database } from '../db/schema';
import { AppError } from '../domain/appError';
import type { SpotPair } from './pairs';
import { fillView, orderView } from './views';

/** A user's orders as stored: read from the database, never from a book, so any thread that can
 * read the database answers them. */
export const spotRecords = (db: Kysely<Database>, pairOf: (symbol: string) => SpotPair | undefined) => {
  const reader = spotReader(db);
  return {
    async list(userId: number, q: OrderListQuery): Promise<SpotOrderPage> {
      const statuses = TAB_STATUSES[q.tab].filter((s) => q.status === 'all' || s === q.status);
      const { rows, total } = await reader.list(
        { userId, statuses, pair: q.pair, dealt: q.tab === 'deals' },
        { offset: (q.page - 1) * q.size, limit: q.size },
      );
      const list = rows.flatMap((r) => {
        const p = pairOf(r.pair);
        return p ? [orderView(orderFromRow(r, p.spec), p.spec, p.units)] : [];
      });
      return { list, page: q.page, size: q.size, total };
    },
    /** The id of the reader's order `ref` names; an id is answered as it is (whoever acts on it
     * checks the owner), a client order id no order of the reader's carries is order_not_exist. */
    async idOf(userId: number, ref: OrderRef): Promise<number> {
      if (ref.id !== undefined) return ref.id;
      const row = ref.clientOid === undefined ? undefined : await reader.byClientOid(userId, ref.clientOid);
      if (!row) throw new AppError('order_not_exist');
      return row.id;
    },
    async detail(userId: number, id: number): Promise<SpotOrderDetail> {
      const row = await reader.order(userId, id);
      const p = row ? pairOf(row.pair) : undefined;
      if (!row || !p) throw new AppError('order_not_exist');
      const fills = (await reader.fills(id)).map((r) => fillView(tradeFromRow(r, p.spec), id, p.spec));
      return Object.assign(orderView(orderFromRow(row, p.spec), p.spec, p.units), { fills });
    },
  };
};
