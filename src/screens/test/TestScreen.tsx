import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Health } from '../../../protocol';
import { api } from '../../api/client';
import { NavBar } from '../../components/NavBar';
import { Diagnostics } from './Diagnostics';

interface Probe {
  roundTripMs: number;
  offsetMs: number;
}

/** Connection check: round trip to the server and how far this device's clock is from the
 * server's (countdowns run on server time, so a large offset is worth knowing about), and the
 * live socket's diagnostics. */
const TestScreen = () => {
  const { t } = useTranslation();
  const [probe, setProbe] = useState<Probe | null>(null);
  const [status, setStatus] = useState<'idle' | 'running' | 'failed'>('idle');
  const run = async () => {
    setStatus('running');
    const sent = Date.now();
    try {
      const health = await api.get<Health>('/health', undefined, { silent: true });
      const received = Date.now();
      setProbe({
        roundTripMs: received - sent,
        offsetMs: health.serverTime - Math.round((sent + received) / 2),
      });
      setStatus('idle');
    } catch {
      setStatus('failed');
    }
  };
  return (
    <>
      <NavBar title={t('route.test')} />
      <section className="card">
        <p className="muted">{t('test.intro')}</p>
        <dl className="facts">
          <dt>{t('test.roundTrip')}</dt>
          <dd>{probe ? t('test.ms', { value: probe.roundTripMs }) : '—'}</dd>
          <dt>{t('test.clockOffset')}</dt>
          <dd>{probe ? t('test.ms', { value: probe.offsetMs }) : '—'}</dd>
        </dl>
        {status === 'failed' && <p className="error-text">{t('app.msg.network_error')}</p>}
        <button
          type="button"
          className="btn btn--primary btn--block"
          onClick={() => void run()}
          disabled={status === 'running'}
        >
          {t('test.run')}
        </button>
      </section>
      <Diagnostics />
    </>
  );
};

export default TestScreen;
