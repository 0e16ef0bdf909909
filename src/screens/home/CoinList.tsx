import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CoinPair } from '../../../protocol';
import { pairSymbol } from '../../../protocol/market';
import { coinPairPath } from '../../../protocol/routes';
import { ChangeBadge } from '../../components/ChangeBadge';
import { CoinBadge } from '../../components/CoinBadge';
import { PairName } from '../../components/PairName';
import { PriceFlash } from '../../components/PriceFlash';
import { formatDecimal } from '../../components/format';
import { useTicker } from '../../hooks/useMarket';

const CoinRow = ({ pair }: { pair: CoinPair }) => {
  const { i18n } = useTranslation();
  const symbol = pairSymbol(pair.tradecoin, pair.settlecoin);
  const ticker = useTicker(symbol);
  return (
    <li>
      <Link className="coin-list__row" to={coinPairPath('/marketDetail', symbol)}>
        <CoinBadge coin={pair.tradecoin} />
        <PairName className="coin-list__name" base={pair.tradecoin} quote={pair.settlecoin} />
        <PriceFlash
          className="coin-list__price"
          value={ticker?.last}
          text={ticker ? formatDecimal(ticker.last, i18n.language) : '—'}
        />
        <ChangeBadge changePercent={ticker?.changePercent} />
      </Link>
    </li>
  );
};

/** The listed pairs with their live price and 24h change; each opens its market detail. */
export const CoinList = ({ pairs }: { pairs: readonly CoinPair[] }) => {
  const { t } = useTranslation();
  return (
    <section className="card">
      <h2 className="card__title">{t('home.markets')}</h2>
      <ul className="coin-list">
        {pairs.map((p) => (
          <CoinRow key={p.name} pair={p} />
        ))}
      </ul>
    </section>
  );
};
