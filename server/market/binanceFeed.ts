import WebSocket from 'ws';
import type { PriceFeed, Tick } from './feed';
import type { Instrument } from './instruments';
import { toScaled } from '../domain/money/scaled';

export const BINANCE_SOURCE = 'binance';

interface BinanceFeedOptions {
  /** Base of the combined-stream endpoint, e.g. `wss://stream.binance.com:9443`. */
  url: string;
  instruments: readonly Instrument[];
  /** Our symbol → the exchange's, where they differ (`{ btcusdt: 'btcfdusd' }`). */
  symbolMap?: Readonly<Record<string, string>>;
  minBackoffMs?: number;
  maxBackoffMs?: number;
  random?: () => number;
  onError?: (err: unknown) => void;
}

interface AggTrade {
  p: string;
  q: string;
  T: number;
}

const isAggTrade = (d: unknown): d is AggTrade =>
  typeof d === 'object' &&
  d !== null &&
  typeof (d as AggTrade).p === 'string' &&
  typeof (d as AggTrade).q === 'string' &&
  typeof (d as AggTrade).T === 'number';

/** The URL of one combined stream carrying the aggregate trades of every mapped pair. */
export const combinedStreamUrl = (base: string, theirSymbols: readonly string[]) =>
  `${base.replace(/\/+$/, '')}/stream?streams=${theirSymbols.map((s) => `${s}@aggTrade`).join('/')}`;

/**
 * A real exchange's public trades as the reference feed (Binance combined-stream format). It
 * reconnects by itself with capped, jittered backoff; a frame it cannot read is skipped, never
 * turned into a price.
 */
export const createBinanceFeed = ({
  url,
  instruments,
  symbolMap = {},
  minBackoffMs = 1000,
  maxBackoffMs = 30_000,
  random = Math.random,
  onError = () => undefined,
}: BinanceFeedOptions): PriceFeed => {
  const byTheirs = new Map(instruments.map((i) => [symbolMap[i.symbol] ?? i.symbol, i]));
  const lastTs = new Map<string, number>();
  let socket: WebSocket | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let failures = 0;

  const toTick = (raw: string): Tick | null => {
    const frame = JSON.parse(raw) as { stream?: unknown; data?: unknown };
    if (typeof frame.stream !== 'string' || !isAggTrade(frame.data)) return null;
    const inst = byTheirs.get(frame.stream.split('@')[0] ?? '');
    if (!inst) return null;
    // Prints can arrive a millisecond out of order across reconnects; reference time never goes back.
    const ts = Math.max(frame.data.T, lastTs.get(inst.symbol) ?? 0);
    lastTs.set(inst.symbol, ts);
    return {
      pair: inst.symbol,
      ts,
      price: toScaled(frame.data.p, inst.pricePrecision),
      qty: toScaled(frame.data.q, inst.qtyPrecision),
      source: BINANCE_SOURCE,
    };
  };

  const connect = (onTick: (tick: Tick) => void) => {
    const ws = new WebSocket(combinedStreamUrl(url, [...byTheirs.keys()]));
    socket = ws;
    ws.on('open', () => {
      failures = 0;
    });
    ws.on('message', (data) => {
      try {
        const tick = toTick(data.toString());
        if (tick && tick.price > 0n) onTick(tick);
      } catch (err) {
        onError(err);
      }
    });
    ws.on('error', onError);
    ws.on('close', () => {
      if (stopped) return;
      const base = Math.min(maxBackoffMs, minBackoffMs * 2 ** failures++);
      retry = setTimeout(() => connect(onTick), base / 2 + random() * (base / 2));
      retry.unref?.();
    });
  };

  return {
    source: BINANCE_SOURCE,
    start(onTick) {
      stopped = false;
      connect(onTick);
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const ws = socket;
      if (!ws || ws.readyState === WebSocket.CLOSED) return;
      await new Promise<void>((resolve) => {
        ws.once('close', () => resolve());
        ws.terminate();
      });
    },
  };
};
