import {
  CandlestickSeries,
  ColorType,
  createChartEx,
  type CandlestickData,
  type IChartApi,
  type ISeriesApi,
  type TickMarkFormatter,
  type TickmarksPriceFormatterFn,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Interval, Kline } from '../../protocol';
import { DEFAULT_LOCALE, LOCALE_TAGS, isLocale } from '../../protocol/locales';
import { market } from '../app/streams';
import { failedRead, useRetryWhenAnswered } from '../hooks/useRetryWhenAnswered';
import { chartTimeLabels, type ChartTimeLabels } from './chartTimeLabels';
import { ChartTimeScale } from './chartTimeScale';
import { Loading } from './LoadFailed';

const cssVar = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

// The chart library draws with numbers; these are display values only, never computed with.
const toBar = (k: Kline): CandlestickData<UTCTimestamp> => ({
  time: (k.t / 1000) as UTCTimestamp,
  open: Number(k.o),
  high: Number(k.h),
  low: Number(k.l),
  close: Number(k.c),
});

// The library's default label font (layout.fontSize, layout.fontFamily).
const LABEL_FONT = `12px -apple-system, BlinkMacSystemFont, 'Trebuchet MS', Roboto, Ubuntu, sans-serif`;

/**
 * The time labels (`chartTimeLabels`), less those that would be drawn cut at the chart's left edge.
 * The library moves a label in from an edge only where that edge is fixed, and this chart scrolls
 * back through its history, so a label whose time sits near the left edge was drawn centred on it,
 * half outside: the 25th read "5". Labels are formatted once and kept, so the chart asks again
 * (`refresh`) whenever what it shows moves, or the labels themselves change.
 */
const leftEdgeLabels = (chart: () => IChartApi | null, labels: () => ChartTimeLabels) => {
  const measure = document.createElement('canvas').getContext('2d');
  if (measure) measure.font = LABEL_FONT;
  const format: TickMarkFormatter = (time, type) => {
    const label = labels().tick(time as number, type);
    const x = chart()?.timeScale().timeToCoordinate(time);
    if (x === null || x === undefined || !measure) return label;
    return x - measure.measureText(label).width / 2 < 0 ? '' : label;
  };
  return {
    format,
    refresh: () => chart()?.applyOptions({ timeScale: { tickMarkFormatter: format } }),
  };
};

/**
 * How near a price's label may come to the last price's before the last price's box covers part of
 * it: half the box (the font and 2.5 px above and below it, as the library draws it) and half the
 * label. Half covered, "97,000.00" peeked out under "97,053.59" and read as a figure of its own.
 */
const COVERED_PX = (12 + 5 + 12) / 2;

/**
 * The price scale's labels, less those the last price's box would half cover. The library builds
 * its labels again only when the scale moves or its formatter is set, so the chart sets this one
 * again (`refresh`) whenever the last price moves.
 */
const clearOfLastPrice = (
  chart: () => IChartApi | null,
  series: () => ISeriesApi<'Candlestick'> | null,
  lastPrice: () => number | undefined,
  format: () => (price: number) => string,
) => {
  const formatTicks: TickmarksPriceFormatterFn = (prices) => {
    const s = series();
    const last = lastPrice();
    const lastY = s && last !== undefined ? s.priceToCoordinate(last) : null;
    return prices.map((price) => {
      const y = lastY === null ? null : s!.priceToCoordinate(price);
      return y !== null && Math.abs(y - lastY!) < COVERED_PX ? '' : format()(price);
    });
  };
  return {
    format: formatTicks,
    refresh: () => chart()?.applyOptions({ localization: { tickmarksPriceFormatter: formatTicks } }),
  };
};

/**
 * The candlestick chart (its own chunk: lightweight-charts loads only where a chart is shown). The
 * chart is created once; a new pair or interval empties it at once and shows it loading until its
 * own candles come (`setData`), or says they could not be read, with a retry, in place of the one
 * emptied; each live candle after that goes through `series.update`, straight from the stream,
 * without React.
 */
