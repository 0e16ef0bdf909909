import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NavigationProgress, PROGRESS_DELAY_MS } from '../../../src/components/NavigationProgress';
import { TabBar } from '../../../src/components/TabBar';
import { i18n } from '../../../src/i18n';
import { setupI18n } from '../../setup/i18n';
import { tap } from '../../setup/dom';

/** The frame with /home shown, and /contract whose loader waits until `arrive` is called. */
const open = () => {
  let arrive = () => {};
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <NavigationProgress />
            <Outlet />
            <TabBar />
          </>
        ),
        children: [
          { path: '/home', element: <p>home screen</p> },
          {
            path: '/contract',
            loader: () => new Promise<null>((done) => (arrive = () => done(null))),
            element: <p>contract screen</p>,
          },
        ],
      },
    ],
    { initialEntries: ['/home'] },
  );
  const { container } = render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  const bar = () => container.querySelector('.nav-progress');
  const tab = (name: string) => screen.getByRole('link', { name });
  return { router, bar, tab, arrive: () => act(async () => arrive()) };
};

beforeAll(setupI18n);
afterEach(() => {
  vi.useRealTimers();
});

describe('a tap whose screen is slow to come', () => {
  it('shows the progress bar only once the move has taken a moment, and takes it away when it lands', async () => {
    const { router, bar, tab, arrive } = open();
    await screen.findByText('home screen');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => tap(tab('Contracts')));
    expect(router.state.navigation.state).toBe('loading');
    await act(async () => vi.advanceTimersByTime(PROGRESS_DELAY_MS - 20));
    expect(bar()).toBeNull();
    await act(async () => vi.advanceTimersByTime(20));
    expect(bar()).not.toBeNull();
    expect(bar()).toHaveAttribute('aria-hidden', 'true');
    await arrive();
    expect(screen.getByText('contract screen')).toBeInTheDocument();
    expect(bar()).toBeNull();
  });

  it('shows no bar for a move that lands within the delay', async () => {
    const { bar, tab, arrive } = open();
    await screen.findByText('home screen');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => tap(tab('Contracts')));
    await act(async () => vi.advanceTimersByTime(PROGRESS_DELAY_MS / 2));
    await arrive();
    expect(screen.getByText('contract screen')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(PROGRESS_DELAY_MS));
    expect(bar()).toBeNull();
  });

  it('draws the tapped tab selected at once, the page’s own tab still current until the move lands', async () => {
    const { tab, arrive } = open();
    await screen.findByText('home screen');
    expect(tab('Home')).toHaveClass('is-active');
    expect(tab('Home')).toHaveAttribute('aria-current', 'page');
    await act(async () => tap(tab('Contracts')));
    expect(tab('Contracts')).toHaveClass('is-active', 'is-pending');
    expect(tab('Contracts')).not.toHaveAttribute('aria-current');
    expect(tab('Home')).not.toHaveClass('is-active');
    expect(tab('Home')).toHaveAttribute('aria-current', 'page');
    await arrive();
    await screen.findByText('contract screen');
    expect(tab('Contracts')).toHaveClass('is-active');
    expect(tab('Contracts')).not.toHaveClass('is-pending');
    expect(tab('Contracts')).toHaveAttribute('aria-current', 'page');
    expect(tab('Home')).not.toHaveClass('is-active');
    expect(tab('Home')).not.toHaveAttribute('aria-current');
  });
});
