import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NavBar } from '../../components/NavBar';

const NotFoundScreen = () => {
  const { t } = useTranslation();
  return (
    <>
      <NavBar title={t('route.404')} />
      <section className="empty-state">
        <p className="empty-state__code">404</p>
        <h2 className="empty-state__title">{t('notFound.title')}</h2>
        <p className="empty-state__text">{t('notFound.text')}</p>
        <Link to="/home" className="btn btn--primary">
          {t('notFound.home')}
        </Link>
      </section>
    </>
  );
};

export default NotFoundScreen;
