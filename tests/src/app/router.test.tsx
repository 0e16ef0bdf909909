import fs from 'node:fs';
import path from 'node:path';
import { act, render, screen, waitFor } from '@testing-library/react';
import { Server, WebSocket as MockWebSocket } from 'mock-socket';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GlobalConfig } from '../../../protocol';
import { WS_PATH } from '../../../protocol/ws';
import { createAppRouter } from '../../../src/app/router';
import { SCREENS } from '../../../src/app/screens';
import { i18n } from '../../../src/i18n';
import { changeLocale } from '../../../src/state/changeLocale';
import { configState } from '../../../src/state/config';
import { followOtherTabsSession } from '../../../src/state/session';
import { showAlert, uiState } from '../../../src/state/ui';
import { setupI18n } from '../../setup/i18n';

const config: GlobalConfig = {
  certification: true,
  lang: 'en-us',
  custom: '',
  thirdPartyWithdrawalAddress: true,
  h5ico: '/favicon.svg',
  appDownloadLink: 'https://apps.example/app',
  logo: '/logo.svg',
  companyName: 'Nova Exchange',
};

vi.mock('../../../src/api/site', () => ({
  siteApi: {
    config: vi.fn(async () => config),
    coinList: vi.fn(async () => [{ tradecoin: 'BTC', settlecoin: 'USDT', name: 'BTC/USDT' }]),
    popups: vi.fn(async () => []),
    carousel: vi.fn(async () => []),
    content: vi.fn(async () => []),
    notices: vi.fn(async () => []),
  },
}));

// The server's view of the user: by default what is stored; a test may say otherwise.
const serverInfo = vi.hoisted(() => ({
  certification: undefined as number | null | undefined,
  expired: false,
}));
vi.mock('../../../src/api/user', () => ({
  userApi: {
    info: vi.fn(async () => {
      if (serverInfo.expired) {
        // What the REST client does with a 401: the stored user goes.
        localStorage.removeItem('user');
        throw { code: 401, msg: 'app.msg.session_expired', data: null };
      }
      const stored = JSON.parse(localStorage.getItem('user') ?? 'null');
      return serverInfo.certification === undefined
        ? stored.userinfo
        : { ...stored.userinfo, certification: serverInfo.certification };
    }),
    verification: vi.fn(async () => ({
      certification: null,
      name: null,
      docType: null,
      docNumber: null,
      rejectReason: null,
      submittedAt: null,
    })),
  },
}));

const german = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../locales/de.json'), 'utf8'));

const storeUser = (certification: number | null) =>
  localStorage.setItem('user', JSON.stringify({ token: 'tok', userinfo: { certification } }));

const open = (path: string) => {
  const router = createAppRouter((routes) => createMemoryRouter(routes, { initialEntries: [path] }));
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return router;
};

// The first visit to a screen loads its chunk, which takes a while on a cold test worker.
const settled = async (router: ReturnType<typeof open>, pathname: string) =>
  waitFor(
    () => {
      expect(router.state.location.pathname).toBe(pathname);
      expect(router.state.navigation.state).toBe('idle');
    },
    { timeout: 5000 },
  );

// The screens watch live data over the app's socket (built when a screen's code first loads it):
// a silent stand-in server takes the connection, as no route here waits on a push.
let server: Server;
beforeAll(async () => {
  server = new Server(`ws://${window.location.host}${WS_PATH}`);
  vi.stubGlobal('WebSocket', MockWebSocket);
  await setupI18n();
});
afterAll(async () => {
  (await import('../../../src/app/streams')).transport.close();
  server.stop();
  vi.unstubAllGlobals();
});
beforeEach(async () => {
  serverInfo.certification = undefined;
  serverInfo.expired = false;
  await i18n.changeLanguage('us');
  configState.config = config;
  configState.unavailable = false;
  uiState.toasts.length = 0;
  uiState.alerts.length = 0;
});

