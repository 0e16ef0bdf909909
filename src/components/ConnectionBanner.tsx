import { useTranslation } from 'react-i18next';
import { useConnection } from '../hooks/useMarket';

/** Shown while the socket is down: prices keep coming by polling, a little less often. */
export const ConnectionBanner = () => {
  const { t } = useTranslation();
  const state = useConnection();
  if (state !== 'reconnecting' && state !== 'closed') return null;
  return (
    <div className="connection-banner" role="status" data-testid="connection-banner">
      <span className="connection-banner__dot" aria-hidden="true" />
      <span>
        <strong>{t('connection.reconnecting')}</strong> {t('connection.polling')}
      </span>
    </div>
  );
};
