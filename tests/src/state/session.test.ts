import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '../../../protocol';
import { followOtherTabsSession, sessionState, setUser, updateUserInfo } from '../../../src/state/session';

const user = (token: string) => ({ token, userinfo: { certification: 2 } });

/** What another tab does to the shared storage, and the event this tab receives for it. */
const otherTab = (value: string | null) => {
  if (value === null) localStorage.removeItem('user');
  else localStorage.setItem('user', value);
  window.dispatchEvent(new StorageEvent('storage', { key: 'user' }));
};

afterEach(() => localStorage.clear());

describe('the session across tabs', () => {
  it('follows another tab logging out or in, and tells a switch of user apart', () => {
    const changed = vi.fn();
    const switched = vi.fn();
    followOtherTabsSession({ changed, switched });
    setUser(user('mine'));

    otherTab(JSON.stringify(user('theirs')));
    expect(switched).toHaveBeenCalledTimes(1);
    expect(sessionState.user?.token).toBe('theirs');

    otherTab(null);
    expect(changed).toHaveBeenCalledTimes(1);
    expect(sessionState.user).toBeNull();

    otherTab(JSON.stringify(user('again')));
    expect(changed).toHaveBeenCalledTimes(2);
    expect(sessionState.user?.token).toBe('again');

    // The same session's info refreshed elsewhere, or another key, is no change of session.
    otherTab(JSON.stringify({ ...user('again'), userinfo: { certification: 0 } }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'lang' }));
    expect(changed).toHaveBeenCalledTimes(2);
    expect(switched).toHaveBeenCalledTimes(1);
  });
});

describe('the stored user info', () => {
  const info = (id: number, username: string): UserInfo => ({
    id,
    username,
    nickname: username,
    email: `${username}@example.com`,
    phone: '',
    inviteCode: 'ABCD2345',
    creditScore: 100,
    certification: id === 1 ? 2 : null,
    tradingDisabled: false,
    withdrawProhibited: false,
    hasWithdrawPassword: id === 1,
    withdrawLockedUntil: 0,
    createdAt: 0,
  });

  it('takes a refresh of the same account', () => {
    setUser({ token: 'alice', userinfo: info(1, 'alice') });
    updateUserInfo({ ...info(1, 'alice'), nickname: 'Al' });
    expect(sessionState.user?.userinfo.nickname).toBe('Al');
  });

  it('drops an answer about the account this tab has left: a logout and a login as someone else while it was out', () => {
    setUser({ token: 'alice', userinfo: info(1, 'alice') });
    // Alice's info was asked for, then she logged out and Bob logged in before it came.
    setUser({ token: 'bob', userinfo: info(2, 'bob') });
    updateUserInfo(info(1, 'alice'));
    expect(sessionState.user).toEqual({ token: 'bob', userinfo: info(2, 'bob') });
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual({
      token: 'bob',
      userinfo: info(2, 'bob'),
    });
  });
});
