import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import type { WithdrawAddress } from '../../../protocol/wallet';
import { walletApi } from '../../api/wallet';
import { catchSecondTap } from '../../app/secondTap';
import { PlusIcon } from '../../components/icons';
import { NavBar } from '../../components/NavBar';
import { Loading } from '../../components/LoadFailed';
import { showToast } from '../../state/ui';
import { Memo } from './Memo';
import { useRecords } from './useRecords';

const never = () => false;

/** One saved address; deleting asks once more on the same button. */
const AddressRow = ({ a, onDeleted }: { a: WithdrawAddress; onDeleted: () => void }) => {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const remove = () => {
    if (!confirming) {
      // The button now asks to confirm: a double tap must not answer its own question.
      catchSecondTap(() => true);
      return setConfirming(true);
    }
    walletApi.deleteAddress(a.id).then(
      () => {
        showToast(t('address.deleted'));
        onDeleted();
      },
      () => setConfirming(false),
    );
  };
  return (
    <li className="record" data-testid="address-row">
      <div className="record__row">
        <span className="record__title">
          {a.coin} <span className="record__network">{a.network}</span>
        </span>
        <button
          type="button"
          className={`btn btn--small${confirming ? ' btn--danger' : ''}`}
          onClick={remove}
        >
          {t(confirming ? 'address.confirmDelete' : 'address.delete')}
        </button>
      </div>
      <p className="record__hash">{a.address}</p>
      {a.memo && <Memo memo={a.memo} className="record__meta" />}
      {a.remark && <p className="record__meta">{a.remark}</p>}
    </li>
  );
};

/** /withdrawAddress: my withdrawal address book. Opened from a withdrawal (`?coin=&network=`), an
 * address added from it starts on that coin and network. */
const WithdrawAddressScreen = () => {
  const { t } = useTranslation();
  const { list, failure, refresh } = useRecords(walletApi.addresses, never);
  const add = `/withdrawAddress/add${useLocation().search}`;
  return (
    <>
      <NavBar
        title={t('route.withdrawAddress')}
        actions={
          // An icon: the words (Adresse hinzufügen) left the title no room; they are on the button below.
          <Link className="icon-btn wallet-navicon" to={add} aria-label={t('address.add')}>
            <PlusIcon />
          </Link>
        }
      />
      {!list ? (
        <Loading failure={failure} onRetry={refresh} />
      ) : list.length === 0 ? (
        <section className="empty-state">
          <p className="empty-state__text">{t('address.empty')}</p>
        </section>
      ) : (
        <ul className="records" aria-label={t('route.withdrawAddress')}>
          {list.map((a) => (
            <AddressRow key={a.id} a={a} onDeleted={refresh} />
          ))}
        </ul>
      )}
      <div className="wallet-form">
        <Link className="btn btn--primary btn--block" to={add}>
          {t('address.add')}
        </Link>
      </div>
    </>
  );
};

export default WithdrawAddressScreen;
