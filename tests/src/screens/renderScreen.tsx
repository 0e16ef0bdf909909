import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router-dom';
import { i18n } from '../../../src/i18n';

/** Renders a screen at `path` inside a memory router with the real i18n; other paths render a
 * marker so a test can see where the screen navigated. */
export const renderScreen = (
  screen: ReactElement,
  { path = '/', at = path }: { path?: string; at?: InitialEntry } = {},
) => {
  const router = createMemoryRouter(
    [
      { path, element: screen },
      { path: '*', element: <p data-testid="elsewhere" /> },
    ],
    { initialEntries: [at] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return router;
};

export const storedUser = () => JSON.parse(localStorage.getItem('user') ?? 'null');
