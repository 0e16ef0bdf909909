import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Notice } from '../../../protocol';
import { BellIcon, ChevronIcon } from '../../components/icons';

/** The latest notice's title, leading to the notice list. The link's name is "Notices" followed by
 * the title it shows, so a voice user can say what they see (WCAG 2.5.3). Until the notices are
 * read (`undefined`: on their way, or the network gone) it shows no title, and does not say there
 * are none. */
export const NoticeBar = ({ notices }: { notices: readonly Notice[] | undefined }) => {
  const { t } = useTranslation();
  const latest = notices?.[0];
  return (
    <Link to="/notice" className="notice-bar">
      <BellIcon className="notice-bar__icon" />
      <span className="visually-hidden">{t('route.notice')}</span>{' '}
      <span className="notice-bar__text">{latest ? latest.title : notices && t('home.noNotices')}</span>
      <ChevronIcon className="notice-bar__chevron" />
    </Link>
  );
};
