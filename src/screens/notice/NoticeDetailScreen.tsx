import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { helpApi } from '../../api/help';
import { NavBar } from '../../components/NavBar';
import { LoadingRecord, recordOf } from '../../components/LoadFailed';
import { NotInYourLanguage } from '../../components/NotInYourLanguage';
import { useRemote } from '../../hooks/useRemote';
import { useDateFormat } from '../../hooks/useDateFormat';
import { idParam } from '../../app/idParam';
import { LOCALE_TAGS } from '../../../protocol/locales';

/** /noticeDetail?id=: one notice in full, in the reader's language where it is translated: the
 * server serves the translation of whichever id it is given, and the read is made again when the
 * reader picks another language (here or in another tab). */
const NoticeDetailScreen = () => {
  const { t } = useTranslation();
  const date = useDateFormat(true);
  const id = idParam(useSearchParams()[0].get('id'));
  const notice = useRemote(() => recordOf(id, helpApi.notice), String(id));
  // Untranslated, it is in another language than the screen's: its text is marked as written, the
  // labels around it stay the reader's.
  const written = notice.data && LOCALE_TAGS[notice.data.locale];
  return (
    <>
      <NavBar title={t('route.noticeDetail')} />
      {!notice.data && (
        <LoadingRecord
          failure={notice.failure}
          onRetry={notice.retry}
          list={{ to: '/notice', label: t('notice.all') }}
        />
      )}
      {notice.data && (
        <article className="document card">
          <NotInYourLanguage
            written={notice.data.locale}
            readIn={notice.lang}
            text={t('notice.notTranslated')}
            list="/notice"
            listLabel={t('notice.all')}
          />
          <h2 className="document__title" lang={written}>
            {notice.data.title}
          </h2>
          <time className="document__meta" dateTime={new Date(notice.data.createdAt).toISOString()}>
            {date.format(notice.data.createdAt)}
          </time>
          <p className="document__body" lang={written}>
            {notice.data.message}
          </p>
        </article>
      )}
    </>
  );
};

export default NoticeDetailScreen;
