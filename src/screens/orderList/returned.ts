import { Decimal } from '../../components/decimal';
import type { PairInfo } from '../../../protocol/market';
import { ORDER_STATUS, type SpotOrderView } from '../../../protocol/spot';
import { formatDecimal, formatMoney } from '../../components/format';

const placesOf = (value: string) => value.split('.')[1]?.length ?? 0;

/**
 * What an order that has ended gave back of what it set aside, so a market buy of 100 USDT that
 * filled 99.97 says where the 0.03 went: a buy returns the quote it did not spend (a budget left
 * over, a limit filled cheaper or cancelled), a sell the coins it did not sell. Nothing while the
 * order still rests (what it holds may yet trade) or when all of it traded.
 */
export const returnedOf = (o: SpotOrderView): { value: string; coin: 'base' | 'quote' } | undefined => {
  if (o.status === ORDER_STATUS.pending) return undefined;
  const [set, used, coin] =
    o.side === 'buy' ? [o.amount, o.filledAmount, 'quote' as const] : [o.qty, o.filledQty, 'base' as const];
  if (set === null) return undefined;
  const left = new Decimal(set).minus(used);
  // In the places its figures have: a quantity of 0.50000 less 0.20000 reads 0.30000, as lots do.
  const places = Math.max(placesOf(set), placesOf(used));
  return left.gt(0) ? { value: left.toFixed(places), coin } : undefined;
};

/** `returnedOf` as a record shows it: "0.03 USDT", "0.5 BTC" (money with its cents, coins as
 * they are). */
export const returnedText = (o: SpotOrderView, pair: PairInfo | undefined, language: string) => {
  const r = returnedOf(o);
  if (!r) return undefined;
  const figure = r.coin === 'quote' ? formatMoney(r.value, language) : formatDecimal(r.value, language);
  return pair ? `${figure} ${pair[r.coin]}` : figure;
};