describe('routing', () => {
  it('sends / to /home, titled with the company name', async () => {
    const router = open('/');
    await settled(router, '/home');
    await waitFor(() => expect(document.title).toBe('Nova Exchange - Home'));
  });

  it('sends an unknown path to /404', async () => {
    const router = open('/nope/at/all');
    await settled(router, '/404');
    expect(await screen.findByText('This page does not exist')).toBeInTheDocument();
  });

  it('sends a path written in other letters\u2019 case to /404, as the server reads it', async () => {
    const router = open('/Market');
    await settled(router, '/404');
  });

  it('shows the tab bar on the tab screens and not on login', async () => {
    const router = open('/market');
    await settled(router, '/market');
    expect(await screen.findByRole('navigation', { name: 'Main sections' })).toBeInTheDocument();
    await act(() => router.navigate('/login'));
    await settled(router, '/login');
    expect(screen.queryByRole('navigation', { name: 'Main sections' })).toBeNull();
  });

  it('puts focus on the new screen\u2019s title when the screen changes, not on first load', async () => {
    const router = open('/market');
    await settled(router, '/market');
    await screen.findByRole('navigation', { name: 'Main sections' });
    expect(document.activeElement).toBe(document.body);
    await act(() => router.navigate('/lang'));
    await settled(router, '/lang');
    const title = await screen.findByRole('heading', { level: 1, name: 'Language' });
    await waitFor(() => expect(document.activeElement).toBe(title));
    // A new query on the same screen is not a new screen.
    title.blur();
    await act(() => router.navigate('/lang?from=user'));
    expect(document.activeElement).toBe(document.body);
  });

  it('leaves focus on an alert that is up as the screen changes', async () => {
    const router = open('/market');
    await settled(router, '/market');
    act(() => void showAlert('Your session has expired. Please log in again'));
    const ok = await screen.findByRole('button', { name: 'OK' });
    expect(document.activeElement).toBe(ok);
    await act(() => router.navigate('/lang'));
    await settled(router, '/lang');
    await screen.findByRole('heading', { level: 1, name: 'Language', hidden: true });
    expect(document.activeElement).toBe(ok);
  });

  it('titles a page without the company prefix when none is configured', async () => {
    configState.config = { ...config, companyName: '' };
    const router = open('/market');
    await settled(router, '/market');
    await waitFor(() => expect(document.title).toBe('Markets'));
  });

  it('keeps the title the server wrote, company name and all, until the config has come', async () => {
    configState.config = null;
    document.title = 'Nova Exchange - Markets';
    const router = open('/market');
    await settled(router, '/market');
    await screen.findByRole('navigation', { name: 'Main sections' });
    expect(document.title).toBe('Nova Exchange - Markets');
    act(() => {
      configState.config = { ...config, companyName: 'Acme' };
    });
    await waitFor(() => expect(document.title).toBe('Acme - Markets'));
  });

  it('titles a page by its route alone when the config cannot be had', async () => {
    configState.config = null;
    configState.unavailable = true;
    const router = open('/market');
    await settled(router, '/market');
    await waitFor(() => expect(document.title).toBe('Markets'));
  });

  it('follows a language switch in labels and title', async () => {
    const router = open('/market');
    await settled(router, '/market');
    await act(() => changeLocale('de'));
    await waitFor(() => expect(document.title).toBe(`Nova Exchange - ${german.route.market}`));
    expect(screen.getByText(german.tab.assets)).toBeInTheDocument();
    expect(localStorage.getItem('lang')).toBe('de');
    expect(document.documentElement.lang).toBe('de-DE');
  });
});

describe('a screen whose code cannot be fetched', () => {
  it('keeps the layout and tab bar, says why, and shows the screen once its code comes', async () => {
    const home = SCREENS.home!;
    SCREENS.home = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    try {
      const router = open('/market');
      await settled(router, '/market');
      await act(() => router.navigate('/home'));
      await settled(router, '/home');
      expect(await screen.findByText('Network error. Please check your connection')).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
      expect(screen.getByRole('navigation', { name: 'Main sections' })).toBeInTheDocument();
      SCREENS.home = home;
      await act(() => screen.getByRole('button', { name: 'Try again' }).click());
      await waitFor(
        () => expect(screen.queryByText('Network error. Please check your connection')).toBeNull(),
        {
          timeout: 5000,
        },
      );
      expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
      expect(screen.getByRole('navigation', { name: 'Main sections' })).toBeInTheDocument();
    } finally {
      SCREENS.home = home;
    }
  });
});

