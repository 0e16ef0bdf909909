import { INTERVALS, PAIR_SYMBOL_RE, type Interval } from './market';

/**
 * The WebSocket contract at /ws (ARCHITECTURE §4): operations the client sends, the three shapes
 * the server sends, and the channel names. Plain values only; the schemas are in wsSchema.ts.
 */
export const WS_PATH = '/ws';

/** The server pings every so often; a client that hears nothing for STALE_MS reconnects. */
export const PING_INTERVAL_MS = 15_000;
export const STALE_MS = 30_000;
/** A client's ping unanswered this long, with nothing else heard meanwhile, means a dead socket
 * (a network gone without a word): the client reconnects rather than wait out STALE_MS showing
 * prices frozen as live. */
export const PONG_TIMEOUT_MS = 5_000;
/** Channels one connection may hold at once. */
export const MAX_SUBSCRIPTIONS = 64;
/** Tickers and candles are sent in batches, at most this many a second on each channel, all in the
 * same moment: a screen's price and its chart's last candle move together. */
export const BATCHES_PER_SECOND = 4;

/** Each new message of the reader's customer-service thread as it is written: customer service's
 * answers, and the reader's own from any tab (a `ServiceMessage`, `serviceChannelMessageSchema`). */
export const SERVICE_CHANNEL = 'service';
export const PRIVATE_CHANNELS = ['orders', 'balances', 'contracts', 'pledges', SERVICE_CHANNEL] as const;
export type PrivateChannel = (typeof PRIVATE_CHANNELS)[number];

export const TICKERS_CHANNEL = 'tickers';
/** The contract pairs as /api/contract/info lists them, sent whenever an operator changes a rate,
 * a limit, a cycle or a pair's switch: an open /contract screen shows the new terms at once. */
export const CONTRACT_SETTINGS_CHANNEL = 'contractSettings';
export const klineChannel = (pair: string, interval: Interval) => `kline.${pair}.${interval}`;
export const depthChannel = (pair: string) => `depth.${pair}`;
export const tradesChannel = (pair: string) => `trades.${pair}`;

type ParsedChannel =
  | { kind: 'tickers' }
  | { kind: 'contractSettings' }
  | { kind: 'kline'; pair: string; interval: Interval }
  | { kind: 'depth'; pair: string }
  | { kind: 'trades'; pair: string }
  | { kind: 'private'; name: PrivateChannel };

/** What a channel name means, or null when it is not one of ours. Whether the pair is listed is
 * for the server to say. */
export const parseChannel = (ch: string): ParsedChannel | null => {
  if (ch === TICKERS_CHANNEL) return { kind: 'tickers' };
  if (ch === CONTRACT_SETTINGS_CHANNEL) return { kind: 'contractSettings' };
  if ((PRIVATE_CHANNELS as readonly string[]).includes(ch))
    return { kind: 'private', name: ch as PrivateChannel };
  const [kind, pair, interval, ...rest] = ch.split('.');
  if (rest.length > 0 || !pair || !PAIR_SYMBOL_RE.test(pair)) return null;
  if (kind === 'kline') {
    return (INTERVALS as readonly string[]).includes(interval ?? '')
      ? { kind, pair, interval: interval as Interval }
      : null;
  }
  if (interval !== undefined) return null;
  if (kind === 'depth' || kind === 'trades') return { kind, pair };
  return null;
};

export type ClientMessage =
  | { op: 'sub'; ch: string[] }
  | { op: 'unsub'; ch: string[] }
  | { op: 'auth'; token: string }
  | { op: 'ping'; ts: number };

/** A channel message: `seq` counts the channel's messages (for depth, the book's update id). */
export interface ChannelMessage<T = unknown> {
  ch: string;
  seq: number;
  ts: number;
  data: T;
}

export interface PongMessage {
  op: 'pong';
  ts: number;
  serverTs: number;
}

export interface ErrorMessage {
  op: 'error';
  msg: string;
  /** The channel the error is about, when it is about one. */
  ch?: string;
}

export type ServerMessage = ChannelMessage | PongMessage | ErrorMessage;

export const isChannelMessage = (m: ServerMessage): m is ChannelMessage => 'ch' in m && 'seq' in m;
