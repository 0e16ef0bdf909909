import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';

/** What a reader sees if a screen fails to load or render (a lost chunk after a deploy, a bug):
 * a translated message and a reload, instead of a blank page. */
export const RouteError = () => {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div className="frame">
      <section className="empty-state" role="alert">
        <h1 className="empty-state__title">{t('error.title')}</h1>
        <p className="empty-state__text">{t('error.text')}</p>
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          {t('error.reload')}
        </button>
      </section>
    </div>
  );
};
