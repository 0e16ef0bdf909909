import { ZERO, type Balance, type Movement } from './types';

/** A balance after a movement, or null when either part would go below zero. */
export const applyMovement = (
  balance: Balance,
  m: Pick<Movement, 'available' | 'frozen'>,
): Balance | null => {
  const next = { available: balance.available + m.available, frozen: balance.frozen + m.frozen };
  return next.available < 0n || next.frozen < 0n ? null : next;
};

const key = (m: Pick<Movement, 'userId' | 'asset'>) => `${m.userId}:${m.asset}`;

/**
 * Applies movements in order to the balances they touch. Every intermediate balance must stay
 * non-negative: a movement that would overdraw fails the whole batch (null), so a caller can
 * never half-apply a trade. `balances` is left as it was; the answer holds the new balances of
 * the accounts the movements touched, and each movement's balance after it. `keys` are the
 * movements' `balanceKey`s, when the caller has them already.
 */
export const applyAll = (
  balances: ReadonlyMap<string, Balance>,
  movements: readonly Movement[],
  keys: readonly string[] = movements.map(key),
): { balances: Map<string, Balance>; after: Balance[] } | null => {
  const next = new Map<string, Balance>();
  const after: Balance[] = new Array<Balance>(movements.length);
  for (let i = 0; i < movements.length; i++) {
    const k = keys[i]!;
    const applied = applyMovement(next.get(k) ?? balances.get(k) ?? ZERO, movements[i]!);
    if (!applied) return null;
    next.set(k, applied);
    after[i] = applied;
  }
  return { balances: next, after };
};

export const balanceKey = key;
