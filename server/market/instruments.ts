import { pairSymbol, type PairInfo } from '../../protocol';

/**
 * What the market needs to know of a listed pair: its precisions (ARCHITECTURE §6) and, for the
 * simulated feed, a realistic start price, annualised volatility and typical print size.
 */
export interface Instrument extends PairInfo {
  startPrice: string;
  /** Annualised volatility of the simulated walk (0.6 = 60 %). */
  volatility: number;
  /** Typical size of one print, in the base coin. */
  printQty: number;
}

type CoinParams = Pick<
  Instrument,
  'pricePrecision' | 'qtyPrecision' | 'startPrice' | 'volatility' | 'printQty'
>;

const COINS: Record<string, CoinParams> = {
  BTC: { pricePrecision: 2, qtyPrecision: 5, startPrice: '97000.00', volatility: 0.55, printQty: 0.05 },
  ETH: { pricePrecision: 2, qtyPrecision: 4, startPrice: '3400.00', volatility: 0.7, printQty: 0.8 },
  BNB: { pricePrecision: 2, qtyPrecision: 3, startPrice: '650.00', volatility: 0.6, printQty: 2 },
  SOL: { pricePrecision: 2, qtyPrecision: 3, startPrice: '190.00', volatility: 0.9, printQty: 10 },
  XRP: { pricePrecision: 4, qtyPrecision: 1, startPrice: '2.2000', volatility: 0.9, printQty: 2000 },
  DOGE: { pricePrecision: 5, qtyPrecision: 0, startPrice: '0.38000', volatility: 1, printQty: 20_000 },
  ADA: { pricePrecision: 4, qtyPrecision: 1, startPrice: '0.9000', volatility: 0.95, printQty: 3000 },
  TRX: { pricePrecision: 5, qtyPrecision: 0, startPrice: '0.25000', volatility: 0.7, printQty: 10_000 },
  LTC: { pricePrecision: 2, qtyPrecision: 3, startPrice: '105.00', volatility: 0.8, printQty: 20 },
  DOT: { pricePrecision: 3, qtyPrecision: 2, startPrice: '7.000', volatility: 0.9, printQty: 300 },
};

/** A coin listed later by the operator, until it gets parameters of its own. */
const FALLBACK: CoinParams = {
  pricePrecision: 4,
  qtyPrecision: 2,
  startPrice: '1.0000',
  volatility: 0.8,
  printQty: 100,
};

export const instrumentFor = (tradecoin: string, settlecoin: string): Instrument => {
  const base = tradecoin.toUpperCase();
  const quote = settlecoin.toUpperCase();
  return {
    symbol: pairSymbol(base, quote),
    name: `${base}/${quote}`,
    base,
    quote,
    ...(COINS[base] ?? FALLBACK),
  };
};

export const pairInfo = ({
  symbol,
  name,
  base,
  quote,
  pricePrecision,
  qtyPrecision,
}: Instrument): PairInfo => ({
  symbol,
  name,
  base,
  quote,
  pricePrecision,
  qtyPrecision,
});
