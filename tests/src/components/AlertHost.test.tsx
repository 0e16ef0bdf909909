import { act, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { AlertHost } from '../../../src/components/AlertHost';
import { i18n } from '../../../src/i18n';
import { showAlert, uiState } from '../../../src/state/ui';
import { afterDoubleTap, tap } from '../../setup/dom';
import { setupI18n } from '../../setup/i18n';

/** A screen whose button answers with an alert, as a refused withdrawal does. */
const Screen = () => (
  <I18nextProvider i18n={i18n}>
    <button type="button" onClick={() => void showAlert('Insufficient balance')}>
      Withdraw
    </button>
    <AlertHost />
  </I18nextProvider>
);

const confirm = () => screen.getByRole('button', { name: 'OK' });

/** The second tap of a double tap falls on the alert's button and is not heard; a tap once the
 * reader has read it closes it. */
const readThenClose = async (text: string) => {
  tap(confirm());
  await act(async () => undefined);
  expect(screen.getByRole('dialog')).toHaveTextContent(text);
  afterDoubleTap();
  tap(confirm());
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
};

beforeAll(setupI18n);

describe('an alert', () => {
  it('that comes up under the finger is not dismissed by the second tap of a double tap', async () => {
    render(<Screen />);
    tap(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Insufficient balance');
    await readThenClose('Insufficient balance');
  });

  it('closed by a double tap leaves the next one open', async () => {
    act(() => {
      void showAlert('Insufficient balance');
      void showAlert('Your session has expired. Please log in again');
    });
    render(<Screen />);
    tap(confirm());
    await waitFor(() => expect(screen.getByRole('dialog')).toHaveTextContent('Your session has expired'));
    await readThenClose('Your session has expired');
    expect(uiState.alerts).toHaveLength(0);
  });

  it('gives focus back to what the first of several alerts was opened from', async () => {
    render(<Screen />);
    const withdraw = screen.getByRole('button', { name: 'Withdraw' });
    withdraw.focus();
    act(() => {
      void showAlert('Insufficient balance');
      void showAlert('Your session has expired. Please log in again');
    });
    await screen.findByRole('dialog');
    tap(confirm());
    await waitFor(() => expect(screen.getByRole('dialog')).toHaveTextContent('Your session has expired'));
    afterDoubleTap();
    tap(confirm());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(withdraw);
  });
});
