import { ASSET_SCALE, type ContractConfigUpdate, type ContractCycle } from '../../../protocol';
import { AppError } from '../appError';
import { parseExact } from '../money/scaled';
import type { CycleSettings } from './types';

/** A wire cycle (percent and decimal amounts) as settings: basis points and ledger units. The
 * schema has checked the shapes; the relation between the limits is checked here. */
const toCycleSettings = (c: ContractCycle): CycleSettings => {
  const min = parseExact(c.min, ASSET_SCALE);
  const max = parseExact(c.max, ASSET_SCALE);
  const rateBp = parseExact(c.rate, 2);
  if (min === null || max === null || rateBp === null || min <= 0n || max < min || rateBp <= 0n) {
    throw new AppError('parameter_error', { field: 'cycles' });
  }
  return { minutes: c.minutes, rateBp: Number(rateBp), min, max };
};

export const toSettingsChange = (u: ContractConfigUpdate) => ({
  ...(u.enabled !== undefined ? { enabled: u.enabled } : {}),
  ...(u.cycles !== undefined
    ? { cycles: u.cycles.map(toCycleSettings).sort((a, b) => a.minutes - b.minutes) }
    : {}),
});
