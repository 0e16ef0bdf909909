import { AppError } from '../../http/appError';
import { applyAll, balanceKey } from './apply';
import type { LedgerStore } from './ports';
import type { Balance, Movement, PostedEntry } from './types';

/**
 * Posts movements to the ledger within the caller's transaction: locks every account touched,
 * applies the movements in order, refuses the whole batch with `insufficient_balance` if any
 * balance would go negative, then writes the new balances and one journal entry per movement.
 * Answers each entry with the balance it left, for the caller to publish once committed.
 */
export const postMovements = async (
  store: LedgerStore,
  movements: readonly Movement[],
  now: number,
): Promise<PostedEntry[]> => {
  const live = movements.filter((m) => m.available !== 0n || m.frozen !== 0n);
  if (live.length === 0) return [];
  const keys = [...new Map(live.map((m) => [balanceKey(m), { userId: m.userId, asset: m.asset }])).values()];
  // A fixed lock order, so two transactions touching the same accounts can never deadlock.
  keys.sort((a, b) => a.userId - b.userId || (a.asset < b.asset ? -1 : a.asset > b.asset ? 1 : 0));
  const current = await store.lock(keys);
  const result = applyAll(current, live);
  if (!result) throw new AppError('insufficient_balance');
  for (const k of keys) await store.save(k, result.balances.get(balanceKey(k)) as Balance, now);
  const posted = live.map((m, i) => ({ ...m, after: result.after[i]! }));
  for (const entry of posted) await store.journal({ ...entry, createdAt: now });
  return posted;
};

/** Movements of a transfer between two accounts: what one gives, the other gets. */
export const transfer = (
  from: number,
  to: number,
  asset: string,
  amount: bigint,
  type: Movement['type'],
  ref: string,
): Movement[] => [
  { userId: from, asset, available: -amount, frozen: 0n, type, ref },
  { userId: to, asset, available: amount, frozen: 0n, type, ref },
];
