import { afterEach, describe, expect, it, vi } from 'vitest';
import { followOtherTabsSession, sessionState, setUser } from '../../../src/state/session';

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
