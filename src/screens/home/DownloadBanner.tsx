import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { CloseIcon } from '../../components/icons';
import { configState } from '../../state/config';
import { KEYS, local } from '../../state/storage';

/** The app-download banner on home; once closed it stays closed on this device. */
export const DownloadBanner = () => {
  const { t } = useTranslation();
  const { config } = useSnapshot(configState);
  const [closed, setClosed] = useState(() => local.get(KEYS.downloadBannerClosed) === '1');
  if (closed || !config?.appDownloadLink) return null;
  const close = () => {
    local.set(KEYS.downloadBannerClosed, '1');
    setClosed(true);
  };
  return (
    <aside className="download-banner" aria-label={t('download.label')}>
      {config.logo && (
        <img className="download-banner__logo" src={config.logo} alt="" width="32" height="32" />
      )}
      <p className="download-banner__text">{t('download.text')}</p>
      <a
        className="btn btn--primary btn--small"
        href={config.appDownloadLink}
        target="_blank"
        rel="noopener noreferrer"
      >
        {t('download.action')}
      </a>
      <button
        type="button"
        className="icon-btn icon-btn--small"
        onClick={close}
        aria-label={t('common.close')}
      >
        <CloseIcon />
      </button>
    </aside>
  );
};
