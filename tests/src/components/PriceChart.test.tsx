import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Subject } from 'rxjs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Kline } from '../../../protocol';
import { noteServerAnswers } from '../../../src/state/network';
import { setupI18n } from '../../setup/i18n';

// The chart library draws on a canvas jsdom does not have: a stand-in records what the component
// asks of the series.
const chart = vi.hoisted(() => ({ calls: [] as Array<[string, unknown]> }));
vi.mock('lightweight-charts', async (importOriginal) => {
  const real = await importOriginal<object>();
  const series = {
    setData: (data: unknown) => chart.calls.push(['setData', data]),
    update: (bar: unknown) => chart.calls.push(['update', bar]),
    applyOptions: () => undefined,
  };
  const timeScale = {
    subscribeVisibleLogicalRangeChange: () => undefined,
    unsubscribeVisibleLogicalRangeChange: () => undefined,
    subscribeSizeChange: () => undefined,
    unsubscribeSizeChange: () => undefined,
    scrollToRealTime: () => undefined,
    timeToCoordinate: () => null,
  };
  return {
    ...real,
    createChartEx: () => ({
      addSeries: () => series,
      applyOptions: () => undefined,
      timeScale: () => timeScale,
      remove: () => undefined,
    }),
  };
});

// One kline stream per pair and interval; the test decides when each emits.
const klines = vi.hoisted(() => new Map<string, unknown>());
vi.mock('../../../src/app/streams', async () => {
  const { Subject: S } = await import('rxjs');
  return {
    market: {
      kline$: (pair: string, interval: string) => {
        const key = `${pair}|${interval}`;
        if (!klines.has(key)) klines.set(key, new S());
        return klines.get(key);
      },
    },
  };
});

const { default: PriceChart } = await import('../../../src/components/PriceChart');

const candle = (t: number, c: string): Kline => ({ t, o: c, h: c, l: c, c, v: '1' });
const emit = (key: string, list: Kline[]) => act(() => (klines.get(key) as Subject<Kline[]>).next(list));
/** The snapshot of `key` could not be read: its stream ends, and a new one is made when watched again. */
const fail = (key: string) =>
  act(() => {
    (klines.get(key) as Subject<Kline[]>).error({ code: 0, msg: 'app.msg.network_error', data: null });
    klines.delete(key);
  });
const drawn = () => chart.calls.filter(([call]) => call === 'setData').map(([, data]) => data as unknown[]);

beforeAll(async () => {
  await setupI18n();
  // Where the component measures its labels: jsdom has no canvas (and says so on every call).
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

describe('PriceChart across a switch of pair or interval', () => {
  it('empties the chart at once and shows it loading until the new candles come', () => {
    const { rerender } = render(<PriceChart pair="btcusdt" name="BTC/USDT" interval="15m" precision={2} />);
    expect(screen.getByRole('status')).toBeInTheDocument();
    emit('btcusdt|15m', [candle(0, '97000.00'), candle(900_000, '97100.00')]);
    expect(drawn().at(-1)).toHaveLength(2);
    expect(screen.queryByRole('status')).toBeNull();

    rerender(<PriceChart pair="dogeusdt" name="DOGE/USDT" interval="15m" precision={5} />);
    // BTC's candles are gone before DOGE's arrive, and the chart says it is loading.
    expect(drawn().at(-1)).toEqual([]);
    expect(screen.getByRole('status')).toBeInTheDocument();
    emit('dogeusdt|15m', [candle(0, '0.37824')]);
    expect(drawn().at(-1)).toEqual([{ time: 0, open: 0.37824, high: 0.37824, low: 0.37824, close: 0.37824 }]);
    expect(screen.queryByRole('status')).toBeNull();

    rerender(<PriceChart pair="dogeusdt" name="DOGE/USDT" interval="1h" precision={5} />);
    expect(drawn().at(-1)).toEqual([]);
    expect(screen.getByRole('status')).toBeInTheDocument();
  });

  it('says the new interval’s candles could not be read, and reads them again on a tap or once the server answers', async () => {
    const { rerender } = render(<PriceChart pair="ethusdt" name="ETH/USDT" interval="15m" precision={2} />);
    emit('ethusdt|15m', [candle(0, '3000.00')]);
    rerender(<PriceChart pair="ethusdt" name="ETH/USDT" interval="1h" precision={2} />);
    // Offline, a spinner stayed over the 15m chart's price scale until the network came back.
    fail('ethusdt|1h');
    expect(await screen.findByText('Network error. Please check your connection')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.queryByText('Something went wrong')).toBeNull();
    expect(screen.getByRole('status')).toBeInTheDocument();
    emit('ethusdt|1h', [candle(0, '3010.00')]);
    expect(drawn().at(-1)).toEqual([{ time: 0, open: 3010, high: 3010, low: 3010, close: 3010 }]);
    expect(screen.queryByRole('status')).toBeNull();

    rerender(<PriceChart pair="ethusdt" name="ETH/USDT" interval="4h" precision={2} />);
    noteServerAnswers(false);
    fail('ethusdt|4h');
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    // Another call answered: the network is back, and the chart need not wait for a tap.
    act(() => noteServerAnswers(true));
    await waitFor(() => expect(screen.queryByText('Something went wrong')).toBeNull());
    emit('ethusdt|4h', [candle(0, '3020.00')]);
    expect(drawn().at(-1)).toEqual([{ time: 0, open: 3020, high: 3020, low: 3020, close: 3020 }]);
  });

  it('is one image named for its pair and interval, for a screen reader', () => {
    render(<PriceChart pair="btcusdt" name="BTC/USDT" interval="15m" precision={2} />);
    expect(screen.getByRole('img', { name: 'BTC/USDT candlestick chart, 15m' })).toBe(
      screen.getByTestId('price-chart'),
    );
  });
});
