import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { LEDGER_TYPES, type LedgerType } from '../../../protocol/assets';
import { coinSchema } from '../../../protocol/wallet';
import { walletApi } from '../../api/wallet';
import { CoinBadge } from '../../components/CoinBadge';
import { NavBar } from '../../components/NavBar';
import { PagedList } from '../../components/PagedList';
import { formatDecimal } from '../../components/format';
import { useTickers } from '../../hooks/useMarket';
import { usePages } from '../../hooks/usePages';
import { SHOWN_PAGES_PARAM, useShownPages } from '../../hooks/useShownPages';
import { useSetAddressParams } from '../../hooks/useSetAddressParams';
import { useBalances } from '../../hooks/useSpot';
import { MASK, balanceVisibility } from './hideBalances';
import { Fact } from './Fact';
import { JournalRow } from './JournalRow';
import { ZERO_BALANCE, valueBalances } from './valuation';
import { ConnectionBanner } from '../../components/ConnectionBanner';
import { StandaloneOrderDetail } from '../orderList/OrderDetailSheet';

const PAGE = 20;

/** /assets/detail?coin=BTC: one coin's balances and its transaction history. Without a coin
 * (or with one no coin could be named) the wallet is the page meant, and nothing is asked for. */
const AssetDetailScreen = () => {
  const coin = coinSchema.safeParse(useSearchParams()[0].get('coin') ?? '');
  return coin.success ? <CoinDetail coin={coin.data} /> : <Navigate to="/assets" replace />;
};

/** The history's type, kept in the address with how many of its pages are shown (useShownPages):
 * back from a deposit or a withdrawal opened here, the reader finds the history as they left it,
 * filtered and as far down, where it started again from its first page and every type. */
const useHistoryType = () => {
  const asked = useSearchParams()[0].get('type');
  const setParams = useSetAddressParams();
  const type: LedgerType | '' = LEDGER_TYPES.find((k) => k === asked) ?? '';
  const choose = (next: LedgerType | '') => setParams({ type: next || null, [SHOWN_PAGES_PARAM]: null });
  return [type, choose] as const;
};

const CoinDetail = ({ coin }: { coin: string }) => {
  const { t, i18n } = useTranslation();
  const [type, chooseType] = useHistoryType();
  const shownPages = useShownPages();
  const balances = useBalances();
  const tickers = useTickers();
  const { hidden } = useSnapshot(balanceVisibility);
  const held = balances?.find((b) => b.asset === coin);
  // The order an entry of the history was opened on, shown over it.
  const [order, setOrder] = useState<number | undefined>();
  // The journal of this coin, newest first, a page at a time, filtered by type. Every entry moves
  // this coin's balance: when the live balance moves, the pages shown are fetched again.
  const journal = usePages(
    (page, size) => walletApi.financ({ asset: coin, page, size, ...(type ? { type } : {}) }),
    PAGE,
    `${coin}|${type}`,
    `${held?.available}|${held?.frozen}`,
    shownPages.start,
  );
  const lang = i18n.language;

  const [row] = valueBalances(
    [held ?? { asset: coin, available: ZERO_BALANCE, frozen: ZERO_BALANCE }],
    tickers,
  ).rows;
  const show = (v: string) => (hidden ? MASK : formatDecimal(v, lang));
  // Until the balances arrive nothing is known of them: not a balance of 0, which a reader with
  // funds took for an empty account.
  const fact = (v: string) => (balances ? show(v) : '…');

  return (
    <>
      <NavBar title={t('route.assets_detail')} />
      <ConnectionBanner />
      <section className="wallet-detail">
        <h2 className="wallet-detail__coin">
          <CoinBadge coin={coin} /> {coin}
        </h2>
        <dl className="wallet-facts">
          <Fact label={t('wallet.available')} figure={fact(row!.available)} />
          <Fact label={t('wallet.frozen')} figure={fact(row!.frozen)} />
          <Fact label={t('wallet.totalOf')} figure={fact(row!.total)} />
          {row!.valueUsdt !== null && <Fact label={t('wallet.valueUsdt')} figure={show(row!.valueUsdt)} />}
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
            {/* The chosen type as the closed select would show it, but on as many lines as it takes:
                a select's own box cannot wrap, and cut the longer names at 320 px. */}
            <span className="wallet-select__shown" aria-hidden="true">
              {type ? t(type) : t('wallet.allTypes')}
            </span>
            <select value={type} onChange={(e) => chooseType(e.target.value as LedgerType | '')}>
              <option value="">{t('wallet.allTypes')}</option>
              {LEDGER_TYPES.filter((k) => k !== 'app.data.house_funding').map((k) => (
                <option key={k} value={k}>
                  {t(k)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <PagedList
          pages={shownPages.kept(journal)}
          emptyText={t('wallet.noHistory')}
          moreText={t('wallet.more')}
        >
          {(list) => (
            <ul className="records">
              {list.map((e) => (
                <JournalRow key={e.id} entry={e} hidden={hidden} onOpenOrder={setOrder} />
              ))}
            </ul>
          )}
        </PagedList>
      </section>
      {order !== undefined && <StandaloneOrderDetail id={order} onClose={() => setOrder(undefined)} />}
    </>
  );
};

export default AssetDetailScreen;
