import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useGoBack } from '../hooks/useGoBack';
import { BackIcon } from './icons';

/** The top bar of a screen: back button (unless a tab screen), title, and optional actions. */
export const NavBar = ({
  title,
  back = true,
  actions,
}: {
  title: string;
  back?: boolean;
  actions?: ReactNode;
}) => {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <header className="navbar">
      {back ? (
        <button
          type="button"
          className="icon-btn navbar__back"
          onClick={goBack}
          aria-label={t('common.back')}
        >
          <BackIcon />
        </button>
      ) : (
        <span className="navbar__spacer" />
      )}
      {/* Focused when the screen comes up (useScreenFocus). */}
      <h1 className="navbar__title" tabIndex={-1}>
        {title}
      </h1>
      <div className="navbar__actions">{actions}</div>
    </header>
  );
};
