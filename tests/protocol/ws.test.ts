import { describe, expect, it } from 'vitest';
import {
  candleOpenTime,
  clientMessageSchema,
  depthChannel,
  klineChannel,
  parseChannel,
  CONTRACT_SETTINGS_CHANNEL,
  PRIVATE_CHANNELS,
  SERVICE_CHANNEL,
  pairSymbol,
  serviceChannelMessageSchema,
  tradesChannel,
} from '../../protocol';

describe('channel names', () => {
  it('round-trip through their helpers', () => {
    expect(parseChannel('tickers')).toEqual({ kind: 'tickers' });
    expect(parseChannel(CONTRACT_SETTINGS_CHANNEL)).toEqual({ kind: 'contractSettings' });
    expect(parseChannel(klineChannel('btcusdt', '4h'))).toEqual({
      kind: 'kline',
      pair: 'btcusdt',
      interval: '4h',
    });
    expect(parseChannel(depthChannel('ethusdt'))).toEqual({ kind: 'depth', pair: 'ethusdt' });
    expect(parseChannel(tradesChannel('dogeusdt'))).toEqual({ kind: 'trades', pair: 'dogeusdt' });
    expect(parseChannel('balances')).toEqual({ kind: 'private', name: 'balances' });
  });

  it('refuse what is not a channel', () => {
    for (const ch of [
      '',
      'kline.btcusdt',
      'kline.btcusdt.2m',
      'depth.BTCUSDT',
      'depth.btcusdt.1m',
      'trades',
      'x.y',
      'depth.btc usdt',
    ]) {
      expect(parseChannel(ch), ch).toBeNull();
    }
  });

  it('name pairs in lower case', () => {
    expect(pairSymbol('BTC', 'USDT')).toBe('btcusdt');
  });
});

describe('client messages', () => {
  it('accept the four operations and nothing else', () => {
    expect(clientMessageSchema.safeParse({ op: 'sub', ch: ['tickers'] }).success).toBe(true);
    expect(clientMessageSchema.safeParse({ op: 'ping', ts: 1 }).success).toBe(true);
    expect(clientMessageSchema.safeParse({ op: 'auth', token: 't' }).success).toBe(true);
    expect(clientMessageSchema.safeParse({ op: 'sub', ch: [] }).success).toBe(false);
    expect(clientMessageSchema.safeParse({ op: 'sub', ch: ['tickers'], x: 1 }).success).toBe(false);
    expect(clientMessageSchema.safeParse({ op: 'pong', ts: 1 }).success).toBe(false);
  });
});

describe('the customer-service channel', () => {
  const message = { id: 7, from: 'operator', body: 'It is confirming.', createdAt: 1_800_000_000_000 };

  it('is a private channel named service', () => {
    expect(SERVICE_CHANNEL).toBe('service');
    expect(PRIVATE_CHANNELS).toContain(SERVICE_CHANNEL);
    expect(parseChannel(SERVICE_CHANNEL)).toEqual({ kind: 'private', name: 'service' });
  });

  it('carries one message of the thread as the thread lists it', () => {
    const frame = { ch: 'service', seq: 1, ts: 1_800_000_000_001, data: message };
    expect(serviceChannelMessageSchema.parse(frame)).toEqual(frame);
    for (const bad of [
      { ...frame, ch: 'orders' },
      { ...frame, seq: 0 },
      { ...frame, data: [message] },
      { ...frame, data: { ...message, from: 'system' } },
      { ...frame, data: { ...message, id: '7' } },
      { ...frame, extra: true },
    ]) {
      expect(serviceChannelMessageSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('candle open times', () => {
  it('floor to the interval in UTC', () => {
    const t = Date.UTC(2025, 4, 6, 13, 47, 12, 5);
    expect(candleOpenTime(t, '1m')).toBe(Date.UTC(2025, 4, 6, 13, 47));
    expect(candleOpenTime(t, '15m')).toBe(Date.UTC(2025, 4, 6, 13, 45));
    expect(candleOpenTime(t, '1d')).toBe(Date.UTC(2025, 4, 6));
  });
});
