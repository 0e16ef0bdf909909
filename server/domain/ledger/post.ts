import { AppError } from '../appError';
import { applyAll, balanceKey } from './apply';
import type { AccountKey, LedgerStore } from './ports';
import { ZERO, type Balance, type Movement, type PostedEntry } from './types';

/**
 * The ledger inside one database transaction. Posts are applied to balances held in memory (each
 * account read and locked once, at its first movement) and written with `flush` in two statements,
 * however many posts the transaction held: a batch of orders commits its whole ledger at once.
 */
export interface LedgerSession {
  /**
   * Applies movements in order. If any balance would go negative the whole post is refused with
   * `insufficient_balance` and the session is left as it was.
   */
  post(movements: readonly Movement[], now: number): Promise<PostedEntry[]>;
  /** An account's balance as this transaction sees it. */
  balance(key: AccountKey): Promise<Balance>;
  /** Writes the changed balances and the journal; call once, before the transaction commits. */
  flush(): Promise<void>;
}

const byAccount = (a: AccountKey, b: AccountKey) =>
  a.userId - b.userId || (a.asset < b.asset ? -1 : a.asset > b.asset ? 1 : 0);

export const openLedgerSession = (store: LedgerStore): LedgerSession => {
  const held = new Map<string, Balance>();
  const changed = new Map<string, AccountKey>();
  const journal: Array<PostedEntry & { createdAt: number }> = [];
  let latest = 0;

  const hold = async (keys: readonly AccountKey[]) => {
    let missing: Map<string, AccountKey> | undefined;
    for (const k of keys) {
      const key = balanceKey(k);
      if (!held.has(key)) (missing ??= new Map()).set(key, k);
    }
    if (!missing) return;
    // A fixed lock order, so two transactions taking the same accounts at once cannot deadlock.
    const rows = await store.lock([...missing.values()].sort(byAccount));
    for (const key of missing.keys()) held.set(key, rows.get(key) ?? ZERO);
  };

  return {
    async post(movements, now) {
      const live = movements.filter((m) => m.available !== 0n || m.frozen !== 0n);
      if (live.length === 0) return [];
      await hold(live);
      const keys = live.map(balanceKey);
      const touched = new Map<string, Balance>();
      for (const key of keys) touched.set(key, held.get(key)!);
      const result = applyAll(touched, live);
      if (!result) throw new AppError('insufficient_balance');
      live.forEach((m, i) => {
        const key = keys[i]!;
        held.set(key, result.balances.get(key)!);
        if (!changed.has(key)) changed.set(key, { userId: m.userId, asset: m.asset });
      });
      latest = Math.max(latest, now);
      const posted = live.map((m, i) => ({ ...m, after: result.after[i]! }));
      for (const entry of posted) journal.push({ ...entry, createdAt: now });
      return posted;
    },
    async balance(key) {
      await hold([key]);
      return held.get(balanceKey(key))!;
    },
    async flush() {
      if (changed.size === 0) return;
      const rows = [...changed].map(([key, k]) => ({ ...k, ...held.get(key)! }));
      await store.save(rows, latest);
      await store.journal(journal);
      changed.clear();
      journal.length = 0;
    },
  };
};

/** Posts movements within the caller's transaction on their own: locks, applies, writes. */
export const postMovements = async (
  store: LedgerStore,
  movements: readonly Movement[],
  now: number,
): Promise<PostedEntry[]> => {
  const session = openLedgerSession(store);
  const posted = await session.post(movements, now);
  await session.flush();
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
