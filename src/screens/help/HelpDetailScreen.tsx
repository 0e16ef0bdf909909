import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { helpApi } from '../../api/help';
import { NavBar } from '../../components/NavBar';
import { Spinner } from '../../components/Spinner';
import { useRemote } from '../../hooks/useRemote';
import { EmptyText } from '../../components/EmptyText';

/** /help/detail?id=: one help article. */
const HelpDetailScreen = () => {
  const { t } = useTranslation();
  const id = Number(useSearchParams()[0].get('id'));
  const article = useRemote(() => helpApi.article(id), String(id));
  return (
    <>
      <NavBar title={t('route.help_detail')} />
      {!article.data && !article.failed && <Spinner />}
      {article.failed && <EmptyText>{t('app.msg.record_not_found')}</EmptyText>}
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