describe('login gate', () => {
  it('sends a visitor to login and remembers where they were going', async () => {
    const router = open('/assets');
    await settled(router, '/login');
    expect(router.state.location.search).toBe('?redirect=%2Fassets');
    expect(uiState.toasts.map((t) => t.text)).toContain('Please log in to operate');
  });

  it('tells a visitor who taps through to a login-only screen to log in', async () => {
    const router = open('/marketDetail');
    await settled(router, '/marketDetail');
    await act(() => router.navigate('/trade'));
    await settled(router, '/login');
    expect(uiState.toasts.map((t) => t.text)).toContain('Please log in to operate');
  });

  it('sends a reader logged out in another tab from a login-only screen to login', async () => {
    storeUser(2);
    const router = open('/assets');
    await settled(router, '/assets');
    followOtherTabsSession({ changed: () => void router.revalidate(), switched: () => undefined });
    localStorage.removeItem('user');
    window.dispatchEvent(new StorageEvent('storage', { key: 'user' }));
    await settled(router, '/login');
    expect(router.state.location.search).toBe('?redirect=%2Fassets');
    expect(uiState.toasts).toEqual([]);
  });

  it('adds nothing when checking the stored user finds the session expired', async () => {
    storeUser(null);
    serverInfo.expired = true;
    const router = open('/market');
    await settled(router, '/market');
    await act(() => router.navigate('/trade'));
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    expect(uiState.toasts).toEqual([]);
  });

  it('lets a logged-in user into a login-only route', async () => {
    storeUser(null);
    const router = open('/orderList');
    await settled(router, '/orderList');
  });

  it('sends a reader logged in from the login form on to where it was to lead', async () => {
    storeUser(2);
    const router = open('/login?redirect=%2ForderList');
    await settled(router, '/orderList');
  });

  it('sends a reader logged in from sign-up home, an invitation link and all', async () => {
    storeUser(null);
    const router = open('/register?code=ABC234');
    await settled(router, '/home');
  });

  it('moves a tab on the login form on once another tab logs in', async () => {
    const router = open('/login?redirect=%2ForderList');
    await settled(router, '/login');
    // Another tab's login: the app checks the screen against its gates again (main.tsx, on the
    // session's `changed`).
    storeUser(2);
    await act(() => router.revalidate());
    await settled(router, '/orderList');
  });
});

describe('verification gate', () => {
  it('prompts a never-verified user and sends them to verification', async () => {
    storeUser(null);
    const router = open('/trade');
    await settled(router, '/authentication');
    expect(uiState.toasts.map((t) => t.text)).toContain('Please complete identity verification first');
  });

  it('prompts a failed user to verify again', async () => {
    storeUser(1);
    const router = open('/contract');
    await settled(router, '/authentication');
    expect(uiState.toasts.map((t) => t.text)).toContain(
      'Your identity verification failed. Please verify again',
    );
  });

  it('alerts a user under review and keeps them where they were', async () => {
    storeUser(0);
    const router = open('/market');
    await settled(router, '/market');
    await act(() => router.navigate('/trade'));
    await settled(router, '/market');
    expect(uiState.alerts.map((a) => a.text)).toEqual([
      'Your identity verification is under review. Please wait for the result',
    ]);
  });

  it('keeps a user under review on the same pair, query and all', async () => {
    storeUser(0);
    const router = open('/marketDetail?coinPair=ethusdt');
    await settled(router, '/marketDetail');
    await act(() => router.navigate('/trade?coinPair=ethusdt'));
    await settled(router, '/marketDetail');
    expect(router.state.location.search).toBe('?coinPair=ethusdt');
    expect(uiState.alerts).toHaveLength(1);
  });

  it('sends a user under review who just logged in through the gate home, not back to the form', async () => {
    const router = open('/login?redirect=%2Ftrade');
    await settled(router, '/login');
    storeUser(0);
    await act(() => router.navigate('/trade'));
    await settled(router, '/home');
    expect(uiState.alerts).toHaveLength(1);
  });

  it('asks the server before turning away a user whose stored status is stale', async () => {
    storeUser(0);
    serverInfo.certification = 2;
    const router = open('/trade');
    await settled(router, '/trade');
    expect(uiState.alerts).toEqual([]);
    expect(JSON.parse(localStorage.getItem('user')!).userinfo.certification).toBe(2);
  });

  it('lets an approved user in', async () => {
    storeUser(2);
    const router = open('/assets');
    await settled(router, '/assets');
    expect(await screen.findByRole('navigation', { name: 'Main sections' })).toBeInTheDocument();
  });
});

describe('redirects and the Back button', () => {
  /** The app on the browser's own history, as it runs: jsdom's, where `history.back()` fires
   * popstate. */
  const openHere = () => {
    const router = createAppRouter();
    render(
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    );
    return router;
  };
  const back = async (router: ReturnType<typeof open>, pathname: string) => {
    act(() => window.history.back());
    await settled(router, pathname);
    expect(window.location.pathname).toBe(pathname);
  };

  it.each([
    ['/invite', '/login', '?redirect=%2Finvite'],
    ['/nope', '/404', ''],
    ['/', '/home', ''],
  ])('takes the place of %s opened directly, so Back leaves it', async (opened, to, search) => {
    window.history.replaceState(null, '', '/notice');
    window.history.pushState(null, '', opened);
    const entries = window.history.length;
    const router = openHere();
    await settled(router, to);
    expect(window.location.pathname + window.location.search).toBe(to + search);
    expect(window.history.length).toBe(entries);
    await back(router, '/notice');
    router.dispose();
  });

  it('adds a redirect reached by a tap after the screen tapped from', async () => {
    window.history.replaceState(null, '', '/notice');
    const router = openHere();
    await settled(router, '/notice');
    await act(() => router.navigate('/invite'));
    await settled(router, '/login');
    await back(router, '/notice');
    router.dispose();
  });
});
