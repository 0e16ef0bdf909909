import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Sheet } from '../../../src/components/Sheet';
import { Toasts } from '../../../src/components/Toasts';
import { i18n } from '../../../src/i18n';
import { DEFAULT_TOAST_MS, readingMs, showToast, uiState } from '../../../src/state/ui';
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

  it('stay the spec\u2019s second for a word or two, and as long as a longer text takes to read', () => {
    expect(readingMs('Copied')).toBeLessThanOrEqual(DEFAULT_TOAST_MS);
    expect(readingMs('Incorrect username or password')).toBeGreaterThanOrEqual(2000);
    // A CJK character carries a word's worth.
    expect(readingMs('用户名或密码错误')).toBeGreaterThanOrEqual(2000);
    expect(readingMs('x'.repeat(1000))).toBe(6000);
    vi.useFakeTimers();
    try {
      showToast('Incorrect username or password');
      vi.advanceTimersByTime(DEFAULT_TOAST_MS);
      expect(uiState.toasts.map((t) => t.text)).toEqual(['Incorrect username or password']);
      vi.advanceTimersByTime(readingMs('Incorrect username or password'));
      expect(uiState.toasts).toEqual([]);
      showToast('Saved', 2000);
      vi.advanceTimersByTime(1500);
      expect(uiState.toasts).toHaveLength(1);
      vi.advanceTimersByTime(500);
      expect(uiState.toasts).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('show a text once: the same again replaces the copy up and stays its full time from then', () => {
    vi.useFakeTimers();
    try {
      const wrong = 'ユーザー名またはパスワードが正しくありません';
      showToast(wrong);
      showToast('Verification code sent');
      vi.advanceTimersByTime(1000);
      showToast(wrong);
      expect(uiState.toasts.map((t) => t.text)).toEqual(['Verification code sent', wrong]);
      vi.advanceTimersByTime(readingMs(wrong) - 1);
      expect(uiState.toasts.map((t) => t.text)).toEqual([wrong]);
      vi.advanceTimersByTime(1);
      expect(uiState.toasts).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});
