import { ASSET_SCALE } from '../../../protocol';
import { parseExact } from '../money/scaled';
import type { CycleSettings } from './types';

const usdt = (amount: string) => parseExact(amount, ASSET_SCALE)!;

/** The cycles every listed pair starts with: longer periods pay a little more. The operator
 * changes them per pair (CLI or /api/admin/contract/config). */
export const DEFAULT_CYCLES: readonly CycleSettings[] = [
  { minutes: 1, rateBp: 8000, min: usdt('10'), max: usdt('50000') },
  { minutes: 3, rateBp: 8500, min: usdt('10'), max: usdt('50000') },
  { minutes: 5, rateBp: 8800, min: usdt('10'), max: usdt('50000') },
  { minutes: 15, rateBp: 9000, min: usdt('10'), max: usdt('50000') },
];
