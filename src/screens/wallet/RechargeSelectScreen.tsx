import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CoinBadge } from '../../components/CoinBadge';
import { ChevronIcon } from '../../components/icons';
import { NavBar } from '../../components/NavBar';
import { Loading } from '../../components/LoadFailed';
import { coinsOf, networksOf } from './networks';
import { useNetworks } from './useNetworks';
import { EmptyText } from '../../components/EmptyText';

/** /recharge/select: the coin to deposit, with a search. */
const RechargeSelectScreen = () => {
  const { t } = useTranslation();
  const { nets, failure, reload } = useNetworks();
  const [query, setQuery] = useState('');
  // NFKC: a Japanese or Chinese keyboard often writes Latin letters full-width ('ＵＳＤＴ').
  const wanted = query.normalize('NFKC').trim().toUpperCase();
  const coins = nets ? coinsOf(nets, 'deposit').filter((c) => c.includes(wanted)) : [];
  return (
    <>
      <NavBar title={t('route.recharge_select')} />
      <div className="wallet-search field__control">
        <input
          className="field__input"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('recharge.search')}
          aria-label={t('recharge.search')}
        />
      </div>
      {!nets ? (
        <Loading failure={failure} onRetry={reload} />
      ) : coins.length === 0 ? (
        <EmptyText>{t('recharge.noCoin')}</EmptyText>
      ) : (
        <ul className="list">
          {coins.map((c) => (
            <li key={c}>
              <Link className="list__row wallet-pick" to={`/recharge?coin=${c}`}>
                <CoinBadge coin={c} />
                <span className="wallet-pick__name">{c}</span>
                <span className="wallet-pick__networks">
                  {networksOf(nets, c, 'deposit')
                    .map((n) => n.network)
                    .join(' · ')}
                </span>
                <ChevronIcon />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
};

export default RechargeSelectScreen;
