import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as changeLocaleModule from '../../../../src/state/changeLocale';
import { i18n } from '../../../../src/i18n';
import LangScreen from '../../../../src/screens/lang/LangScreen';
import { uiState } from '../../../../src/state/ui';
import { setupI18n } from '../../../setup/i18n';
import { renderScreen } from '../renderScreen';

beforeAll(setupI18n);
afterEach(() => {
  vi.restoreAllMocks();
  uiState.toasts.splice(0);
});

describe('/lang', () => {
  it('lists the eleven languages as buttons, the one in use marked current', () => {
    renderScreen(<LangScreen />, { path: '/lang' });
    const buttons = screen.getAllByRole('button', { name: /./ }).filter((b) => b.dataset.locale);
    expect(buttons).toHaveLength(11);
    // Options holding buttons left the focused button announced as its name alone.
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Deutsch' })).toHaveAttribute('aria-current', 'false');
  });

  it("says so when a language's labels cannot be downloaded, and stays", async () => {
    vi.spyOn(changeLocaleModule, 'changeLocale').mockRejectedValue(
      new TypeError('Failed to fetch dynamically imported module'),
    );
    const router = renderScreen(<LangScreen />, { path: '/lang' });
    fireEvent.click(screen.getByRole('button', { name: 'Deutsch' }));
    await waitFor(() => expect(uiState.toasts.map((t) => t.text)).toEqual([i18n.t('app.msg.network_error')]));
    expect(router.state.location.pathname).toBe('/lang');
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-current', 'true');
  });
});
