import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { userApi } from '../../../../src/api/user';
import UserScreen from '../../../../src/screens/user/UserScreen';
import { sessionState } from '../../../../src/state/session';
import { uiState } from '../../../../src/state/ui';
import { setupI18n } from '../../../setup/i18n';
import { renderScreen, storedUser } from '../renderScreen';

vi.mock('../../../../src/api/user', () => ({ userApi: { info: vi.fn(), logout: vi.fn() } }));

const info = {
  id: 42,
  username: 'alice_01',
  nickname: 'Alice',
  email: 'alice@example.com',
  phone: '',
  inviteCode: 'ABCD2345',
  creditScore: 100,
  certification: 0,
  tradingDisabled: false,
  withdrawProhibited: false,
  hasWithdrawPassword: false,
  withdrawLockedUntil: 0,
  createdAt: 1,
};

const login = (certification: number | null) => {
  const user = { token: 'tok', userinfo: { ...info, certification } };
  localStorage.setItem('user', JSON.stringify(user));
  sessionState.user = user;
};

beforeAll(setupI18n);
beforeEach(() => {
  sessionState.user = null;
  uiState.toasts.length = 0;
  vi.mocked(userApi.info).mockReset();
  vi.mocked(userApi.logout).mockReset().mockResolvedValue(null);
});

describe('account centre', () => {
  it('offers login and sign-up to a visitor, and only the open links', () => {
    renderScreen(<UserScreen />, { path: '/user' });
    // Back to the account page once signed in, not to the home page.
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?redirect=%2Fuser');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    expect(screen.queryByRole('link', { name: 'Identity verification' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Language' })).toBeInTheDocument();
    expect(userApi.info).not.toHaveBeenCalled();
  });

  // The words and tone /userInfo and the verification screen give each state.
  it.each([
    [null, 'Not verified', 'badge'],
    [0, 'Under review', 'badge--warn'],
    [1, 'Verification failed', 'badge--bad'],
    [2, 'Verified', 'badge--ok'],
  ])('names certification %s "%s", as the personal centre does', async (certification, text, tone) => {
    login(certification);
    vi.mocked(userApi.info).mockResolvedValue({ ...info, certification });
    renderScreen(<UserScreen />, { path: '/user' });
    expect(await screen.findByText(text, { selector: '.badge' })).toHaveClass(tone);
  });

  it('shows the user, refreshed from the server, with the verification badge', async () => {
    login(0);
    vi.mocked(userApi.info).mockResolvedValue({ ...info, certification: 2 });
    renderScreen(<UserScreen />, { path: '/user' });
    expect(screen.getByText('Alice')).toBeInTheDocument();
    expect(screen.getByText('UID 42')).toBeInTheDocument();
    expect(await screen.findByText('Verified')).toBeInTheDocument();
    expect(storedUser().userinfo.certification).toBe(2);
    expect(screen.getByRole('link', { name: 'Identity verification' })).toHaveAttribute(
      'href',
      '/authentication',
    );
  });

  it('logs out: revokes on the server, forgets the user, goes home and says so', async () => {
    login(2);
    vi.mocked(userApi.info).mockResolvedValue({ ...info, certification: 2 });
    const router = renderScreen(<UserScreen />, { path: '/user' });
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(userApi.logout).toHaveBeenCalledWith('tok');
    expect(storedUser()).toBeNull();
    expect(uiState.toasts.map((t) => t.text)).toEqual(['You have logged out']);
  });

  it('forgets the user before the server has answered the logout, so other tabs follow it first', async () => {
    login(2);
    vi.mocked(userApi.info).mockResolvedValue({ ...info, certification: 2 });
    vi.mocked(userApi.logout).mockReturnValue(new Promise(() => undefined));
    const router = renderScreen(<UserScreen />, { path: '/user' });
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(userApi.logout).toHaveBeenCalledWith('tok');
    expect(storedUser()).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });
});
