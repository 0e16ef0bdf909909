import { useEffect, useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { SERVICE_MESSAGE_MAX, serviceSendSchema } from '../../../protocol/help';
import { helpApi } from '../../api/help';
import { ConnectionBanner } from '../../components/ConnectionBanner';
import { NavBar } from '../../components/NavBar';
import { CharCount } from '../../components/form/CharCount';
import { SubmitButton } from '../../components/form/SubmitButton';
import { Spinner } from '../../components/Spinner';
import { useForm } from '../../hooks/useForm';
import { configState, loadSiteConfig } from '../../state/config';
import { sessionState } from '../../state/session';
import { useDateFormat } from '../../hooks/useDateFormat';
import { noteServiceThread, useServiceThread } from '../../hooks/useServiceThread';

/** The in-app thread with customer service: what I wrote and what they answered, an answer shown
 * as it is written (pushed on the socket; polled only while the socket is down). `login` is the
 * session's token. */
const Thread = ({ login }: { login: string }) => {
  const { t } = useTranslation();
  const date = useDateFormat(true);
  const messages = useServiceThread(login);
  const form = useForm(serviceSendSchema, { body: '' });
  const end = useRef<HTMLLIElement>(null);

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void form.submit(
      async ({ body }) => {
        noteServiceThread(login, await helpApi.send(body));
        form.set('body', '');
      },
      { atFields: { body: ['app.msg.text_too_long'] } },
    );
  };

  return (
    <section className="service-thread" aria-label={t('service.thread')}>
      <ConnectionBanner of="messages" />
      {!messages && <Spinner />}
      {messages?.length === 0 && <p className="service-thread__empty">{t('service.welcome')}</p>}
      <ul className="service-thread__list">
        {messages?.map((m) => (
          <li key={m.id} className={`service-msg service-msg--${m.from}`}>
            <span className="service-msg__who">{t(m.from === 'user' ? 'service.you' : 'service.agent')}</span>
            <p className="service-msg__body">{m.body}</p>
            <time className="service-msg__time" dateTime={new Date(m.createdAt).toISOString()}>
              {date.format(m.createdAt)}
            </time>
          </li>
        ))}
        <li ref={end} aria-hidden="true" />
      </ul>
      <form className="form service-form" onSubmit={onSubmit} noValidate>
        <label className="field__label" htmlFor="service-body">
          {t('service.message')}
        </label>
        <textarea
          id="service-body"
          className="field__input service-form__input"
          rows={3}
          value={form.values.body}
          onChange={(e) => form.set('body', e.target.value)}
          aria-invalid={Boolean(form.errors.body)}
          aria-describedby={form.errors.body ? 'service-body-error' : undefined}
        />
        <div className="field__foot">
          {form.errors.body && (
            <p id="service-body-error" className="field__error" role="alert">
              {t(form.errors.body)}
            </p>
          )}
          <CharCount value={form.values.body} max={SERVICE_MESSAGE_MAX} lines />
        </div>
        <SubmitButton busy={form.submitting}>{t('service.send')}</SubmitButton>
      </form>
    </section>
  );
};

/** /service: the operator's customer-service link when one is configured (config `custom`),
 * otherwise a message thread with the operators inside the app. */
const ServiceScreen = () => {
  const { t } = useTranslation();
  const { config } = useSnapshot(configState);
  const { user } = useSnapshot(sessionState);
  useEffect(() => {
    void loadSiteConfig();
  }, []);
  const link = config?.custom ?? '';
  return (
    <>
      <NavBar title={t('route.service')} />
      {!config && <Spinner />}
      {config && link && (
        <section className="card service-card">
          <p>{t('service.external')}</p>
          <a className="btn btn--primary btn--block" href={link} target="_blank" rel="noopener noreferrer">
            {t('service.open')}
          </a>
        </section>
      )}
      {config && !link && !user && (
        <section className="card service-card">
          <p>{t('service.loginFirst')}</p>
          <Link className="btn btn--primary btn--block" to="/login?redirect=%2Fservice">
            {t('route.login')}
          </Link>
        </section>
      )}
      {/* Keyed: a login changed in another tab starts the thread and the form anew, not under the
          previous reader's messages. */}
      {config && !link && user && <Thread key={user.token} login={user.token} />}
    </>
  );
};

export default ServiceScreen;
