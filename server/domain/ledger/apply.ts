import type { Balance, Movement } from './types';

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
 * never half-apply a trade.
 */
export const applyAll = (
  balances: ReadonlyMap<string, Balance>,
  movements: readonly Movement[],
): { balances: Map<string, Balance>; after: Balance[] } | null => {
  const next = new Map(balances);
  const after: Balance[] = [];
  for (const m of movements) {
    const current = next.get(key(m)) ?? { available: 0n, frozen: 0n };
    const applied = applyMovement(current, m);
    if (!applied) return null;
    next.set(key(m), applied);
    after.push(applied);
  }
  return { balances: next, after };
};

export const balanceKey = key;
