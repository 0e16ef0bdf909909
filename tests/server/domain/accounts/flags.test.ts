import { describe, expect, it } from 'vitest';
import { assertCanTrade, assertCanWithdraw } from '../../../../server/domain/accounts/flags';
import { throwsWith } from '../../helpers/errors';

const ok = { tradingDisabled: false, withdrawProhibited: false, withdrawLockedUntil: 0, locked: false };

describe('account flag helpers', () => {
  it('lets a normal account trade and withdraw', () => {
    expect(() => assertCanTrade(ok)).not.toThrow();
    expect(() => assertCanWithdraw(ok, 1000)).not.toThrow();
  });

  it('refuses trading when disabled or locked', () => {
    throwsWith(() => assertCanTrade({ ...ok, tradingDisabled: true }), 'trading_disabled');
    throwsWith(() => assertCanTrade({ ...ok, locked: true }), 'account_locked');
  });

  it('refuses withdrawals when prohibited, locked, or within the lock after a password change', () => {
    throwsWith(() => assertCanWithdraw({ ...ok, withdrawProhibited: true }, 0), 'withdraw_prohibited');
    throwsWith(() => assertCanWithdraw({ ...ok, locked: true }, 0), 'account_locked');
    const e = throwsWith(
      () => assertCanWithdraw({ ...ok, withdrawLockedUntil: 5000 }, 4999),
      'withdraw_locked',
    );
    expect(e.data).toEqual({ until: 5000 });
    expect(() => assertCanWithdraw({ ...ok, withdrawLockedUntil: 5000 }, 5000)).not.toThrow();
  });
});
