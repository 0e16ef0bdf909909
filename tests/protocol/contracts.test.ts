import { describe, expect, it } from 'vitest';
import { TICK_SOURCES, tickSourceName } from '../../protocol';
import { BINANCE_SOURCE } from '../../server/market/binanceFeed';
import { SIMULATOR_SOURCE } from '../../server/market/simulator';
import us from '../../locales/us.json';

describe('tick sources', () => {
  it('names every feed the server records ticks from, in the locale files', () => {
    const data = us.app.data as Record<string, string>;
    for (const source of [SIMULATOR_SOURCE, BINANCE_SOURCE]) {
      expect(TICK_SOURCES).toContain(source);
      const key = tickSourceName(source)!;
      expect(data[key.slice('app.data.'.length)], key).toBeTruthy();
    }
  });

  it('leaves a source it does not know to be shown as recorded', () => {
    expect(tickSourceName('test')).toBeNull();
  });
});
