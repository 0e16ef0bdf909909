import { act, renderHook } from '@testing-library/react';
import type { Subject } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import type { SpotOrderView } from '../../../protocol/spot';
import type { PairOpenOrders } from '../../../streams/spot';
import { order } from '../screens/trade/fixtures';

// One open-orders stream per pair, as streams/ keys them; the test decides when each emits.
const streams = vi.hoisted(() => ({ openOrders: new Map<string, unknown>() }));
vi.mock('../../../src/app/spotStreams', async () => {
  const { Subject: S } = await import('rxjs');
  return {
    spot: {
      openOrders$: (_login: string, pair: string) => {
        if (!streams.openOrders.has(pair)) streams.openOrders.set(pair, new S());
        return streams.openOrders.get(pair);
      },
    },
  };
});

const { useOpenOrders } = await import('../../../src/hooks/useSpot');

const emit = (pair: string, list: SpotOrderView[]) =>
  act(() => (streams.openOrders.get(pair) as Subject<PairOpenOrders>).next({ list, total: list.length }));

describe('useOpenOrders across a switch of pair', () => {
  it('shows none of the pair before’s orders under the new pair, only its own once they come', () => {
    const { result, rerender } = renderHook(({ pair }) => useOpenOrders(pair), {
      initialProps: { pair: 'btcusdt' },
    });
    emit('btcusdt', [order()]);
    expect(result.current?.list.map((o) => o.pair)).toEqual(['btcusdt']);
    rerender({ pair: 'ethusdt' });
    expect(result.current).toBeUndefined();
    emit('ethusdt', [order({ id: 8, pair: 'ethusdt' })]);
    expect(result.current?.list.map((o) => o.pair)).toEqual(['ethusdt']);
  });
});
