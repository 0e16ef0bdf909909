import { act, renderHook } from '@testing-library/react';
import type { Subject } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import type { DepthLevel, Ticker } from '../../../protocol';

// One stream per pair, as streams/ keys them; the test decides when each emits.
const streams = vi.hoisted(() => ({
  tickers: new Map<string, unknown>(),
  depths: new Map<string, unknown>(),
}));
vi.mock('../../../src/app/streams', async () => {
  const { Subject: S } = await import('rxjs');
  const keyed = (m: Map<string, unknown>) => (pair: string) => {
    if (!m.has(pair)) m.set(pair, new S());
    return m.get(pair);
  };
  return {
    market: { ticker$: keyed(streams.tickers), depth$: keyed(streams.depths), trades$: keyed(new Map()) },
    transport: { connection$: new S(), reconnects$: new S(), channel$: () => new S() },
    serverClock: { offset$: new S() },
  };
});
vi.mock('../../../src/app/boot', () => ({ boot: { pairs: [] } }));

const { useDepth, useTicker } = await import('../../../src/hooks/useMarket');

const ticker = (pair: string, last: string) => ({ pair, last }) as Ticker;
const emit = (m: Map<string, unknown>, pair: string, value: unknown) =>
  act(() => (m.get(pair) as Subject<unknown>).next(value));

describe('market hooks across a switch of pair', () => {
  it('never answers the pair before for the new one: no ticker until the new pair has one', () => {
    const { result, rerender } = renderHook(({ pair }) => useTicker(pair), {
      initialProps: { pair: 'btcusdt' },
    });
    emit(streams.tickers, 'btcusdt', ticker('btcusdt', '97000.00'));
    expect(result.current?.last).toBe('97000.00');
    rerender({ pair: 'dogeusdt' });
    expect(result.current).toBeUndefined();
    emit(streams.tickers, 'dogeusdt', ticker('dogeusdt', '0.37824'));
    expect(result.current?.last).toBe('0.37824');
  });

  it('keeps the last ticker of a row that stops following (scrolled out of sight)', () => {
    const { result, rerender } = renderHook(({ live }) => useTicker('ethusdt', live), {
      initialProps: { live: true },
    });
    emit(streams.tickers, 'ethusdt', ticker('ethusdt', '3500.00'));
    rerender({ live: false });
    expect(result.current?.last).toBe('3500.00');
  });

  it('shows no book of the pair before under the new pair', () => {
    const book = (price: string) => ({ seq: 1, bids: [[price, '1']] as DepthLevel[], asks: [] });
    const { result, rerender } = renderHook(({ pair }) => useDepth(pair), {
      initialProps: { pair: 'btcusdt' },
    });
    emit(streams.depths, 'btcusdt', book('97000.00'));
    expect(result.current?.bids[0]?.[0]).toBe('97000.00');
    rerender({ pair: 'dogeusdt' });
    expect(result.current).toBeUndefined();
  });
});
