import { useTranslation } from 'react-i18next';
import type { ContentType } from '../../../protocol';
import { siteApi } from '../../api/site';
import { NavBar } from '../../components/NavBar';
import { Spinner } from '../../components/Spinner';
import { useCurrentRoute } from '../../hooks/useCurrentRoute';
import { useRemote } from '../../hooks/useRemote';

/** A site document kept per locale by the operator (about us, service agreement, MSB approval);
 * the route's name is the document's type. */
const DocumentScreen = () => {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const type = route?.name as ContentType;
  const doc = useRemote(() => siteApi.content(type), type);
  const item = doc.data?.[0];
  return (
    <>
      <NavBar title={route ? t(route.title) : ''} />
      {!doc.data && !doc.failed && <Spinner />}
      {doc.failed && <p className="empty-state__text">{t('app.msg.network_error')}</p>}
      {item && (
        <article className="document card">
          <h2 className="document__title">{item.title}</h2>
          <p className="document__body">{item.body}</p>
        </article>
      )}
    </>
  );
};

export default DocumentScreen;
