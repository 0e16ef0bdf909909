import { useSearchParams } from 'react-router-dom';
import { COIN_PAIR_PARAM, coinPairOf } from '../../../protocol/routes';
import { useTranslation } from 'react-i18next';
import { ConnectionBanner } from '../../components/ConnectionBanner';
import { NavBar } from '../../components/NavBar';
import { TradeList } from '../../components/TradeList';
import { usePairs, useTrades } from '../../hooks/useMarket';
import { useSetAddressParams } from '../../hooks/useSetAddressParams';
import { useTabList } from '../../hooks/useTabList';
import { OrderRecords } from '../orderList/OrderRecords';

const MarketTrades = ({ pair }: { pair: string }) => <TradeList trades={useTrades(pair)} limit={30} />;

/** The reader's deals: every order of theirs that traded, in whole or in part, with its deal
 * price, amount and fills on tap; below them, the market's latest prints for a chosen pair. */
const DealListScreen = () => {
  const { t } = useTranslation();
  const pairs = usePairs();
  // In the address, as every screen's choice is: a reload or Back shows the same pair's prints.
  const [params] = useSearchParams();
  const setParams = useSetAddressParams();
  const symbols = (pairs ?? []).map((p) => p.symbol);
  const asked = coinPairOf(params);
  const pair = symbols.includes(asked) ? asked : (symbols[0] ?? asked);
  const { tab, panel } = useTabList(symbols, pair, (next) => setParams({ [COIN_PAIR_PARAM]: next }));
  return (
    <div className="deal-list">
      <NavBar title={t('route.dealList')} back={false} />
      <ConnectionBanner />
      <section className="card">
        <h2 className="card__title">{t('dealList.yourFills')}</h2>
        <OrderRecords tab="deals" status="all" emptyText={t('dealList.noDeals')} />
      </section>
      <section className="card">
        <h2 className="card__title">{t('dealList.marketTrades')}</h2>
        <div className="chips" role="tablist" aria-label={t('dealList.pair')}>
          {(pairs ?? []).map((p) => (
            <button
              key={p.symbol}
              {...tab(p.symbol)}
              className={`chip${p.symbol === pair ? ' is-active' : ''}`}
            >
              {p.name}
            </button>
          ))}
        </div>
        <div {...panel}>
          <MarketTrades pair={pair} />
        </div>
      </section>
    </div>
  );
};

export default DealListScreen;
