import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Balance } from '../../../protocol/assets';
import { clearUser, currentUser, setUser } from '../../../src/state/session';

/** Each login's figures, as the server would answer that login's token. */
const held = vi.hoisted(() => ({
  balances: new Map<string, Balance[]>(),
  orders: new Map<string, number[]>(),
}));

// The app's spot streams, real, over a socket held open and REST calls answered as the
// logged-in reader's.
vi.mock('../../../src/app/spotStreams', async () => {
  const { createSpotStreams } = await import('../../../streams/spot');
  const { fakeTransport: fake } = await import('../../streams/fakeTransport');
  const { order } = await import('../screens/trade/fixtures');
  const t = fake();
  t.setState('open');
  const token = () => currentUser()?.token ?? '';
  return {
    spot: createSpotStreams({
      transport: t.transport,
      api: {
        balances: async () => held.balances.get(token()) ?? [],
        openOrders: async () => {
          const ids = held.orders.get(token()) ?? [];
          return { list: ids.map((id) => order({ id })), total: ids.length, page: 1, size: 50 };
        },
      },
    }),
  };
});

const { useBalances, useOpenOrders } = await import('../../../src/hooks/useSpot');

const usdt = (available: string): Balance[] => [{ asset: 'USDT', available, frozen: '0' } as Balance];

afterEach(() => clearUser());

describe('the spot hooks across a logout and another login', () => {
  // Another tab logging out and in as someone else sends this one from /login back to /trade: the
  // streams the trade screen left were still warm (kept 5 s), and showed the new reader the previous
  // one's balance and open orders, with their cancel buttons, until the next read.
  it('show the next reader none of the previous one’s balances or open orders', async () => {
    held.balances.set('token-a', usdt('500'));
    held.orders.set('token-a', [41]);
    held.balances.set('token-b', usdt('7'));
    held.orders.set('token-b', []);
    setUser({ token: 'token-a', userinfo: { certification: 2 } });
    const a = renderHook(() => ({ balances: useBalances(), orders: useOpenOrders('btcusdt') }));
    await waitFor(() => expect(a.result.current.balances?.[0]?.available).toBe('500'));
    await waitFor(() => expect(a.result.current.orders?.list.map((o) => o.id)).toEqual([41]));
    a.unmount();

    clearUser();
    setUser({ token: 'token-b', userinfo: { certification: 2 } });
    const seen: Array<{ balance?: string; orders?: number[] }> = [];
    const b = renderHook(() => {
      const value = { balances: useBalances(), orders: useOpenOrders('btcusdt') };
      seen.push({ balance: value.balances?.[0]?.available, orders: value.orders?.list.map((o) => o.id) });
      return value;
    });
    await waitFor(() => expect(b.result.current.balances?.[0]?.available).toBe('7'));
    await waitFor(() => expect(b.result.current.orders?.list).toEqual([]));
    expect(seen.map((s) => s.balance)).not.toContain('500');
    expect(seen.flatMap((s) => s.orders ?? [])).not.toContain(41);
    b.unmount();
  });
});
