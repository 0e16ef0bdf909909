import { useTranslation } from 'react-i18next';
import type { ContentType } from '../../../protocol';
import { siteApi } from '../../api/site';
import { Spinner } from '../../components/Spinner';
import { useRemote } from '../../hooks/useRemote';
import { EmptyText } from '../../components/EmptyText';

/** A site document kept per locale by the operator (about us, service agreement, MSB approval). */
export const SiteDocument = ({ type }: { type: ContentType }) => {
  const { t } = useTranslation();
  const doc = useRemote(() => siteApi.content(type), type);
  const item = doc.data?.[0];
  return (
    <>
      {!doc.data && !doc.failed && <Spinner />}
      {doc.failed && <EmptyText>{t('app.msg.network_error')}</EmptyText>}
      {item && (
        <article className="document card">
          <h2 className="document__title">{item.title}</h2>
          <p className="document__body">{item.body}</p>
        </article>
      )}
    </>
  );
};
