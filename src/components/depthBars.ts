import { Decimal } from './decimal';
import type { DepthLevel } from '../../protocol';

export interface DepthRow {
  price: string;
  qty: string;
  /** The size from the best price to this one, inclusive. */
  total: Decimal;
}

/** The first `rows` levels from the best price, each with the size up to it. */
export const withTotals = (levels: readonly DepthLevel[], rows: number): DepthRow[] => {
  let total = new Decimal(0);
  return levels.slice(0, rows).map(([price, qty]) => {
    total = total.plus(qty);
    return { price, qty, total };
  });
};

/** A row's bar as a share of the deepest side shown: both sides on one scale, so the book's shape
 * (which side is thicker, where the size sits) reads at a glance. */
export const barWidth = (...sides: readonly DepthRow[][]) => {
  const max = Decimal.max(1e-18, ...sides.map((side) => side[side.length - 1]?.total ?? 0));
  return (total: Decimal) => `${total.div(max).times(100).toFixed(1)}%`;
};
