import { BehaviorSubject, NEVER } from 'rxjs';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearUser, currentUser, setUser } from '../../../../src/state/session';
import { KEEP_ALIVE_MS } from '../../../../streams/keyed';
import { setupI18n } from '../../../setup/i18n';
import { pending } from './fixtures';

// The app's contract streams as they are, over a socket that is up and pushes nothing, and a REST
// client that answers for the logged-in reader only, as the app's does (whileLoggedIn).
const api = vi.hoisted(() => ({ detail: vi.fn() }));
vi.mock('../../../../src/app/streams', () => ({
  transport: { connection$: new BehaviorSubject('open'), channel$: () => NEVER },
  serverClock: { serverNow: () => Date.now(), sampled: () => true },
  whileLoggedIn:
    <A extends unknown[], T>(load: (...args: A) => Promise<T>) =>
    (...args: A): Promise<T> =>
      currentUser() ? load(...args) : Promise.reject({ code: 0, msg: 'app.msg.not_logged_in', data: null }),
}));
vi.mock('../../../../src/api/contract', () => ({
  contractApi: { info: vi.fn(), list: vi.fn(), detail: api.detail },
}));

const { watchOutcome } = await import('../../../../src/screens/contract/outcomes');

const logIn = (token: string) => setUser({ token, userinfo: { certification: 2 } });

beforeAll(setupI18n);
beforeEach(() => {
  vi.useFakeTimers();
  api.detail
    .mockReset()
    .mockImplementation(async (id: number) => pending({ id, closeAt: Date.now() + 3_600_000 }));
});
afterEach(() => {
  clearUser();
  vi.useRealTimers();
});

describe('the watch on a contract’s result', () => {
  it('ends with the login it was started under, leaving no timer running', async () => {
    logIn('tok-1');
    watchOutcome(pending({ id: 601 }));
    await vi.advanceTimersByTimeAsync(3000);
    expect(api.detail).toHaveBeenCalledWith(601);
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    clearUser();
    await vi.advanceTimersByTimeAsync(KEEP_ALIVE_MS + 1000);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('starts none while logged out, and watches the contract again after a new login', async () => {
    watchOutcome(pending({ id: 602 }));
    await vi.advanceTimersByTimeAsync(2000);
    expect(vi.getTimerCount()).toBe(0);
    expect(api.detail).not.toHaveBeenCalled();
    logIn('tok-2');
    watchOutcome(pending({ id: 602 }));
    await vi.advanceTimersByTimeAsync(1000);
    expect(api.detail).toHaveBeenCalledWith(602);
  });
});
