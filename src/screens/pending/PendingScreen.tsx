import { useTranslation } from 'react-i18next';
import { NavBar } from '../../components/NavBar';
import { useCurrentRoute } from '../../hooks/useCurrentRoute';

/** The titled shell of a screen whose feature has not landed yet: routing, guards and title are
 * real; the body says plainly that the feature is on its way. */
const PendingScreen = () => {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const title = route ? t(route.title) : '';
  return (
    <>
      <NavBar title={title} back={!route?.tabBar} />
      <section className="empty-state">
        <h2 className="empty-state__title">{title}</h2>
        <p className="empty-state__text">{t('common.comingSoon')}</p>
      </section>
    </>
  );
};

export default PendingScreen;
