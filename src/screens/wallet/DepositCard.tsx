import { useTranslation } from 'react-i18next';
import type { WalletNetwork } from '../../../protocol/wallet';
import { walletApi } from '../../api/wallet';
import { CopyButton } from '../../components/CopyButton';
import { Loading } from '../../components/LoadFailed';
import { QrCode } from '../../components/QrCode';
import { useRemote } from '../../hooks/useRemote';

/** Where to send a deposit: the address as text and QR code, and the memo where the network needs
 * one. On a network without memos the address is the reader's own, asked for (and taken from the
 * operator's pool) the first time the reader opens it. */
export const DepositCard = ({ net }: { net: WalletNetwork }) => {
  const { t } = useTranslation();
  const known = net.memoRequired || net.depositAddress !== '';
  const own = useRemote(
    () =>
      known
        ? Promise.resolve({ address: net.depositAddress, memo: net.memo })
        : walletApi.depositAddress({ coin: net.coin, network: net.network }),
    `${net.coin} ${net.network} ${net.depositAddress}`,
  );
  const copied = { copied: t('recharge.copied'), failed: t('recharge.copyFailed') };
  const address = known ? net.depositAddress : own.data?.address;
  return (
    <section className="deposit-card">
      {address === undefined ? (
        <Loading failure={own.failure} onRetry={own.retry} />
      ) : (
        <>
          <QrCode value={address} label={t('recharge.qr', { coin: net.coin, network: net.network })} />
          <p className="deposit-card__label">{t('recharge.address')}</p>
          <p className="deposit-card__address" data-testid="deposit-address">
            {address}
          </p>
          <CopyButton text={address} label={t('recharge.copyAddress')} {...copied} />
        </>
      )}
      {net.memoRequired && (
        <div className="deposit-card__memo">
          <p className="deposit-card__label">{t('recharge.memo')}</p>
          <p className="deposit-card__address">{net.memo}</p>
          <CopyButton text={net.memo} label={t('recharge.copyMemo')} {...copied} />
          <p className="wallet-notice wallet-notice--warn">{t('recharge.memoWarning')}</p>
        </div>
      )}
    </section>
  );
};
