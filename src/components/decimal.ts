import DecimalJs from 'decimal.js';

/** The app's decimal arithmetic. decimal.js keeps 20 significant digits by default: a balance of
 * 10^12 with its 8 decimals already has more, a sum or a product of it was rounded, and an amount
 * divided by a price could round up to one lot more than it buys. 64 hold any figure the ledger
 * can, so rounding happens only where a screen asks for it (`toFixed`, `toDecimalPlaces`). */
export const Decimal = DecimalJs.clone({ precision: 64 });
export type Decimal = DecimalJs;
