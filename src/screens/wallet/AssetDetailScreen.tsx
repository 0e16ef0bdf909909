import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { LEDGER_TYPES, type JournalEntry, type LedgerType } from '../../../protocol/assets';
import { walletApi } from '../../api/wallet';
import { CoinBadge } from '../../components/CoinBadge';
import { NavBar } from '../../components/NavBar';
import { Spinner } from '../../components/Spinner';
import { formatDecimal } from '../../components/format';
import { useTickers } from '../../hooks/useMarket';
import { useBalances } from '../../hooks/useSpot';
import { useDateFormat } from '../authentication/status';
import { MASK, balanceVisibility } from './hideBalances';
import { valueBalances } from './valuation';

const PAGE = 20;

/** The journal of one coin, newest first, a page at a time, filtered by type. */
const useJournal = (asset: string, type: LedgerType | '') => {
  const [state, setState] = useState<{ list: JournalEntry[]; total: number; page: number; loading: boolean }>(
    {
      list: [],
      total: 0,
      page: 0,
      loading: true,
    },
  );
  // A new filter starts again from its first page.
  const filter = `${asset}|${type}`;
  const [paging, setPaging] = useState({ filter, page: 1 });
  const page = paging.filter === filter ? paging.page : 1;
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    walletApi.financ({ asset, page, size: PAGE, ...(type ? { type } : {}) }).then(
      (p) =>
        live &&
        setState((s) => ({
          list: page === 1 ? p.list : [...s.list, ...p.list],
          total: p.total,
          page,
          loading: false,
        })),
      () => live && setState((s) => ({ ...s, loading: false })),
    );
    return () => {
      live = false;
    };
  }, [asset, type, page]);
  return { ...state, more: () => setPaging({ filter, page: state.page + 1 }) };
};

const signed = (v: string, lang: string) => (v.startsWith('-') ? '' : '+') + formatDecimal(v, lang);

/** /assets/detail?coin=BTC: one coin's balances and its transaction history. */
const AssetDetailScreen = () => {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const coin = (params.get('coin') ?? '').toUpperCase();
  const [type, setType] = useState<LedgerType | ''>('');
  const balances = useBalances();
  const tickers = useTickers();
  const { hidden } = useSnapshot(balanceVisibility);
  const journal = useJournal(coin, type);
  const format = useDateFormat(true);
  const lang = i18n.language;
  if (!/^[A-Z0-9]{2,10}$/.test(coin)) return <Navigate to="/assets" replace />;

  const held = balances?.find((b) => b.asset === coin) ?? { asset: coin, available: '0', frozen: '0' };
  const [row] = valueBalances([held], tickers).rows;
  const show = (v: string) => (hidden ? MASK : formatDecimal(v, lang));

  return (
    <>
      <NavBar title={t('route.assets_detail')} />
      <section className="wallet-detail">
        <h2 className="wallet-detail__coin">
          <CoinBadge coin={coin} /> {coin}
        </h2>
        <dl className="wallet-facts">
          <div>
            <dt>{t('wallet.available')}</dt>
            <dd>{show(row!.available)}</dd>
          </div>
          <div>
            <dt>{t('wallet.frozen')}</dt>
            <dd>{show(row!.frozen)}</dd>
          </div>
          <div>
            <dt>{t('wallet.totalOf')}</dt>
            <dd>{show(row!.total)}</dd>
          </div>
          {row!.valueUsdt !== null && (
            <div>
              <dt>{t('wallet.valueUsdt')}</dt>
              <dd>{show(row!.valueUsdt)}</dd>
            </div>
          )}
        </dl>
        <div className="wallet-detail__actions">
          <Link className="btn btn--primary" to={`/recharge?coin=${coin}`}>
            {t('wallet.deposit')}
          </Link>
          <Link className="btn" to={`/withdraw?coin=${coin}`}>
            {t('wallet.withdraw')}
          </Link>
        </div>
      </section>
      <section className="wallet-journal">
        <div className="wallet-journal__head">
          <h2 className="wallet-journal__title">{t('wallet.history')}</h2>
          <label className="wallet-select">
            <span className="visually-hidden">{t('wallet.type')}</span>
            <select value={type} onChange={(e) => setType(e.target.value as LedgerType | '')}>
              <option value="">{t('wallet.allTypes')}</option>
              {LEDGER_TYPES.filter((k) => k !== 'app.data.house_funding').map((k) => (
                <option key={k} value={k}>
                  {t(k)}
                </option>
              ))}
            </select>
          </label>
        </div>
        {journal.list.length === 0 ? (
          journal.loading ? (
            <Spinner />
          ) : (
            <p className="empty-state__text">{t('wallet.noHistory')}</p>
          )
        ) : (
          <ul className="records">
            {journal.list.map((e) => (
              <li key={e.id} className="record">
                <div className="record__row">
                  <span className="record__title">{t(e.type)}</span>
                  <span
                    className={`record__amount ${e.availableChange.startsWith('-') ? 'is-down' : 'is-up'}`}
                  >
                    {hidden
                      ? MASK
                      : signed(e.availableChange === '0.00000000' ? e.frozenChange : e.availableChange, lang)}
                  </span>
                </div>
                <div className="record__row record__meta">
                  <time dateTime={new Date(e.createdAt).toISOString()}>{format.format(e.createdAt)}</time>
                  <span>
                    {t('wallet.after')} {show(e.availableAfter)}
                    {e.frozenAfter !== '0.00000000' && ` · ${t('wallet.frozen')} ${show(e.frozenAfter)}`}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
        {journal.list.length < journal.total && (
          <button type="button" className="btn btn--block" onClick={journal.more} disabled={journal.loading}>
            {t('wallet.more')}
          </button>
        )}
      </section>
    </>
  );
};

export default AssetDetailScreen;
