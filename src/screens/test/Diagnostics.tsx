import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { version } from '../../../package.json';
import { LOCALE_NAMES, type Locale } from '../../../protocol/locales';
import { TICKERS_CHANNEL } from '../../../protocol/ws';
import { transport } from '../../app/streams';
import { useConnection, useReconnects, useMeasuredServerOffset } from '../../hooks/useMarket';

/** What the live connection is doing: socket state, reconnects, the server clock offset measured
 * over the socket, and what this app is (version, locale). */
export const Diagnostics = () => {
  const { t, i18n } = useTranslation();
  // The socket opens only for a watched channel, and nothing here shows live data: without a channel
  // of its own this screen would report a connection that was never made. Tickers are public and
  // what every price screen watches anyway.
  useEffect(() => {
    const held = transport.channel$(TICKERS_CHANNEL).subscribe();
    return () => held.unsubscribe();
  }, []);
  const state = useConnection();
  const reconnects = useReconnects();
  const offset = useMeasuredServerOffset();
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
        <dd>{offset === undefined ? '—' : t('test.ms', { value: offset })}</dd>
        <dt>{t('test.version')}</dt>
        <dd>{version}</dd>
        <dt>{t('test.locale')}</dt>
        <dd>{LOCALE_NAMES[i18n.language as Locale] ?? i18n.language}</dd>
      </dl>
    </section>
  );
};
