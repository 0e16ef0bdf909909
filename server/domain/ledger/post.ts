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
  /**
   * Posts movements that were checked already and cannot be refused (a fill's or a cancel's
   * settlement, which the engine made from what its orders froze). Their accounts that this
   * session does not hold yet are read later, together with every other such account, in one
   * statement: when a later call touches one of them, or at `flush`. Until then the entries'
   * `after` is not known; they are journalled in the order they were posted. A balance that would
   * go negative then fails that call with an error that is not the client's (the transaction
   * rolls back), as a refused settlement would.
   */
  settle(movements: readonly Movement[], now: number): PostedEntry[];
  /** An account's balance as this transaction sees it. */
  balance(key: AccountKey): Promise<Balance>;
  /** Reads and locks, in one statement, those of `accounts` this session does not hold yet: a
   * batch's commands name theirs up front instead of each reading its own. */
  hold(accounts: readonly AccountKey[]): Promise<void>;
  /** Writes the changed balances and the journal; call once, before the transaction commits. */
  flush(): Promise<void>;
}

const byAccount = (a: AccountKey, b: AccountKey) =>
  a.userId - b.userId || (a.asset < b.asset ? -1 : a.asset > b.asset ? 1 : 0);

const moves = (m: Movement) => m.available !== 0n || m.frozen !== 0n;

export const openLedgerSession = (store: LedgerStore): LedgerSession => {
  const held = new Map<string, Balance>();
  const changed = new Map<string, AccountKey>();
  const journal: PostedEntry[] = [];
  let latest = 0;
  /** Settlements posted but not yet applied, in order, and the accounts they move. */
  const unsettled: Array<{
    movements: readonly Movement[];
    keys: readonly string[];
    entries: PostedEntry[];
  }> = [];
  const unsettledKeys = new Set<string>();

  /** Reads and locks the accounts of `accounts` (whose keys are `keys`) not held yet. */
  const hold = async (accounts: readonly AccountKey[], keys: readonly string[]) => {
    let missing: Map<string, AccountKey> | undefined;
    for (let i = 0; i < keys.length; i++) {
      if (!held.has(keys[i]!)) (missing ??= new Map()).set(keys[i]!, accounts[i]!);
    }
    if (!missing) return;
    // A fixed lock order, so two transactions taking the same accounts at once cannot deadlock.
    const rows = await store.lock([...missing.values()].sort(byAccount));
    for (const key of missing.keys()) held.set(key, rows.get(key) ?? ZERO);
  };

  /** Keeps what `applyAll` answered: the balances, and each entry's balance after it. */
  const keep = (applied: NonNullable<ReturnType<typeof applyAll>>, entries: PostedEntry[]) => {
    for (const [key, balance] of applied.balances) held.set(key, balance);
    for (let i = 0; i < entries.length; i++) entries[i]!.after = applied.after[i]!;
  };

  /** Journals each movement as an entry (its `after` set when applied), in the order posted. */
  const record = (movements: readonly Movement[], keys: readonly string[], now: number) => {
    latest = Math.max(latest, now);
    const posted = new Array<PostedEntry>(movements.length);
    for (let i = 0; i < movements.length; i++) {
      const m = movements[i]!;
      if (!changed.has(keys[i]!)) changed.set(keys[i]!, { userId: m.userId, asset: m.asset });
      const entry: PostedEntry = {
        userId: m.userId,
        asset: m.asset,
        available: m.available,
        frozen: m.frozen,
        type: m.type,
        ref: m.ref,
        after: ZERO,
        createdAt: now,
      };
      journal.push(entry);
      posted[i] = entry;
    }
    return posted;
  };

  /** Reads the accounts the unsettled movements need in one statement, then applies them. */
  const settleAll = async () => {
    if (unsettled.length === 0) return;
    const accounts: Movement[] = [];
    const keys: string[] = [];
    for (const u of unsettled) {
      accounts.push(...u.movements);
      keys.push(...u.keys);
    }
    await hold(accounts, keys);
    for (const u of unsettled.splice(0)) {
      const applied = applyAll(held, u.movements, u.keys);
      if (!applied) throw new Error('settlement refused', { cause: new AppError('insufficient_balance') });
      keep(applied, u.entries);
    }
    unsettledKeys.clear();
  };

  /** Settles first if any of `keys` has movements waiting: they come before what follows. */
  const inOrder = async (keys: readonly string[]) => {
    if (unsettledKeys.size > 0 && keys.some((k) => unsettledKeys.has(k))) await settleAll();
  };

  // The order path posts a few movements at a time, many times a batch: each key is made once, and
  // each movement becomes one entry, both answered and journalled.
  return {
    async post(movements, now) {
      const live = movements.every(moves) ? movements : movements.filter(moves);
      if (live.length === 0) return [];
      const keys = live.map(balanceKey);
      await inOrder(keys);
      await hold(live, keys);
      const applied = applyAll(held, live, keys);
      if (!applied) throw new AppError('insufficient_balance');
      const posted = record(live, keys, now);
      keep(applied, posted);
      return posted;
    },
    settle(movements, now) {
      const live = movements.every(moves) ? movements : movements.filter(moves);
      if (live.length === 0) return [];
      const keys = live.map(balanceKey);
      const posted = record(live, keys, now);
      unsettled.push({ movements: live, keys, entries: posted });
      for (const k of keys) unsettledKeys.add(k);
      return posted;
    },
    async balance(account) {
      const key = balanceKey(account);
      await inOrder([key]);
      await hold([account], [key]);
      return held.get(key)!;
    },
    async hold(accounts) {
      const keys = accounts.map(balanceKey);
      await inOrder(keys);
      await hold(accounts, keys);
    },
    async flush() {
      await settleAll();
      if (changed.size === 0) return;
      const rows = [...changed].map(([key, k]) => {
        const b = held.get(key)!;
        return { userId: k.userId, asset: k.asset, available: b.available, frozen: b.frozen };
      });
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
