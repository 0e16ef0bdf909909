import { useTranslation } from 'react-i18next';
import type { WalletNetwork } from '../../../protocol/wallet';
import { Segmented } from '../../components/Segmented';

/** The network of a coin, as a row of segments (one segment when the coin has one network). */
export const NetworkPicker = ({
  networks,
  value,
  onChange,
}: {
  networks: readonly WalletNetwork[];
  value: string;
  onChange: (network: string) => void;
}) => {
  const { t } = useTranslation();
  return (
    <Segmented
      label={t('wallet.network')}
      options={networks.map((n) => ({ value: n.network as string, label: n.network }))}
      value={value}
      onChange={onChange}
    />
  );
};
