import { ORDER_STATUS, type SpotFill, type SpotOrderView, type Trade } from '../../protocol';
import { plainUnits } from '../domain/money/plain';
import { divRound, formatScaled } from '../domain/money/scaled';
import type { PairSpec, SpotOrder, SpotTrade } from '../domain/spot/types';
import { quoteOf, type PairUnits } from '../domain/spot/units';

const ticks = (n: number, p: PairSpec) => formatScaled(BigInt(n), p.pricePrecision);
const lots = (n: number, p: PairSpec) => formatScaled(BigInt(n), p.qtyPrecision);

export const orderView = (o: SpotOrder, p: PairSpec, u: PairUnits): SpotOrderView => ({
  id: o.id,
  pair: o.pair,
  side: o.side,
  type: o.type,
  price: o.price === null ? null : ticks(o.price, p),
  qty: o.qty === null ? null : lots(o.qty, p),
  amount:
    o.budget !== null
      ? plainUnits(o.budget)
      : o.price !== null && o.qty !== null
        ? plainUnits(quoteOf(o.price, o.qty, u))
        : null,
  filledQty: lots(o.filledQty, p),
  filledAmount: plainUnits(o.filledQuote),
  avgPrice:
    o.filledQty > 0
      ? formatScaled(divRound(o.filledQuote / u.perTickLot, BigInt(o.filledQty)), p.pricePrecision)
      : null,
  fee: plainUnits(o.fee),
  feeAsset: o.side === 'buy' ? p.base : p.quote,
  status: ORDER_STATUS[o.status],
  clientOid: o.clientOid,
  createdAt: o.createdAt,
  updatedAt: o.updatedAt,
});

export const fillView = (t: SpotTrade, orderId: number, p: PairSpec): SpotFill => {
  const maker = t.makerOrderId === orderId;
  return {
    id: t.id,
    price: ticks(t.price, p),
    qty: lots(t.qty, p),
    amount: plainUnits(t.quote),
    fee: plainUnits(maker ? t.makerFee : t.takerFee),
    role: maker ? 'maker' : 'taker',
    ts: t.ts,
  };
};

/** A print as the market data shows it: the taker's side. */
export const printView = (t: SpotTrade, p: PairSpec): Trade => ({
  id: t.id,
  price: ticks(t.price, p),
  qty: lots(t.qty, p),
  side: t.takerSide,
  ts: t.ts,
});
