import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { coinPairOf, coinPairPath } from '../../../protocol/routes';
import { ConnectionBanner } from '../../components/ConnectionBanner';
import { NavBar } from '../../components/NavBar';
import { Spinner } from '../../components/Spinner';
import { StarButton } from '../../components/StarButton';
import { usePairs } from '../../hooks/useMarket';
import { toggleFavourite, useFavourites } from '../market/favourites';
import { BookPanel } from './BookPanel';
import { ChartPanel } from './ChartPanel';
import { MarketStats } from './MarketStats';

/** One pair: live figures, the chart, the book and trades, and the way to trade it. */
const MarketDetailScreen = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const symbol = coinPairOf(params);
  const pairs = usePairs();
  const favourites = useFavourites();
  const pair = pairs?.find((p) => p.symbol === symbol);

  if (!pairs) return <Spinner />;
  if (!pair) {
    return (
      <>
        <NavBar title={t('route.marketDetail')} />
        <section className="empty-state">
          <p className="empty-state__text">{t('app.msg.currency_not_exist')}</p>
          <Link className="btn btn--primary" to="/market">
            {t('marketDetail.allMarkets')}
          </Link>
        </section>
      </>
    );
  }
  const trade = (direction: 'buy' | 'sell') => coinPairPath('/trade', pair.symbol, direction);
  return (
    <div className="market-detail">
      <NavBar
        title={pair.name}
        actions={
          <StarButton
            on={favourites.includes(pair.symbol)}
            onToggle={() => toggleFavourite(pair.symbol)}
            name={pair.name}
          />
        }
      />
      <ConnectionBanner />
      <MarketStats pair={pair} />
      <ChartPanel pair={pair} />
      <BookPanel pair={pair.symbol} />
      <div className="trade-bar">
        <Link className="btn btn--up" to={trade('buy')}>
          {t('marketDetail.buy', { coin: pair.base })}
        </Link>
        <Link className="btn btn--down" to={trade('sell')}>
          {t('marketDetail.sell', { coin: pair.base })}
        </Link>
      </div>
    </div>
  );
};

export default MarketDetailScreen;
