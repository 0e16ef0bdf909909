import type { ContractCycle } from '../../../protocol';
import { plainUnits } from '../money/plain';
import { formatScaled } from '../money/scaled';
import type { CycleSettings } from './types';

export const formatRate = (rateBp: number): string => formatScaled(BigInt(rateBp), 2);

export const toWireCycle = (c: CycleSettings): ContractCycle => ({
  minutes: c.minutes,
  rate: formatRate(c.rateBp),
  min: plainUnits(c.min),
  max: plainUnits(c.max),
});