const PriceChart = ({
  pair,
  name,
  interval,
  precision,
}: {
  pair: string;
  /** The pair as the reader knows it, `BTC/USDT`. */
  name: string;
  interval: Interval;
  precision: number;
}) => {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const scale = useRef<ChartTimeScale | null>(null);
  const { t, i18n } = useTranslation();
  const tag = LOCALE_TAGS[isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE];
  const timeLabels = useMemo(() => chartTimeLabels(tag, interval), [tag, interval]);
  // What the chart's formatters, set once, read.
  const currentLabels = useRef(timeLabels);
  const edgeLabels = useRef<ReturnType<typeof leftEdgeLabels> | null>(null);
  // The newest candle's close, for the price labels its box would cover (display only).
  const lastClose = useRef<number | undefined>(undefined);
  const priceFormat = useRef<(price: number) => string>(String);
  const priceLabels = useRef<ReturnType<typeof clearOfLastPrice> | null>(null);
  // The pair and interval whose candles are drawn.
  const [shown, setShown] = useState<string | undefined>();
  const key = `${pair}|${interval}`;
  // The pair and interval whose candles could not be read, and why; a retry watches them afresh.
  const [failed, setFailed] = useState<{ key: string; failure: string; unanswered: boolean }>();
  const [attempt, setAttempt] = useState(0);
  const failure = failed?.key === key ? failed : undefined;
  const retry = useCallback(() => {
    setFailed(undefined);
    setAttempt((n) => n + 1);
  }, []);
  useRetryWhenAnswered(failure?.unanswered === true, retry);

  useEffect(() => {
    const el = host.current!;
    const timeScale = new ChartTimeScale();
    timeScale.setTimeZone(currentLabels.current.timeZone);
    // createChart is this with the library's own time scale: the chart is the same IChartApi.
    const c = createChartEx(el, timeScale, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: cssVar('--text-muted'),
        attributionLogo: false,
      },
      grid: { vertLines: { color: cssVar('--line') }, horzLines: { color: cssVar('--line') } },
      // A price at the very top or bottom would be drawn half outside the chart: shown whole or not at all.
      rightPriceScale: { borderColor: cssVar('--line'), entireTextOnly: true },
      timeScale: {
        borderColor: cssVar('--line'),
        timeVisible: true,
        secondsVisible: false,
        // The library moves a time label in from the right edge only where that edge is fixed;
        // otherwise the newest label, the one a reader looks for, is drawn half under the prices.
        fixRightEdge: true,
        // It measures a label once per shape of text ('09:00' and '10:15' alike) whatever its font,
        // and moves the newest in by that width: an hour drawn bold (0.66 px wider than regular)
        // after a regular label was measured still ran past the edge.
        allowBoldLabels: false,
      },
      crosshair: { mode: 0 },
    }) as IChartApi;
    const up = cssVar('--up');
    const down = cssVar('--down');
    series.current = c.addSeries(CandlestickSeries, {
      upColor: up,
      downColor: down,
      wickUpColor: up,
      wickDownColor: down,
      borderVisible: false,
    });
    chart.current = c;
    scale.current = timeScale;
    const edge = leftEdgeLabels(
      () => chart.current,
      () => currentLabels.current,
    );
    edgeLabels.current = edge;
    const prices = clearOfLastPrice(
      () => chart.current,
      () => series.current,
      () => lastClose.current,
      () => priceFormat.current,
    );
    priceLabels.current = prices;
    // Labels only: the candles stay the server's, on UTC boundaries (chartTimeLabels).
    c.applyOptions({
      localization: {
        timeFormatter: (time: Time) => currentLabels.current.crosshair(time as number),
        tickmarksPriceFormatter: prices.format,
      },
      timeScale: { tickMarkFormatter: edge.format },
    });
    c.timeScale().subscribeVisibleLogicalRangeChange(edge.refresh);
    c.timeScale().subscribeSizeChange(edge.refresh);
    return () => {
      c.timeScale().unsubscribeVisibleLogicalRangeChange(edge.refresh);
      c.timeScale().unsubscribeSizeChange(edge.refresh);
      c.remove();
      chart.current = null;
      series.current = null;
      scale.current = null;
      edgeLabels.current = null;
      priceLabels.current = null;
    };
  }, []);

  useEffect(() => {
    currentLabels.current = timeLabels;
    // Weighed anew with the candles of the new interval, which follow (setData).
    scale.current?.setTimeZone(timeLabels.timeZone);
    edgeLabels.current?.refresh();
  }, [timeLabels]);

  useEffect(() => {
    series.current?.applyOptions({ priceFormat: { type: 'price', precision, minMove: 10 ** -precision } });
    const format = new Intl.NumberFormat(tag, {
      minimumFractionDigits: precision,
      maximumFractionDigits: precision,
    });
    priceFormat.current = (p: number) => format.format(p);
    chart.current?.applyOptions({
      localization: { locale: tag, priceFormatter: priceFormat.current },
    });
  }, [precision, tag]);

  useEffect(() => {
    let first: number | undefined;
    let last: number | undefined;
    // Never a candle of the pair or interval before under this one, drawn in this one's precision:
    // the chart is empty until this one's own arrive (a cached stream gives them at once, below).
    series.current?.setData([]);
    const sub = market.kline$(pair, interval).subscribe({
      error: (err: unknown) => setFailed({ key, ...failedRead(err) }),
      next: (list) => {
        const s = series.current;
        const newest = list[list.length - 1];
        if (!s || !newest) return;
        // Same history, same or next candle: one update. Anything else (first data, a resync that
        // reshaped the history): the whole set.
        if (
          first === list[0]!.t &&
          last !== undefined &&
          newest.t >= last &&
          list.length > 1 &&
          list[list.length - 2]!.t <= last
        ) {
          s.update(toBar(newest));
        } else {
          s.setData(list.map(toBar));
          if (first === undefined) {
            chart.current?.timeScale().scrollToRealTime();
            setShown(key);
          }
        }
        first = list[0]!.t;
        last = newest.t;
        const close = Number(newest.c);
        if (close !== lastClose.current) {
          lastClose.current = close;
          priceLabels.current?.refresh();
        }
      },
    });
    return () => sub.unsubscribe();
  }, [pair, interval, key, attempt]);

  return (
    <div className="chart-frame">
      {/* The canvases say nothing to a screen reader: the chart is one image named for what it
          shows (the loading spinner beside it stays heard). */}
      <div
        ref={host}
        className="chart"
        data-testid="price-chart"
        role="img"
        aria-label={t('marketDetail.chartLabel', {
          pair: name,
          interval: t(`marketDetail.intervals.${interval}`),
        })}
      />
      {shown !== key && (
        <div className={`chart-frame__loading${failure ? ' chart-frame__loading--failed' : ''}`}>
          <Loading failure={failure?.failure} onRetry={retry} />
        </div>
      )}
    </div>
  );
};

export default PriceChart;
