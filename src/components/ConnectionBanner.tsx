import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useConnection } from '../hooks/useMarket';
import { networkState } from '../state/network';
import { isSocketDown } from '../../streams/transport';

/** Shown while the socket is down. Prices and balances keep coming by polling, a little less often,
 * as long as the server answers; when it does not either (no network, the server restarting) the
 * banner says that what the screen shows may be out of date. The service thread's speaks of its
 * messages, which come the same way. */
export const ConnectionBanner = ({ of = 'prices' }: { of?: 'prices' | 'messages' }) => {
  const { t } = useTranslation();
  const state = useConnection();
  const { serverAnswers } = useSnapshot(networkState);
  if (!isSocketDown(state)) return null;
  return (
    <div
      className={`connection-banner${serverAnswers ? '' : ' connection-banner--lost'}`}
      role="status"
      data-testid="connection-banner"
    >
      <span className="connection-banner__dot" aria-hidden="true" />
      <span>
        <strong>{t('connection.reconnecting')}</strong>{' '}
        {of === 'messages'
          ? t(serverAnswers ? 'connection.messagesPolling' : 'connection.messagesLost')
          : t(serverAnswers ? 'connection.polling' : 'connection.lost')}
      </span>
    </div>
  );
};
