import { render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { followLayersInHistory, type LayerRouterState } from '../../../src/app/layerHistory';
import { Dialog } from '../../../src/components/Dialog';
import { Sheet } from '../../../src/components/Sheet';
import { i18n } from '../../../src/i18n';
import { afterDoubleTap, tap } from '../../setup/dom';
import { setupI18n } from '../../setup/i18n';

/** The router as the layers see it: the entry it shows (by key) and whether it is moving. It
 * follows returns to its own entries as the real one does, from its own listener. */
const router = (() => {
  const listeners = new Set<(state: LayerRouterState) => void>();
  const view = {
    state: { location: { key: 'screen' }, navigation: { state: 'idle' } },
    subscribe: (listener: (state: LayerRouterState) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** A navigation from where it is, done once `land` is called. */
    start: () => {
      view.state = { ...view.state, navigation: { state: 'loading' } };
    },
    land: (key: string, how: 'push' | 'replace') => {
      window.history[how === 'push' ? 'pushState' : 'replaceState']({ key }, '');
      view.show(key);
    },
    show: (key: string) => {
      view.state = { location: { key }, navigation: { state: 'idle' } };
      listeners.forEach((listener) => listener(view.state));
    },
  };
  return view;
})();
const routerPops = vi.fn((event: PopStateEvent) => router.show((event.state as { key: string }).key));

const Screen = () => {
  const [sheet, setSheet] = useState(false);
  const [dialog, setDialog] = useState(false);
  return (
    <I18nextProvider i18n={i18n}>
      <button type="button" onClick={() => setSheet(true)}>
        Pairs
      </button>
      {sheet && (
        <Sheet id="pick-title" title="Pick" className="pick" onClose={() => setSheet(false)}>
          <button type="button" onClick={() => setDialog(true)}>
            Details
          </button>
          <button
            type="button"
            onClick={() => {
              router.start();
              setSheet(false);
            }}
          >
            BTC/USDT
          </button>
        </Sheet>
      )}
      {dialog && (
        <Dialog labelledBy="terms-title" onDismiss={() => setDialog(false)}>
          <h2 id="terms-title">Terms</h2>
        </Dialog>
      )}
    </I18nextProvider>
  );
};

const open = (name: string) => {
  tap(screen.getByRole('button', { name }));
  afterDoubleTap();
};
const layer = (name: string) => screen.queryByRole('dialog', { name });
const mark = () => (window.history.state as { layer?: number } | null)?.layer;
/** Back, as the phone's button or gesture: done once the entry returned to is the one shown. */
const back = async (expected: { key: string; layer?: number }) => {
  window.history.back();
  await waitFor(() => expect(window.history.state).toEqual(expected));
};

beforeAll(async () => {
  await setupI18n();
  window.history.replaceState({ key: 'screen' }, '');
  followLayersInHistory(router);
  window.addEventListener('popstate', routerPops);
});
beforeEach(() => {
  routerPops.mockClear();
});
afterEach(() => expect(mark()).toBeUndefined());

describe('Back with a layer over the screen', () => {
  it('closes the layer and stays on the screen; the next Back is the screen’s', async () => {
    render(<Screen />);
    open('Pairs');
    expect(mark()).toBe(1);
    await back({ key: 'screen' });
    await waitFor(() => expect(layer('Pick')).toBeNull());
    expect(screen.getByRole('button', { name: 'Pairs' })).toBeInTheDocument();
    expect(routerPops).not.toHaveBeenCalled();
  });

  it('closes the top layer only, then the one beneath', async () => {
    render(<Screen />);
    open('Pairs');
    open('Details');
    expect(mark()).toBe(2);
    await back({ key: 'screen', layer: 1 });
    await waitFor(() => expect(layer('Terms')).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Pick' })).toBeInTheDocument();
    await back({ key: 'screen' });
    await waitFor(() => expect(layer('Pick')).toBeNull());
    expect(routerPops).not.toHaveBeenCalled();
  });

  it('is not needed once the layer was closed by its button: its entry has gone', async () => {
    render(<Screen />);
    open('Pairs');
    tap(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(mark()).toBeUndefined());
    expect(window.history.state).toEqual({ key: 'screen' });
    expect(routerPops).not.toHaveBeenCalled();
  });

  it('closes a layer that came up as another went (the next alert): it took that one’s entry', async () => {
    render(<Screen />);
    open('Pairs');
    tap(screen.getByRole('button', { name: 'Close' }));
    afterDoubleTap();
    open('Pairs');
    expect(mark()).toBe(1);
    await back({ key: 'screen' });
    await waitFor(() => expect(layer('Pick')).toBeNull());
  });

  it('closes a layer opened while the last one’s entry was going out, and no other', async () => {
    render(<Screen />);
    open('Pairs');
    tap(screen.getByRole('button', { name: 'Close' }));
    afterDoubleTap();
    await Promise.resolve();
    expect(window.history.state).toEqual({ key: 'screen', layer: 1 });
    open('Pairs');
    await waitFor(() => expect(mark()).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(window.history.state).toEqual({ key: 'screen', layer: 1 });
    expect(screen.getByRole('dialog', { name: 'Pick' })).toBeInTheDocument();
    await back({ key: 'screen' });
    await waitFor(() => expect(layer('Pick')).toBeNull());
  });
});

describe('a navigation from within a layer', () => {
  afterEach(async () => {
    // Back where the other tests start.
    window.history.replaceState({ key: 'screen' }, '');
    router.show('screen');
  });

  it('takes the layer’s entry when it replaces the address: nothing is stepped back', async () => {
    render(<Screen />);
    open('Pairs');
    tap(screen.getByRole('button', { name: 'BTC/USDT' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    router.land('pair', 'replace');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(window.history.state).toEqual({ key: 'pair' });
    expect(routerPops).not.toHaveBeenCalled();
  });

  it('leaves the entry under the new screen, which Back passes over', async () => {
    render(<Screen />);
    open('Pairs');
    tap(screen.getByRole('button', { name: 'BTC/USDT' }));
    router.land('elsewhere', 'push');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(window.history.state).toEqual({ key: 'elsewhere' });
    window.history.back();
    // The router goes back to the screen; the sheet's entry, left over it, is passed over.
    await waitFor(() => expect(window.history.state).toEqual({ key: 'screen' }));
    expect(routerPops).toHaveBeenCalledTimes(1);
    expect(router.state.location.key).toBe('screen');
  });

  it('goes with the one Back that returns to the screen beneath, when the screen changed under it', async () => {
    // An alert that came up as the router moved on (a session that ended, sent home).
    render(<Screen />);
    open('Pairs');
    router.land('elsewhere', 'push');
    window.history.back();
    await waitFor(() => expect(layer('Pick')).toBeNull());
    await waitFor(() => expect(window.history.state).toEqual({ key: 'screen' }));
    expect(routerPops).toHaveBeenCalledTimes(1);
  });
});
