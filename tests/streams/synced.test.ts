import { queueScheduler } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DepthSnapshot, DepthUpdate, Kline, Ticker, Trade } from '../../protocol';
import { createMarketStreams } from '../../streams/market';
import { FIRST_OPEN_GRACE_MS } from '../../streams/synced';
import type { MarketApi } from '../../streams/marketApi';
import { fakeTransport } from './fakeTransport';

const kline = (t: number, c: string): Kline => ({ t, o: c, h: c, l: c, c, v: '1' });

/** A REST API whose answers the test sets, counting the calls. */
const fakeApi = () => {
  const calls = { tickers: 0, kline: 0, depth: 0, trades: 0 };
  const state = {
    tickers: [] as Ticker[],
    kline: [kline(0, '1'), kline(60_000, '2')],
    depth: { pair: 'btcusdt', seq: 10, ts: 0, bids: [['100', '1']], asks: [['101', '1']] } as DepthSnapshot,
    trades: [] as Trade[],
  };
  const api: MarketApi = {
    pairs: async () => [],
    tickers: async () => (calls.tickers++, state.tickers),
    kline: async () => (calls.kline++, state.kline),
    depth: async () => (calls.depth++, structuredClone(state.depth)),
    trades: async () => (calls.trades++, state.trades),
  };
  return { api, calls, state };
};

