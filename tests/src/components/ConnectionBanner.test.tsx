import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { BehaviorSubject } from 'rxjs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ConnectionState } from '../../../streams/transport';
import { ConnectionBanner } from '../../../src/components/ConnectionBanner';
import { i18n } from '../../../src/i18n';
import { noteServerAnswers } from '../../../src/state/network';
import { setupI18n } from '../../setup/i18n';

const connection = vi.hoisted(() => ({ state: undefined as unknown as BehaviorSubject<ConnectionState> }));
vi.mock('../../../src/hooks/useMarket', async () => {
  const { useObservableState } = await import('observable-hooks');
  const { BehaviorSubject: Subject } = await import('rxjs');
  connection.state = new Subject<ConnectionState>('open');
  return { useConnection: () => useObservableState(connection.state, 'open') };
});

beforeAll(setupI18n);
afterEach(() => {
  act(() => connection.state.next('open'));
  noteServerAnswers(true);
});

const show = (of?: 'prices' | 'messages') =>
  render(
    <I18nextProvider i18n={i18n}>
      <ConnectionBanner of={of} />
    </I18nextProvider>,
  );

describe('the connection banner', () => {
  it('is away while the socket is open', () => {
    show();
    expect(screen.queryByTestId('connection-banner')).toBeNull();
  });

  it('says prices still come by polling while the server answers, and that they may be old when not', async () => {
    show();
    act(() => connection.state.next('reconnecting'));
    const banner = await screen.findByTestId('connection-banner');
    expect(banner).toHaveTextContent('Reconnecting… Prices still update every few seconds.');
    await act(async () => noteServerAnswers(false));
    expect(banner).toHaveTextContent(
      'Reconnecting… Connection lost: prices and balances may be out of date.',
    );
    expect(banner).toHaveClass('connection-banner--lost');
    await act(async () => noteServerAnswers(true));
    expect(banner).toHaveTextContent('Prices still update every few seconds.');
    act(() => connection.state.next('open'));
    expect(screen.queryByTestId('connection-banner')).toBeNull();
  });

  it('speaks of messages on the service thread, not of prices and balances', async () => {
    show('messages');
    act(() => connection.state.next('reconnecting'));
    const banner = await screen.findByTestId('connection-banner');
    expect(banner).toHaveTextContent('Reconnecting… New messages still arrive every few seconds.');
    await act(async () => noteServerAnswers(false));
    expect(banner).toHaveTextContent(
      'Reconnecting… Connection lost: new messages may not show until it is back.',
    );
  });
});
