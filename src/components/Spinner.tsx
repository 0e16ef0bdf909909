import { useTranslation } from 'react-i18next';

export const Spinner = () => {
  const { t } = useTranslation();
  return (
    <div className="spinner" role="status">
      <span className="spinner__ring" aria-hidden="true" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
};