const setup = () => {
  const t = fakeTransport();
  const a = fakeApi();
  const streams = createMarketStreams({ transport: t.transport, api: a.api, frameScheduler: queueScheduler });
  return { ...t, ...a, streams };
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('synced market streams', () => {
  it('start from the REST snapshot, then apply socket deltas only forward: no duplicate or backwards candle', async () => {
    const s = setup();
    const seen: Array<readonly Kline[]> = [];
    const sub = s.streams.kline$('btcusdt', '1m').subscribe((k) => seen.push(k));
    s.setState('open');
    await flush();
    expect(seen[seen.length - 1]).toEqual(s.state.kline);
    s.push('kline.btcusdt.1m', 1, kline(60_000, '3'));
    s.push('kline.btcusdt.1m', 2, kline(120_000, '4'));
    s.push('kline.btcusdt.1m', 2, kline(120_000, '9')); // a repeat
    s.push('kline.btcusdt.1m', 3, kline(60_000, '5')); // an older candle
    const last = seen[seen.length - 1]!;
    expect(last.map((k) => [k.t, k.c])).toEqual([
      [0, '1'],
      [60_000, '3'],
      [120_000, '4'],
    ]);
    sub.unsubscribe();
  });

  it('resync from REST when a depth diff does not follow the book, holding diffs that arrive meanwhile', async () => {
    const s = setup();
    const seen: unknown[] = [];
    s.streams.depth$('btcusdt').subscribe((d) => seen.push(d));
    s.setState('open');
    await flush();
    expect(s.calls.depth).toBe(1);
    const diff = (prev: number, bids: DepthUpdate['bids']): DepthUpdate => ({
      kind: 'diff',
      prev,
      bids,
      asks: [],
    });
    s.push('depth.btcusdt', 11, diff(10, [['99', '2']]));
    expect(seen[seen.length - 1]).toMatchObject({
      seq: 11,
      bids: [
        ['100', '1'],
        ['99', '2'],
      ],
    });
    s.push('depth.btcusdt', 11, diff(10, [['98', '5']])); // already applied
    expect(seen[seen.length - 1]).toMatchObject({ seq: 11 });
    // A diff from further ahead: a gap.
    s.state.depth = { pair: 'btcusdt', seq: 13, ts: 0, bids: [['100', '3']], asks: [] };
    s.push('depth.btcusdt', 14, diff(13, [['100', '0']]));
    expect(s.calls.depth).toBe(2);
    s.push('depth.btcusdt', 15, diff(14, [['97', '1']])); // arrives while the snapshot loads
    await flush();
    expect(seen[seen.length - 1]).toEqual({ seq: 15, bids: [['97', '1']], asks: [] });
  });

  it('count a jump in a channel’s seq as a gap', async () => {
    const s = setup();
    s.streams.trades$('btcusdt').subscribe();
    s.setState('open');
    await flush();
    const tr = (id: number): Trade[] => [{ id, price: '1', qty: '1', side: 'buy', ts: id }];
    s.push('trades.btcusdt', 1, tr(1));
    s.push('trades.btcusdt', 2, tr(2));
    expect(s.calls.trades).toBe(1);
    s.push('trades.btcusdt', 4, tr(4));
    expect(s.calls.trades).toBe(2);
  });

  it('poll REST while the socket is down and stop when it is back, resyncing on reopen', async () => {
    const s = setup();
    const seen: Array<ReadonlyMap<string, Ticker>> = [];
    s.streams.tickers$().subscribe((m) => seen.push(m));
    s.setState('reconnecting');
    await flush();
    expect(s.calls.tickers).toBe(1);
    await vi.advanceTimersByTimeAsync(3000);
    await vi.advanceTimersByTimeAsync(3000);
    expect(s.calls.tickers).toBe(3);
    s.setState('open');
    await flush();
    expect(s.calls.tickers).toBe(4); // the resync
    await vi.advanceTimersByTimeAsync(30_000);
    expect(s.calls.tickers).toBe(4);
    // The channel stayed subscribed throughout, so the transport replays it on every open.
    expect(s.live.has('tickers')).toBe(true);
  });

  it('poll nothing while the page is hidden, and read once as it is shown', async () => {
    const s = setup();
    let visibility: DocumentVisibilityState = 'visible';
    const shown = vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    try {
      const seen: Array<ReadonlyMap<string, Ticker>> = [];
      s.streams.tickers$().subscribe((m) => seen.push(m));
      s.setState('reconnecting');
      await flush();
      expect(s.calls.tickers).toBe(1);
      visibility = 'hidden';
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.advanceTimersByTimeAsync(60_000);
      expect(s.calls.tickers).toBe(1);
      visibility = 'visible';
      document.dispatchEvent(new Event('visibilitychange'));
      await flush();
      expect(s.calls.tickers).toBe(2);
      await vi.advanceTimersByTimeAsync(3000);
      expect(s.calls.tickers).toBe(3);
      // With the socket open, showing the page reads nothing: the channel keeps it true.
      s.setState('open');
      await flush();
      const opened = s.calls.tickers;
      document.dispatchEvent(new Event('visibilitychange'));
      await flush();
      expect(s.calls.tickers).toBe(opened);
    } finally {
      shown.mockRestore();
    }
  });

  it('while the socket first connects, wait for it rather than fetch the snapshot twice; poll if it is slow', async () => {
    const quick = setup();
    quick.streams.tickers$().subscribe();
    await vi.advanceTimersByTimeAsync(FIRST_OPEN_GRACE_MS - 100);
    expect(quick.calls.tickers).toBe(0);
    quick.setState('open');
    await flush();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(quick.calls.tickers).toBe(1);

    const slow = setup();
    const seen: Array<ReadonlyMap<string, Ticker>> = [];
    slow.streams.tickers$().subscribe((m) => seen.push(m));
    await vi.advanceTimersByTimeAsync(FIRST_OPEN_GRACE_MS);
    expect(slow.calls.tickers).toBe(1);
    expect(seen).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(slow.calls.tickers).toBe(2);
  });
  it('end the candles with the failure when none could be read yet, so a chart can say so; keep them through a failed poll after', async () => {
    const s = setup();
    s.setState('reconnecting');
    s.api.kline = () => (s.calls.kline++, Promise.reject(new Error('offline')));
    const failed = vi.fn();
    s.streams.kline$('btcusdt', '1h').subscribe({ error: failed });
    await flush();
    expect(failed).toHaveBeenCalledWith(new Error('offline'));
    // Ended, it polls no more; watched again, it asks again.
    await vi.advanceTimersByTimeAsync(20_000);
    expect(s.calls.kline).toBe(1);
    s.api.kline = async () => (s.calls.kline++, s.state.kline);
    const seen: Array<readonly Kline[]> = [];
    s.streams.kline$('btcusdt', '1h').subscribe({ next: (k) => seen.push(k), error: failed });
    await flush();
    expect(seen).toEqual([s.state.kline]);
    s.api.kline = () => (s.calls.kline++, Promise.reject(new Error('offline')));
    await vi.advanceTimersByTimeAsync(5000);
    expect(s.calls.kline).toBe(3);
    expect(failed).toHaveBeenCalledTimes(1);

    // Likewise a snapshot that fails with the socket open.
    const open = setup();
    open.api.kline = () => Promise.reject(new Error('server down'));
    const refused = vi.fn();
    open.streams.kline$('btcusdt', '4h').subscribe({ error: refused });
    open.setState('open');
    await flush();
    expect(refused).toHaveBeenCalledWith(new Error('server down'));
  });

  it('keep polling the tickers through failures: a list keeps what it shows', async () => {
    const s = setup();
    s.setState('reconnecting');
    s.api.tickers = () => (s.calls.tickers++, Promise.reject(new Error('offline')));
    const failed = vi.fn();
    s.streams.tickers$().subscribe({ error: failed });
    await vi.advanceTimersByTimeAsync(3000);
    expect(s.calls.tickers).toBe(2);
    expect(failed).not.toHaveBeenCalled();
  });

  it('share one stream per key and let it go a while after the last subscriber', async () => {
    const s = setup();
    expect(s.streams.depth$('btcusdt')).toBe(s.streams.depth$('btcusdt'));
    expect(s.streams.kline$('btcusdt', '1m')).not.toBe(s.streams.kline$('btcusdt', '5m'));
    const a = s.streams.trades$('ethusdt').subscribe();
    const b = s.streams.trades$('ethusdt').subscribe();
    a.unsubscribe();
    b.unsubscribe();
    expect(s.live.has('trades.ethusdt')).toBe(true);
    await vi.advanceTimersByTimeAsync(6000);
    expect(s.live.has('trades.ethusdt')).toBe(false);
  });
});
