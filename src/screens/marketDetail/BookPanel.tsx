import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderBook } from '../../components/OrderBook';
import { TradeList } from '../../components/TradeList';
import { useDepth, useTrades } from '../../hooks/useMarket';

const Depth = ({ pair }: { pair: string }) => {
  const depth = useDepth(pair);
  return <OrderBook bids={depth?.bids ?? []} asks={depth?.asks ?? []} />;
};

const Trades = ({ pair }: { pair: string }) => <TradeList trades={useTrades(pair)} />;

/** Order book and recent trades, one at a time (only the one shown is streamed). */
export const BookPanel = ({ pair }: { pair: string }) => {
  const { t } = useTranslation();
  const [view, setView] = useState<'depth' | 'trades'>('depth');
  return (
    <section className="card book-panel">
      <div className="segmented segmented--small" role="tablist" aria-label={t('trade.book')}>
        {(['depth', 'trades'] as const).map((v) => (
          <button
            key={v}
            type="button"
            role="tab"
            aria-selected={view === v}
            className={`segmented__item${view === v ? ' is-active' : ''}`}
            onClick={() => setView(v)}
          >
            {t(`marketDetail.${v}`)}
          </button>
        ))}
      </div>
      {view === 'depth' ? <Depth pair={pair} /> : <Trades pair={pair} />}
    </section>
  );
};
