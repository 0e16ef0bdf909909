import { createBinanceFeed } from './binanceFeed';
import type { MarketConfig } from './config';
import type { PriceFeed } from './feed';
import type { Instrument } from './instruments';
import { createSimulator } from './simulator';

/** The reference feed the configuration asks for. */
export const feedFromConfig =
  (config: MarketConfig, onError: (err: unknown) => void) =>
  (instruments: readonly Instrument[], startPrices: ReadonlyMap<string, bigint>): PriceFeed =>
    config.feed === 'binance'
      ? createBinanceFeed({
          url: config.binanceWsUrl,
          instruments,
          symbolMap: config.binanceSymbols,
          onError,
        })
      : createSimulator({ instruments, startPrices });
