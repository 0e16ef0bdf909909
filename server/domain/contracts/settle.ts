import { SYSTEM_ACCOUNTS, type PostedEntry } from '../ledger/types';
import { transfer } from '../ledger/post';
import type { RunInTx, TickReader } from './ports';
import { decide, isFresh, payoutOf } from './rules';
import type { ContractRecord, RefTick } from './types';
import { ledgerRef } from '../../../protocol/ledgerRefs';

interface SettleOptions {
  /** A closing tick older than this (before the close time) is no valid price: the contract is
   * void and refunded. */
  maxTickAgeMs: number;
  now: () => number;
}

export interface SettleResult {
  settled: ContractRecord[];
  entries: PostedEntry[];
}

/** The closing tick of a contract: the last recorded at or before its close time, if fresh. One
 * read per pair and close time, however many contracts share it. */
const closingTicks = (ticks: TickReader, maxAgeMs: number) => {
  const seen = new Map<string, Promise<RefTick | undefined>>();
  return (c: ContractRecord) => {
    const key = `${c.pair}@${c.closeAt}`;
    let tick = seen.get(key);
    if (!tick) seen.set(key, (tick = ticks.atOrBefore(c.pair, c.closeAt)));
    return tick.then((t) => (isFresh(t, c.closeAt, maxAgeMs) ? t : null));
  };
};

/**
 * Settles the given due contracts in one transaction: for each, the closing tick from the tick
 * store decides the outcome (nothing else is read: no live price, no setting, no flag), the status
 * moves to completed only if no other run got there first, and the house credits the payout. The
 * status change and the ledger entries commit together, so a contract is paid once or not at all.
 */
export const settleContracts = async (
  runInTx: RunInTx,
  ids: readonly number[],
  { maxTickAgeMs, now }: SettleOptions,
): Promise<SettleResult> =>
  runInTx(async (tx) => {
    const at = now();
    const closing = closingTicks(tx.ticks, maxTickAgeMs);
    const settled: ContractRecord[] = [];
    const movements = [];
    for (const c of await tx.contracts.byIds(ids)) {
      if (c.status === 'completed') continue;
      const closeTick = await closing(c);
      const result = decide(c.direction, c.openTick.price, closeTick?.price ?? null);
      const payout = payoutOf(c.amount, c.rateBp, result);
      if (!(await tx.contracts.complete(c.id, { result, payout, closeTick, settledAt: at }))) continue;
      if (payout > 0n) {
        const type = result === 'win' ? 'app.data.contract_payout' : 'app.data.contract_refund';
        movements.push(
          ...transfer(SYSTEM_ACCOUNTS.house, c.userId, c.asset, payout, type, ledgerRef('contract', c.id)),
        );
      }
      settled.push({ ...c, status: 'completed', result, payout, closeTick, settledAt: at });
    }
    const entries = await tx.post(movements, at);
    return { settled, entries };
  });
