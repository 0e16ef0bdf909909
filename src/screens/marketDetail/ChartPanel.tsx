import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERVALS, type Interval, type PairInfo } from '../../../protocol/market';
import { Spinner } from '../../components/Spinner';

// The chart library is loaded only here, in its own chunk.
const PriceChart = lazy(() => import('../../components/PriceChart'));

/** The candlestick chart with its interval tabs. */
export const ChartPanel = ({ pair }: { pair: PairInfo }) => {
  const { t } = useTranslation();
  const [interval, setInterval] = useState<Interval>('15m');
  return (
    <section className="chart-panel">
      <div className="interval-tabs" role="tablist" aria-label={t('marketDetail.interval')}>
        {INTERVALS.map((i) => (
          <button
            key={i}
            type="button"
            role="tab"
            aria-selected={i === interval}
            className={`interval-tabs__tab${i === interval ? ' is-active' : ''}`}
            onClick={() => setInterval(i)}
          >
            {t(`marketDetail.intervals.${i}`)}
          </button>
        ))}
      </div>
      <Suspense
        fallback={
          <div className="chart chart--loading">
            <Spinner />
          </div>
        }
      >
        <PriceChart pair={pair.symbol} interval={interval} precision={pair.pricePrecision} />
      </Suspense>
    </section>
  );
};
