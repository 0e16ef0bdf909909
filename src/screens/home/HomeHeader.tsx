import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { GlobeIcon, MoonIcon, SunIcon, UserIcon } from '../../components/icons';
import { configState } from '../../state/config';
import { themeState, toggleTheme } from '../../state/theme';

export const HomeHeader = () => {
  const { t } = useTranslation();
  const { config } = useSnapshot(configState);
  const { theme } = useSnapshot(themeState);
  return (
    <header className="home-header">
      <Link to="/user" className="icon-btn" aria-label={t('route.user')}>
        <UserIcon />
      </Link>
      {/* The screen's title, as a NavBar's is on the others: a reader going by headings finds it,
          and focus goes to it as the screen comes up (useScreenFocus). */}
      <h1 className="home-header__brand" tabIndex={-1}>
        {config?.logo && <img src={config.logo} alt="" width="24" height="24" />}
        <span>{config?.companyName || t('route.home')}</span>
      </h1>
      <div className="home-header__actions">
        <button
          type="button"
          className="icon-btn"
          onClick={toggleTheme}
          aria-label={t(theme === 'dark' ? 'home.lightTheme' : 'home.darkTheme')}
        >
          {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
        </button>
        <Link to="/lang" className="icon-btn" aria-label={t('route.lang')} data-testid="lang-link">
          <GlobeIcon />
        </Link>
      </div>
    </header>
  );
};
