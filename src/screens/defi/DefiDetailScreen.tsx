import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { defiApi } from '../../api/defi';
import { NavBar } from '../../components/NavBar';
import { LoadingRecord, NOT_FOUND, recordOf } from '../../components/LoadFailed';
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
  // A product read again after a refusal may be gone (closed by an operator): said so, with no form.
  const shown = product.failure === NOT_FOUND ? undefined : product.data;
  const closed = shown && closedReason(shown);
  return (
    <>
      <NavBar title={t('route.defi_detail')} />
      {!shown && (
        <LoadingRecord
          failure={product.failure}
          onRetry={product.retry}
          list={{ to: '/defi', label: t('defi.all') }}
        />
      )}
      {shown && (
        <>
          <ProductCard product={shown} action={false} />
          {closed ? (
            <p className="defi-card__closed">{t(closed)}</p>
          ) : (
            <PledgeForm product={shown} onTermsMoved={product.retry} />
          )}
        </>
      )}
    </>
  );
};

export default DefiDetailScreen;
