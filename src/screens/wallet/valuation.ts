import { ASSET_SCALE, type Balance } from '../../../protocol/assets';
import type { Ticker } from '../../../protocol/market';
import { Decimal } from '../../components/decimal';

/** A balance of nothing as the server writes one (0.00000000), for a coin it has no balance of. */
export const ZERO_BALANCE = (0).toFixed(ASSET_SCALE);

interface ValuedBalance extends Balance {
  total: string;
  /** Value in USDT at the last price; null when the coin has no USDT price yet. */
  valueUsdt: string | null;
}

/** The USDT price of a coin from the live tickers (USDT itself is 1). */
const usdtPrice = (asset: string, tickers: ReadonlyMap<string, Ticker> | undefined): Decimal | null => {
  if (asset === 'USDT') return new Decimal(1);
  const t = tickers?.get(`${asset.toLowerCase()}usdt`);
  return t ? new Decimal(t.last) : null;
};

/** Balances valued in USDT at the last prices, and their total (8 decimals, like the ledger). */
export const valueBalances = (
  balances: readonly Balance[],
  tickers: ReadonlyMap<string, Ticker> | undefined,
): { rows: ValuedBalance[]; totalUsdt: string } => {
  let sum = new Decimal(0);
  const rows = balances.map((b) => {
    const total = new Decimal(b.available).plus(b.frozen);
    const price = usdtPrice(b.asset, tickers);
    const value = price ? total.times(price) : null;
    if (value) sum = sum.plus(value);
    return { ...b, total: total.toFixed(8), valueUsdt: value ? value.toFixed(2, Decimal.ROUND_DOWN) : null };
  });
  return { rows, totalUsdt: sum.toFixed(2, Decimal.ROUND_DOWN) };
};
