import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { defiApi } from '../../api/defi';
import { NavBar } from '../../components/NavBar';
import { LoadingRecord, recordOf } from '../../components/LoadFailed';
import { useRemote } from '../../hooks/useRemote';
import { closedReason } from './availability';
import { PledgeForm } from './PledgeForm';
import { ProductCard } from './ProductCard';
import { idParam } from '../../app/idParam';
import { usePledgePushes } from './usePledgePushes';

/** /defi/detail?id=: one product's terms, and a pledge with its projected income before confirming,
 * or why the reader can pledge it no more. */
const DefiDetailScreen = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  // Read again on a push that a pledge changed: the quota left and the purchases taken move with it.
  const version = usePledgePushes();
  const product = useRemote(() => recordOf(id, defiApi.detail), `${id}:${version}`);
  const closed = product.data && closedReason(product.data);
  return (
    <>
      <NavBar title={t('route.defi_detail')} />
      {!product.data && <LoadingRecord failure={product.failure} onRetry={product.retry} />}
      {product.data && (
        <>
          <ProductCard product={product.data} action={false} />
          {closed ? <p className="defi-card__closed">{t(closed)}</p> : <PledgeForm product={product.data} />}
        </>
      )}
    </>
  );
};

export default DefiDetailScreen;
