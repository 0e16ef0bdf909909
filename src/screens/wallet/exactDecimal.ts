import DecimalJs from 'decimal.js';

/** decimal.js keeps 20 significant digits by default: a balance of 10^12 with its 8 decimals
 * already has more, and a sum or a product of it would be rounded. 64 hold any figure the ledger
 * can. */
export const Decimal = DecimalJs.clone({ precision: 64 });
export type Decimal = DecimalJs;
