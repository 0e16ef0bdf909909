import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { helpApi } from '../../api/help';
import { NavBar } from '../../components/NavBar';
import { LoadingRecord, recordOf } from '../../components/LoadFailed';
import { useListOnLanguageChange } from '../../hooks/useListOnLanguageChange';
import { useRemote } from '../../hooks/useRemote';
import { useDateFormat } from '../authentication/status';

/** /noticeDetail?id=: one notice in full. */
const NoticeDetailScreen = () => {
  const { t } = useTranslation();
  const date = useDateFormat(true);
  const id = Number(useSearchParams()[0].get('id'));
  const notice = useRemote(() => recordOf(id, helpApi.notice), String(id));
  useListOnLanguageChange('/notice');
  return (
    <>
      <NavBar title={t('route.noticeDetail')} />
      {!notice.data && <LoadingRecord failure={notice.failure} onRetry={notice.retry} />}
      {notice.data && (
        <article className="document card">
          <h2 className="document__title">{notice.data.title}</h2>
          <time className="document__meta" dateTime={new Date(notice.data.createdAt).toISOString()}>
            {date.format(notice.data.createdAt)}
          </time>
          <p className="document__body">{notice.data.message}</p>
        </article>
      )}
    </>
  );
};

export default NoticeDetailScreen;
