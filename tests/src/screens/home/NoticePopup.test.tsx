import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../src/i18n';
import { afterDoubleTap, tap } from '../../../setup/dom';
import { setupI18n } from '../../../setup/i18n';

const popups = [
  { id: 1, title: 'Maintenance tonight', content: 'Deposits pause at 02:00 UTC.' },
  { id: 2, title: 'New pair', content: 'DOT/USDT is open.' },
];

// The component remembers an acknowledgement for the rest of the visit; each test is a new visit.
const freshPopup = async () => {
  vi.resetModules();
  const { NoticePopup } = await import('../../../../src/screens/home/NoticePopup');
  return render(
    <I18nextProvider i18n={i18n}>
      <NoticePopup popups={popups} />
    </I18nextProvider>,
  );
};

beforeAll(setupI18n);

describe('notice pop-up', () => {
  it('shows each pop-up in turn with title, content, tick and acknowledge button', async () => {
    await freshPopup();
    expect(screen.getByRole('dialog')).toHaveTextContent('Maintenance tonight');
    expect(screen.getByText('Deposits pause at 02:00 UTC.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: "Don't show again today" })).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'I understand' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('New pair');
    afterDoubleTap();
    await userEvent.click(screen.getByRole('button', { name: 'I understand' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays closed on the next visit the same day when "not shown today" is ticked', async () => {
    const first = await freshPopup();
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'I understand' }));
    afterDoubleTap();
    await userEvent.click(screen.getByRole('button', { name: 'I understand' }));
    expect(localStorage.getItem('notShownToday')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(localStorage.getItem('lastDate')).toBe(String(new Date().getDate()));
    first.unmount();
    await act(freshPopup);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows again on the next visit when acknowledged without the tick', async () => {
    const first = await freshPopup();
    await userEvent.click(screen.getByRole('button', { name: 'I understand' }));
    afterDoubleTap();
    await userEvent.click(screen.getByRole('button', { name: 'I understand' }));
    first.unmount();
    await act(freshPopup);
    expect(screen.getByRole('dialog')).toHaveTextContent('Maintenance tonight');
  });

  it('waits while an alert is open, so the two never stack', async () => {
    await freshPopup();
    // The module instance the fresh pop-up shares.
    const ui = await import('../../../../src/state/ui');
    act(() => void ui.showAlert('Your session has expired. Please log in again'));
    await waitFor(() => expect(screen.queryByText('Maintenance tonight')).toBeNull());
    act(() => ui.closeAlert(ui.uiState.alerts[0]!.id));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Maintenance tonight');
  });

  it('acknowledges one pop-up on a double tap, and shows the next one under the finger', async () => {
    await freshPopup();
    tap(screen.getByRole('button', { name: 'I understand' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('New pair');
    tap(screen.getByRole('button', { name: 'I understand' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('New pair');
    afterDoubleTap();
    tap(screen.getByRole('button', { name: 'I understand' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
