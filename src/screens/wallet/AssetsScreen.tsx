import type { CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { CoinBadge } from '../../components/CoinBadge';
import { DepositIcon, WithdrawIcon } from '../../components/icons';
import { NavBar } from '../../components/NavBar';
import { Spinner } from '../../components/Spinner';
import { formatDecimal } from '../../components/format';
import { useTickers } from '../../hooks/useMarket';
import { useBalances } from '../../hooks/useSpot';
import { MASK, balanceVisibility, toggleBalances } from './hideBalances';
import { coinsOf } from './networks';
import { useNetworks } from './useNetworks';
import { ZERO_BALANCE, valueBalances } from './valuation';
import { ConnectionBanner } from '../../components/ConnectionBanner';

/** The eye of the hide-balances toggle. */
const EyeIcon = ({ closed }: { closed: boolean }) => (
  <svg
    viewBox="0 0 24 24"
    width="20"
    height="20"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    aria-hidden="true"
  >
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
    {closed && <path d="M4 4l16 16" />}
  </svg>
);

/** /assets: everything I hold, valued in USDT at the live prices; per coin available, frozen and
 * total; deposit, withdraw and the records one tap away. */
const AssetsScreen = () => {
  const { t, i18n } = useTranslation();
  const balances = useBalances();
  const tickers = useTickers();
  const { nets } = useNetworks();
  const { hidden } = useSnapshot(balanceVisibility);
  const lang = i18n.language;
  const show = (value: string) => (hidden ? MASK : formatDecimal(value, lang));

  // Every listed coin shows, held or not, so a first deposit starts from here.
  const held = balances ?? [];
  const listed = nets ? coinsOf(nets, 'deposit') : [];
  const all = [
    ...held,
    ...listed
      .filter((c) => !held.some((b) => b.asset === c))
      // Written as the server writes an empty balance, so held and unheld coins read alike.
      .map((c) => ({ asset: c, available: ZERO_BALANCE, frozen: ZERO_BALANCE })),
  ];
  const { rows, totalUsdt } = valueBalances(all, tickers);
  const total = balances ? show(totalUsdt) : '…';

  return (
    <>
      <NavBar
        title={t('route.assets')}
        back={false}
        actions={
          <button
            type="button"
            className="icon-btn"
            onClick={toggleBalances}
            aria-pressed={hidden}
            aria-label={t(hidden ? 'wallet.showBalances' : 'wallet.hideBalances')}
          >
            <EyeIcon closed={hidden} />
          </button>
        }
      />
      <ConnectionBanner />
      {/* Not a live region: the total moves with every price, several times a second, and would be
          read out without end. */}
      <section className="wallet-total">
        <p className="wallet-total__label">{t('wallet.total')}</p>
        <p className="wallet-total__value" data-testid="wallet-total">
          <span className="wallet-total__figure" style={{ '--chars': total.length } as CSSProperties}>
            {total}
          </span>{' '}
          <span className="wallet-total__unit">USDT</span>
        </p>
        <div className="wallet-actions">
          <Link className="wallet-action" to="/recharge/select">
            <DepositIcon />
            <span>{t('wallet.deposit')}</span>
          </Link>
          <Link className="wallet-action" to="/withdraw">
            <WithdrawIcon />
            <span>{t('wallet.withdraw')}</span>
          </Link>
        </div>
        <nav className="wallet-links" aria-label={t('wallet.records')}>
          <Link to="/recharge/record">{t('route.recharge_record')}</Link>
          <Link to="/withdraw/record">{t('route.withdraw_record')}</Link>
          <Link to="/withdrawAddress">{t('route.withdrawAddress')}</Link>
        </nav>
      </section>
      {!balances ? (
        <Spinner />
      ) : (
        <ul className="wallet-coins" aria-label={t('wallet.coins')}>
          {rows.map((b) => (
            <li key={b.asset}>
              <Link
                className="wallet-coin"
                data-testid={`coin-${b.asset}`}
                to={`/assets/detail?coin=${encodeURIComponent(b.asset)}`}
              >
                <div className="wallet-coin__head">
                  <CoinBadge coin={b.asset} />
                  <span className="wallet-coin__name">{b.asset}</span>
                  <span className="wallet-coin__value">
                    {b.valueUsdt === null ? '' : `≈ ${show(b.valueUsdt)} USDT`}
                  </span>
                </div>
                <dl
                  className="wallet-coin__figures"
                  style={
                    {
                      '--figure-chars': Math.max(
                        ...[b.available, b.frozen, b.total].map((v) => show(v).length),
                      ),
                    } as CSSProperties
                  }
                >
                  <div>
                    <dt>{t('wallet.available')}</dt>
                    <dd>{show(b.available)}</dd>
                  </div>
                  <div>
                    <dt>{t('wallet.frozen')}</dt>
                    <dd>{show(b.frozen)}</dd>
                  </div>
                  <div>
                    <dt>{t('wallet.totalOf')}</dt>
                    <dd>{show(b.total)}</dd>
                  </div>
                </dl>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
};

export default AssetsScreen;
