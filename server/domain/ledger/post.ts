import { AppError } from '../appError';
import { applyAll, applyMovement, balanceKey } from './apply';
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
   * settlement, which the engine made from what its orders froze). They are journalled in the
   * order posted but applied later, each account's when a later call touches it or at `flush`;
   * the accounts this session does not hold yet are then read together, in one statement, rather
   * than one read for each post. Until then the entries' `after` is not known. A balance that
   * would go negative fails that call with an error that is not the client's (the transaction
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
  /** Settlements posted but not applied yet, by account, each account's in the order posted. */
  const unsettled = new Map<string, Array<{ movement: Movement; entry: PostedEntry }>>();

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

  /** Applies an account's unsettled movements, in order, to its held balance. */
  const settleAccount = (key: string) => {
    let balance = held.get(key)!;
    for (const { movement, entry } of unsettled.get(key)!) {
      const next = applyMovement(balance, movement);
      if (!next) throw new Error('settlement refused', { cause: new AppError('insufficient_balance') });
      entry.after = next;
      balance = next;
    }
    held.set(key, balance);
    unsettled.delete(key);
  };

  /**
   * Settles the accounts of `keys` that have movements waiting (every such account when none are
   * given), so what follows comes after them. An account is settled on its own, with no read when
   * the session holds it: settlements cannot be refused, so applying each account's in order is
   * applying them all in order. When a read is needed it takes every unsettled account not held,
   * in one statement.
   */
  const applyDue = async (keys?: readonly string[]) => {
    const due = keys ? keys.filter((k) => unsettled.has(k)) : [...unsettled.keys()];
    if (due.length === 0) return;
    if (due.some((k) => !held.has(k))) {
      const accounts: AccountKey[] = [];
      const missing: string[] = [];
      for (const [key, list] of unsettled) {
        if (held.has(key)) continue;
        accounts.push(list[0]!.movement);
        missing.push(key);
      }
      await hold(accounts, missing);
    }
    for (const key of due) if (unsettled.has(key)) settleAccount(key);
  };

  // The order path posts a few movements at a time, many times a batch: each key is made once, and
  // each movement becomes one entry, both answered and journalled.
  return {
    async post(movements, now) {
      const live = movements.every(moves) ? movements : movements.filter(moves);
      if (live.length === 0) return [];
      const keys = live.map(balanceKey);
      if (unsettled.size > 0) await applyDue(keys);
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
      for (let i = 0; i < live.length; i++) {
        const waiting = unsettled.get(keys[i]!);
        const item = { movement: live[i]!, entry: posted[i]! };
        if (waiting) waiting.push(item);
        else unsettled.set(keys[i]!, [item]);
      }
      return posted;
    },
    async balance(account) {
      const key = balanceKey(account);
      if (unsettled.size > 0) await applyDue([key]);
      await hold([account], [key]);
      return held.get(key)!;
    },
    async hold(accounts) {
      const keys = accounts.map(balanceKey);
      if (unsettled.size > 0) await applyDue(keys);
      await hold(accounts, keys);
    },
    async flush() {
      await applyDue();
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
