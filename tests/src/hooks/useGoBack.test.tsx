import { act, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, createMemoryRouter, Link, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NavBar } from '../../../src/components/NavBar';
import { i18n } from '../../../src/i18n';
import { useGoBack } from '../../../src/hooks/useGoBack';
import LangScreen from '../../../src/screens/lang/LangScreen';
import { changeLocale } from '../../../src/state/changeLocale';
import { afterDoubleTap, tap } from '../../setup/dom';
import { setupI18n } from '../../setup/i18n';

const at = (name: string) => <p data-testid="at">{name}</p>;

/** The browser router the app runs on, with /home → /user → /notice → /noticeDetail or /lang behind
 * the reader, as they came there. */
const open = async (last: string) => {
  window.history.replaceState(null, '', '/');
  const router = createBrowserRouter([
    { path: '/', element: at('start') },
    { path: '/home', element: at('home') },
    { path: '/user', element: at('user') },
    {
      path: '/notice',
      element: (
        <>
          <NavBar title="Notices" />
          <Link to="/noticeDetail">Read</Link>
        </>
      ),
    },
    { path: '/noticeDetail', element: <NavBar title="Notice" /> },
    { path: '/lang', element: <LangScreen /> },
  ]);
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  for (const path of ['/home', '/user', '/notice', last]) await act(() => router.navigate(path));
  return router;
};

const arrivesAt = (router: Awaited<ReturnType<typeof open>>, path: string) =>
  waitFor(() => expect(router.state.location.pathname).toBe(path));

/** Steps back asked of the browser. jsdom lands two quick steps on the same entry where Chromium
 * takes both, so the steps are counted, not only where the reader ends up. */
const stepsBack = () => vi.spyOn(window.history, 'go');

/** A moment for a second, wrong step back to be taken, if one is. */
const settled = () => act(() => new Promise((resolve) => setTimeout(resolve, 100)));

beforeAll(setupI18n);
afterEach(async () => {
  vi.restoreAllMocks();
  await changeLocale('us');
});

describe('going back', () => {
  it.each([
    ['the bar’s back button', '/noticeDetail', 'Back'],
    ['a language', '/lang', 'Español'],
  ])('takes one step on a double tap of %s', async (_what, last, name) => {
    const router = await open(last);
    const go = stepsBack();
    const button = screen.getByRole('button', { name });
    tap(button);
    tap(button);
    await arrivesAt(router, '/notice');
    await settled();
    expect(go.mock.calls).toEqual([[-1]]);
  });

  it('takes one step when the second tap of a double tap lands on the screen the first went back to', async () => {
    const router = await open('/noticeDetail');
    const go = stepsBack();
    tap(screen.getByRole('button', { name: 'Back' }));
    await arrivesAt(router, '/notice');
    tap(screen.getByRole('button', { name: 'Back' }));
    await settled();
    expect(router.state.location.pathname).toBe('/notice');
    expect(go.mock.calls).toEqual([[-1]]);
  });

  it('follows no link that the second tap of a double tap on a language lands on', async () => {
    const router = await open('/lang');
    tap(screen.getByRole('button', { name: 'Español' }));
    await arrivesAt(router, '/notice');
    tap(screen.getByRole('link', { name: 'Read' }));
    await settled();
    expect(router.state.location.pathname).toBe('/notice');
    afterDoubleTap();
    tap(screen.getByRole('link', { name: 'Read' }));
    await arrivesAt(router, '/noticeDetail');
  });

  it('goes back again on a later tap of the screen before', async () => {
    const router = await open('/noticeDetail');
    tap(screen.getByRole('button', { name: 'Back' }));
    await arrivesAt(router, '/notice');
    afterDoubleTap();
    tap(screen.getByRole('button', { name: 'Back' }));
    await arrivesAt(router, '/user');
  });

  it('goes back again from a screen the reader came forward to', async () => {
    const router = await open('/noticeDetail');
    const go = stepsBack();
    tap(screen.getByRole('button', { name: 'Back' }));
    await arrivesAt(router, '/notice');
    await act(() => router.navigate(1));
    await arrivesAt(router, '/noticeDetail');
    afterDoubleTap();
    tap(screen.getByRole('button', { name: 'Back' }));
    await arrivesAt(router, '/notice');
    expect(go.mock.calls).toEqual([[-1], [1], [-1]]);
  });

  it('goes to the screen it would have come from when opened by a deep link, not off-site', async () => {
    // A page opened at this address: no entry of the app's before it.
    window.history.replaceState(null, '', '/withdrawAddress/add');
    afterDoubleTap();
    const Saved = () => {
      const goBack = useGoBack('/withdrawAddress');
      return (
        <button type="button" onClick={goBack}>
          Saved
        </button>
      );
    };
    const router = createMemoryRouter(
      [
        { path: '/withdrawAddress/add', element: <Saved /> },
        { path: '/withdrawAddress', element: at('list') },
      ],
      { initialEntries: ['/withdrawAddress/add'] },
    );
    render(<RouterProvider router={router} />);
    tap(screen.getByRole('button', { name: 'Saved' }));
    await arrivesAt(router as never, '/withdrawAddress');
    expect(screen.getByTestId('at')).toHaveTextContent('list');
  });
});
