import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Health } from '../../../protocol';
import type { Envelope } from '../../../protocol/envelope';
import { api, failureText } from '../../api/client';
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
  const [running, setRunning] = useState(false);
  /** Why the last run failed: the server's answer, or the client's when none came. */
  const [failure, setFailure] = useState<Envelope | null>(null);
  const run = async () => {
    setRunning(true);
    const sent = Date.now();
    try {
      const health = await api.get<Health>('/health', undefined, { silent: true });
      const received = Date.now();
      setProbe({
        roundTripMs: received - sent,
        offsetMs: health.serverTime - Math.round((sent + received) / 2),
      });
      setFailure(null);
    } catch (err) {
      // Figures of an earlier run would read as this one's.
      setProbe(null);
      setFailure(err as Envelope);
    } finally {
      setRunning(false);
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
        {failure && (
          <p className="error-text" role="alert">
            {failureText(failure)}
          </p>
        )}
        <button
          type="button"
          className="btn btn--primary btn--block"
          onClick={() => void run()}
          disabled={running}
        >
          {t('test.run')}
        </button>
      </section>
      <Diagnostics />
    </>
  );
};

export default TestScreen;
