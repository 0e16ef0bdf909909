import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderBook } from '../../components/OrderBook';
import { TradeList } from '../../components/TradeList';
import { useDepth, useTrades } from '../../hooks/useMarket';
import { useTabList } from '../../hooks/useTabList';

type View = 'depth' | 'trades';
const VIEWS: readonly View[] = ['depth', 'trades'];

const Depth = ({ pair }: { pair: string }) => <OrderBook book={useDepth(pair)} />;

const Trades = ({ pair }: { pair: string }) => <TradeList trades={useTrades(pair)} />;

/** Order book and recent trades, one at a time (only the one shown is streamed). */
export const BookPanel = ({ pair }: { pair: string }) => {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('depth');
  const { tab, panel } = useTabList(VIEWS, view, setView);
  return (
    <section className="card book-panel">
      <div className="segmented segmented--small" role="tablist" aria-label={t('trade.book')}>
        {VIEWS.map((v) => (
          <button key={v} {...tab(v)} className={`segmented__item${view === v ? ' is-active' : ''}`}>
            {t(`marketDetail.${v}`)}
          </button>
        ))}
      </div>
      <div {...panel}>{view === 'depth' ? <Depth pair={pair} /> : <Trades pair={pair} />}</div>
    </section>
  );
};
