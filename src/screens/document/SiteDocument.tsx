import { useTranslation } from 'react-i18next';
import type { ContentType } from '../../../protocol';
import { siteApi } from '../../api/site';
import { EmptyText } from '../../components/EmptyText';
import { Loading } from '../../components/LoadFailed';
import { useRemote } from '../../hooks/useRemote';

/** A site document kept per locale by the operator (about us, service agreement, MSB approval). */
export const SiteDocument = ({ type }: { type: ContentType }) => {
  const { t } = useTranslation();
  const doc = useRemote(() => siteApi.content(type, true), type);
  const item = doc.data?.[0];
  return (
    <>
      {!doc.data && <Loading failure={doc.failure} onRetry={doc.retry} />}
      {doc.data && !item && <EmptyText>{t('app.msg.record_not_found')}</EmptyText>}
      {item && (
        <article className="document card">
          <h2 className="document__title">{item.title}</h2>
          <p className="document__body">{item.body}</p>
        </article>
      )}
    </>
  );
};
