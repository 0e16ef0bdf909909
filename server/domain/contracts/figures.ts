import { ASSET_SCALE, type ContractCycle } from '../../../protocol';
import { formatScaled } from '../money/scaled';
import type { CycleSettings } from './types';

/** An amount as its canonical decimal string: no trailing zeros (`10`, `10.5`). */
export const formatAmount = (units: bigint): string => {
  const s = formatScaled(units, ASSET_SCALE);
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
};

export const formatRate = (rateBp: number): string => formatScaled(BigInt(rateBp), 2);

export const toWireCycle = (c: CycleSettings): ContractCycle => ({
  minutes: c.minutes,
  rate: formatRate(c.rateBp),
  min: formatAmount(c.min),
  max: formatAmount(c.max),
});
