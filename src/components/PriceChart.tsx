import {
  CandlestickSeries,
  ColorType,
  TickMarkType,
  createChart,
  type CandlestickData,
  type IChartApi,
  type ISeriesApi,
  type TickMarkFormatter,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Interval, Kline } from '../../protocol';
import { DEFAULT_LOCALE, LOCALE_TAGS, isLocale } from '../../protocol/locales';
import { market } from '../app/streams';

const cssVar = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

// The chart library draws with numbers; these are display values only, never computed with.
const toBar = (k: Kline): CandlestickData<UTCTimestamp> => ({
  time: (k.t / 1000) as UTCTimestamp,
  open: Number(k.o),
  high: Number(k.h),
  low: Number(k.l),
  close: Number(k.c),
});

// The library's own time labels (its default formatter's fields; it shows UTC), here only to be
// measured: what it draws is still its own text.
const LABEL_FIELDS: Record<TickMarkType, Intl.DateTimeFormatOptions> = {
  [TickMarkType.Year]: { year: 'numeric' },
  [TickMarkType.Month]: { month: 'short' },
  [TickMarkType.DayOfMonth]: { day: 'numeric' },
  [TickMarkType.Time]: { hour12: false, hour: '2-digit', minute: '2-digit' },
  [TickMarkType.TimeWithSeconds]: { hour12: false, hour: '2-digit', minute: '2-digit', second: '2-digit' },
};
// The library's default label font (layout.fontSize, layout.fontFamily).
const LABEL_FONT = `12px -apple-system, BlinkMacSystemFont, 'Trebuchet MS', Roboto, Ubuntu, sans-serif`;

/**
 * Time labels that would be drawn cut at the chart's left edge are left out. The library moves a
 * label in from an edge only where that edge is fixed, and this chart scrolls back through its
 * history, so a label whose time sits near the left edge was drawn centred on it, half outside:
 * the 25th read "5". Labels are formatted once and kept, so the chart asks again (`refresh`)
 * whenever what it shows moves.
 */
const leftEdgeLabels = (chart: () => IChartApi | null) => {
  const measure = document.createElement('canvas').getContext('2d');
  if (measure) measure.font = LABEL_FONT;
  const formats = new Map<string, Intl.DateTimeFormat>();
  const format: TickMarkFormatter = (time, type, locale) => {
    const x = chart()?.timeScale().timeToCoordinate(time);
    if (x === null || x === undefined || !measure) return null;
    const key = `${locale}|${type}`;
    let f = formats.get(key);
    if (!f)
      formats.set(key, (f = new Intl.DateTimeFormat(locale, { ...LABEL_FIELDS[type], timeZone: 'UTC' })));
    const width = measure.measureText(f.format((time as number) * 1000)).width;
    return x - width / 2 < 0 ? '' : null;
  };
  return {
    format,
    refresh: () => chart()?.applyOptions({ timeScale: { tickMarkFormatter: format } }),
  };
};

/**
 * The candlestick chart (its own chunk: lightweight-charts loads only where a chart is shown). The
 * chart is created once; a new pair or interval replaces its data with `setData`, and each live
 * candle after that goes through `series.update`, straight from the stream, without React.
 */
const PriceChart = ({
  pair,
  interval,
  precision,
}: {
  pair: string;
  interval: Interval;
  precision: number;
}) => {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const { i18n } = useTranslation();
  const tag = LOCALE_TAGS[isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE];

  useEffect(() => {
    const el = host.current!;
    const c = createChart(el, {
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
    });
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
    const labels = leftEdgeLabels(() => chart.current);
    c.applyOptions({ timeScale: { tickMarkFormatter: labels.format } });
    c.timeScale().subscribeVisibleLogicalRangeChange(labels.refresh);
    c.timeScale().subscribeSizeChange(labels.refresh);
    return () => {
      c.timeScale().unsubscribeVisibleLogicalRangeChange(labels.refresh);
      c.timeScale().unsubscribeSizeChange(labels.refresh);
      c.remove();
      chart.current = null;
      series.current = null;
    };
  }, []);

  useEffect(() => {
    series.current?.applyOptions({ priceFormat: { type: 'price', precision, minMove: 10 ** -precision } });
    const format = new Intl.NumberFormat(tag, {
      minimumFractionDigits: precision,
      maximumFractionDigits: precision,
    });
    chart.current?.applyOptions({
      localization: { locale: tag, priceFormatter: (p: number) => format.format(p) },
    });
  }, [precision, tag]);

  useEffect(() => {
    let first: number | undefined;
    let last: number | undefined;
    const sub = market.kline$(pair, interval).subscribe((list) => {
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
        if (first === undefined) chart.current?.timeScale().scrollToRealTime();
      }
      first = list[0]!.t;
      last = newest.t;
    });
    return () => sub.unsubscribe();
  }, [pair, interval]);

  return <div ref={host} className="chart" data-testid="price-chart" />;
};

export default PriceChart;
