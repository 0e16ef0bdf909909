import { ASSET_SCALE } from '../../../protocol';
import { formatScaled } from './scaled';

/** An amount in ledger units as a person reads it: no trailing zeros, and no point with nothing
 * after it (`20000`, `0.0125`, `10.5`). */
export const plainUnits = (units: bigint): string => {
  const s = formatScaled(units, ASSET_SCALE);
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
};
