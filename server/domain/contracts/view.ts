import {
  directionName,
  resultName,
  statusName,
  type ContractOrder,
  type ContractPairConfig,
} from '../../../protocol';
import { plainUnits } from '../money/plain';
import { formatRate, toWireCycle } from './figures';
import { expectedProfit } from './rules';
import type { ContractRecord, PairSettings } from './types';

/** `btcusdt` settled in USDT → `BTC/USDT`. */
export const pairName = (pair: string, asset: string): string => {
  const quote = asset.toLowerCase();
  const base = pair.endsWith(quote) ? pair.slice(0, -quote.length) : pair;
  return `${base.toUpperCase()}/${asset.toUpperCase()}`;
};

export const toWirePair = (p: PairSettings): ContractPairConfig => ({
  pair: p.pair,
  name: p.name,
  asset: p.asset,
  enabled: p.enabled,
  cycles: p.cycles.map(toWireCycle),
});

export const toWireOrder = (c: ContractRecord): ContractOrder => ({
  id: c.id,
  pair: c.pair,
  name: pairName(c.pair, c.asset),
  asset: c.asset,
  direction: c.direction,
  directionname: directionName(c.direction),
  cycle: c.cycleMinutes,
  amount: plainUnits(c.amount),
  rate: formatRate(c.rateBp),
  expected: plainUnits(expectedProfit(c.amount, c.rateBp)),
  openAt: c.openAt,
  closeAt: c.closeAt,
  openPrice: c.openTick.price,
  closePrice: c.closeTick?.price ?? null,
  status: c.status,
  statusname: statusName(c.status),
  result: c.result,
  resultname: c.result ? resultName(c.result) : null,
  payout: c.payout === null ? null : plainUnits(c.payout),
  profit: c.payout === null ? null : plainUnits(c.payout - c.amount),
  settledAt: c.settledAt,
  openTick: c.openTick,
  closeTick: c.closeTick,
});
