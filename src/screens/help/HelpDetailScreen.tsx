import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { helpApi } from '../../api/help';
import { NavBar } from '../../components/NavBar';
import { LoadingRecord, recordOf } from '../../components/LoadFailed';
import { useListOnLanguageChange } from '../../hooks/useListOnLanguageChange';
import { useRemote } from '../../hooks/useRemote';

/** /help/detail?id=: one help article. */
const HelpDetailScreen = () => {
  const { t } = useTranslation();
  const id = Number(useSearchParams()[0].get('id'));
  const article = useRemote(() => recordOf(id, helpApi.article), String(id));
  useListOnLanguageChange('/help');
  return (
    <>
      <NavBar title={t('route.help_detail')} />
      {!article.data && <LoadingRecord failure={article.failure} onRetry={article.retry} />}
      {article.data && (
        <article className="document card">
          <p className="document__meta">{t(`help.category.${article.data.category}`)}</p>
          <h2 className="document__title">{article.data.title}</h2>
          <p className="document__body">{article.data.body}</p>
        </article>
      )}
      <p className="help-more">
        {t('help.stillNeed')} <Link to="/service">{t('help.contact')}</Link>
      </p>
    </>
  );
};

export default HelpDetailScreen;
