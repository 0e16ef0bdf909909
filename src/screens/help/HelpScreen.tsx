import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { HELP_CATEGORIES, type HelpArticleSummary } from '../../../protocol/help';
import { helpApi } from '../../api/help';
import { ChevronIcon } from '../../components/icons';
import { NavBar } from '../../components/NavBar';
import { Loading } from '../../components/LoadFailed';
import { useRemote } from '../../hooks/useRemote';

/** /help: the help centre's articles by category, and the way to customer service. */
const HelpScreen = () => {
  const { t } = useTranslation();
  const articles = useRemote(helpApi.articles);
  const byCategory = (c: string) => (articles.data ?? []).filter((a: HelpArticleSummary) => a.category === c);
  return (
    <>
      <NavBar title={t('route.help')} />
      {!articles.data && <Loading failure={articles.failure} onRetry={articles.retry} />}
      {HELP_CATEGORIES.filter((c) => byCategory(c).length > 0).map((c) => (
        <section key={c} className="help-section" aria-labelledby={`help-${c}`}>
          <h2 id={`help-${c}`} className="help-section__title">
            {t(`help.category.${c}`)}
          </h2>
          <ul className="link-list">
            {byCategory(c).map((a) => (
              <li key={a.id}>
                <Link className="link-list__item" to={`/help/detail?id=${a.id}`}>
                  <span className="link-list__title">{a.title}</span>
                  <ChevronIcon className="link-list__chevron" />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <Link className="btn btn--block page-action" to="/service">
        {t('help.contact')}
      </Link>
    </>
  );
};

export default HelpScreen;
