import { useTranslation } from 'react-i18next';
import { SiteDocument } from '../document/SiteDocument';

/** The service agreement over the sign-up form, so reading it loses nothing typed there; agreeing
 * from here ticks the form's box. */
export const AgreementSheet = ({ onAgree, onClose }: { onAgree: () => void; onClose: () => void }) => {
  const { t } = useTranslation();
  return (
    <div className="sheet-backdrop" onClick={onClose}>
      <div
        className="sheet agreement-sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby="agreement-sheet-title"
        onClick={(e) => e.stopPropagation()}
      >
        <header className="sheet__head">
          <h2 id="agreement-sheet-title">{t('route.serviceAgreement')}</h2>
          <button type="button" className="btn btn--text" onClick={onClose}>
            {t('common.close')}
          </button>
        </header>
        <SiteDocument type="serviceAgreement" />
        <button type="button" className="btn btn--primary btn--block" onClick={onAgree}>
          {t('register.agreeAction')}
        </button>
      </div>
    </div>
  );
};
