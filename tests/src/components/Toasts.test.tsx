import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { Sheet } from '../../../src/components/Sheet';
import { Toasts } from '../../../src/components/Toasts';
import { i18n } from '../../../src/i18n';
import { showToast, uiState } from '../../../src/state/ui';
import { setupI18n } from '../../setup/i18n';

beforeAll(setupI18n);

describe('toasts', () => {
  it('are announced from a live region that is on the page before the first one', async () => {
    render(<Toasts />);
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();
    act(() => showToast('Order cancelled'));
    await act(async () => undefined);
    expect(region).toHaveTextContent('Order cancelled');
    uiState.toasts.length = 0;
  });

  it('are still announced while a sheet is up', async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <Toasts />
        <p>The trade form</p>
        <Sheet id="order-title" title="Order detail" className="order" onClose={() => undefined}>
          <p>Buy BTC/USDT</p>
        </Sheet>
      </I18nextProvider>,
    );
    expect(screen.getByText('The trade form').closest('[inert], [aria-hidden="true"]')).not.toBeNull();
    act(() => showToast('Order cancelled'));
    await act(async () => undefined);
    expect(screen.getByRole('status')).toHaveTextContent('Order cancelled');
    uiState.toasts.length = 0;
  });
});
