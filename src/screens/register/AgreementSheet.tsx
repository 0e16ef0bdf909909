import { useTranslation } from 'react-i18next';
import { Sheet } from '../../components/Sheet';
import { SiteDocument } from '../document/SiteDocument';

/** The service agreement over the sign-up form, so reading it loses nothing typed there; agreeing
 * from here ticks the form's box. */
export const AgreementSheet = ({ onAgree, onClose }: { onAgree: () => void; onClose: () => void }) => {
  const { t } = useTranslation();
  return (
    <Sheet
      id="agreement-sheet-title"
      title={t('route.serviceAgreement')}
      className="agreement-sheet"
      onClose={onClose}
    >
      <SiteDocument type="serviceAgreement" />
      <button type="button" className="btn btn--primary btn--block" onClick={onAgree}>
        {t('register.agreeAction')}
      </button>
    </Sheet>
  );
};
