import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { helpApi } from '../../api/help';
import { NavBar } from '../../components/NavBar';
import { LoadingRecord, recordOf } from '../../components/LoadFailed';
import { NotInYourLanguage } from '../../components/NotInYourLanguage';
import { useRemote } from '../../hooks/useRemote';
import { idParam } from '../../app/idParam';
import { LOCALE_TAGS } from '../../../protocol/locales';

/** /help/detail?id=: one help article, in the reader's language where it is translated (as
 * NoticeDetailScreen). */
const HelpDetailScreen = () => {
  const { t } = useTranslation();
  const id = idParam(useSearchParams()[0].get('id'));
  const article = useRemote(() => recordOf(id, helpApi.article), String(id));
  // Untranslated, it is in another language than the screen's: its text is marked as written, the
  // labels around it stay the reader's.
  const written = article.data && LOCALE_TAGS[article.data.locale];
  return (
    <>
      <NavBar title={t('route.help_detail')} />
      {!article.data && (
        <LoadingRecord
          failure={article.failure}
          onRetry={article.retry}
          list={{ to: '/help', label: t('help.all') }}
        />
      )}
      {article.data && (
        <article className="document card">
          <NotInYourLanguage
            written={article.data.locale}
            readIn={article.lang}
            text={t('help.notTranslated')}
            list="/help"
            listLabel={t('help.all')}
          />
          <p className="document__meta">{t(`help.category.${article.data.category}`)}</p>
          <h2 className="document__title" lang={written}>
            {article.data.title}
          </h2>
          <p className="document__body" lang={written}>
            {article.data.body}
          </p>
        </article>
      )}
      <p className="help-more">
        {t('help.stillNeed')} <Link to="/service">{t('help.contact')}</Link>
      </p>
    </>
  );
};

export default HelpDetailScreen;
