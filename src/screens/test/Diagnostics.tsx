import { useTranslation } from 'react-i18next';
import { version } from '../../../package.json';
import { useConnection, useReconnects, useServerOffset } from '../../hooks/useMarket';

/** What the live connection is doing: socket state, reconnects, the server clock offset measured
 * over the socket, and what this app is (version, locale). */
export const Diagnostics = () => {
  const { t, i18n } = useTranslation();
  const state = useConnection();
  const reconnects = useReconnects();
  const offset = useServerOffset();
  return (
    <section className="card">
      <h2 className="card__title">{t('test.live')}</h2>
      <dl className="facts">
        <dt>{t('test.socket')}</dt>
        <dd data-testid="socket-state" className={state === 'open' ? 'text-up' : 'text-down'}>
          {t(`connection.state.${state}`)}
        </dd>
        <dt>{t('test.reconnects')}</dt>
        <dd>{reconnects}</dd>
        <dt>{t('test.serverOffset')}</dt>
        <dd>{t('test.ms', { value: offset })}</dd>
        <dt>{t('test.version')}</dt>
        <dd>{version}</dd>
        <dt>{t('test.locale')}</dt>
        <dd>{i18n.language}</dd>
      </dl>
    </section>
  );
};
