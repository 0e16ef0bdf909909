import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { defiApi } from '../../api/defi';
import { NavBar } from '../../components/NavBar';
import { Loading } from '../../components/LoadFailed';
import { useRemote } from '../../hooks/useRemote';
import { EarningsSummary } from './EarningsSummary';
import { ProductCard } from './ProductCard';
import { EmptyText } from '../../components/EmptyText';
import { usePledgePushes } from './usePledgePushes';

/** /defi: my staking income at a glance, and the products on offer. */
const DefiScreen = () => {
  const { t } = useTranslation();
  // Read again on a push that a pledge changed: the income released, the quota and purchases taken.
  const version = String(usePledgePushes());
  const products = useRemote(defiApi.products, version);
  const earnings = useRemote(defiApi.earnings, version);
  // The products wait for the income above them to be settled once: drawn first, the whole list
  // was pushed down when the income came (a layout shift of 0.1 on a phone, Lighthouse's limit).
  // Once shown they stay, through a retry of the income too.
  const incomeSettled = useRef(false);
  incomeSettled.current ||= earnings.data !== undefined || earnings.failure !== undefined;
  const shown = incomeSettled.current ? products.data : undefined;
  return (
    <>
      <NavBar title={t('route.defi')} />
      <section className="defi-overview card">
        <h2 className="defi-overview__title">{t('defi.myEarnings')}</h2>
        {earnings.data ? (
          <EarningsSummary earnings={earnings.data} />
        ) : (
          <Loading failure={earnings.failure} onRetry={earnings.retry} />
        )}
        <nav className="defi-overview__links">
          <Link className="btn btn--small" to="/defi/pledgeRecord">
            {t('route.defi_pledgeRecord')}
          </Link>
          <Link className="btn btn--small" to="/defi/incomeRecord">
            {t('route.defi_incomeRecord')}
          </Link>
        </nav>
      </section>
      <p className="defi-note">{t('defi.howItWorks')}</p>
      {!shown && <Loading failure={products.failure} onRetry={products.retry} />}
      {shown?.length === 0 && <EmptyText>{t('defi.noProducts')}</EmptyText>}
      <div className="defi-list">
        {shown?.map((p) => (
          <ProductCard key={p.id} product={p} />
        ))}
      </div>
    </>
  );
};

export default DefiScreen;
