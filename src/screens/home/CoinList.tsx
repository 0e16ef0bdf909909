import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CoinPair } from '../../../protocol';
import { CoinBadge } from '../../components/CoinBadge';

/** The listed pairs; each opens its market detail. Live prices join this list with the market feed. */
export const CoinList = ({ pairs }: { pairs: readonly CoinPair[] }) => {
  const { t } = useTranslation();
  return (
    <section className="card">
      <h2 className="card__title">{t('home.markets')}</h2>
      <ul className="coin-list">
        {pairs.map((p) => (
          <li key={p.name}>
            <Link
              className="coin-list__row"
              to={`/marketDetail?pair=${(p.tradecoin + p.settlecoin).toLowerCase()}`}
            >
              <CoinBadge coin={p.tradecoin} />
              <span className="coin-list__name">
                <strong>{p.tradecoin}</strong>
                <span className="muted">/{p.settlecoin}</span>
              </span>
              <span className="coin-list__action">{t('home.viewMarket')}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
};
