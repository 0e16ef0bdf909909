import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import LangScreen from '../../../../src/screens/lang/LangScreen';
import { setupI18n } from '../../../setup/i18n';
import { renderScreen } from '../renderScreen';

beforeAll(setupI18n);

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
});
