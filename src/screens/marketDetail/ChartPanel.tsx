import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { INTERVALS, type Interval, type PairInfo } from '../../../protocol/market';
import { Spinner } from '../../components/Spinner';
import { useAfterPaint } from '../../hooks/useAfterPaint';
import { useTabList } from '../../hooks/useTabList';
import { chartState } from '../../state/chart';

// The chart library is loaded only here, in its own chunk, once the rest of the screen is on
// screen: building the chart is the heaviest work of the screen and would delay its first paint.
const PriceChart = lazy(() => import('../../components/PriceChart'));

const ChartLoading = () => (
  <div className="chart chart--loading">
    <Spinner />
  </div>
);

/** The candlestick chart with its interval tabs. */
export const ChartPanel = ({ pair }: { pair: PairInfo }) => {
  const { t } = useTranslation();
  const { interval } = useSnapshot(chartState);
  const painted = useAfterPaint();
  const { tab, panel } = useTabList(INTERVALS, interval, (chosen: Interval) => {
    chartState.interval = chosen;
  });
  return (
    <section className="chart-panel">
      <div className="interval-tabs" role="tablist" aria-label={t('marketDetail.interval')}>
        {INTERVALS.map((i) => (
          <button key={i} {...tab(i)} className={`interval-tabs__tab${i === interval ? ' is-active' : ''}`}>
            {t(`marketDetail.intervals.${i}`)}
          </button>
        ))}
      </div>
      <div {...panel}>
        {painted ? (
          <Suspense fallback={<ChartLoading />}>
            <PriceChart
              pair={pair.symbol}
              name={pair.name}
              interval={interval}
              precision={pair.pricePrecision}
            />
          </Suspense>
        ) : (
          <ChartLoading />
        )}
      </div>
    </section>
  );
};
