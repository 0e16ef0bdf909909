import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { helpApi } from '../../api/help';
import { ChevronIcon } from '../../components/icons';
import { NavBar } from '../../components/NavBar';
import { Loading } from '../../components/LoadFailed';
import { useRemote } from '../../hooks/useRemote';
import { useDateFormat } from '../../hooks/useDateFormat';
import { EmptyText } from '../../components/EmptyText';

/** /notice: the site's notices in the reader's language, newest first. */
const NoticeScreen = () => {
  const { t } = useTranslation();
  const date = useDateFormat(false);
  const notices = useRemote(helpApi.notices);
  return (
    <>
      <NavBar title={t('route.notice')} />
      {!notices.data && <Loading failure={notices.failure} onRetry={notices.retry} />}
      {notices.data?.length === 0 && <EmptyText>{t('notice.empty')}</EmptyText>}
      <ul className="link-list">
        {notices.data?.map((n) => (
          <li key={n.id}>
            <Link className="link-list__item" to={`/noticeDetail?id=${n.id}`}>
              <span className="link-list__text">
                <span className="link-list__title">{n.title}</span>
                <time className="link-list__meta" dateTime={new Date(n.createdAt).toISOString()}>
                  {date.format(n.createdAt)}
                </time>
              </span>
              <ChevronIcon className="link-list__chevron" />
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
};

export default NoticeScreen;
