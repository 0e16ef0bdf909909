import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { closeAlert, uiState } from '../state/ui';
import { Dialog } from './Dialog';

export const AlertHost = () => {
  const { t } = useTranslation();
  const { alerts } = useSnapshot(uiState);
  const alert = alerts[0];
  if (!alert) return null;
  return (
    <Dialog key={alert.id} labelledBy={`alert-${alert.id}`} onDismiss={() => closeAlert(alert.id)}>
      <p id={`alert-${alert.id}`} className="dialog__text">
        {alert.text}
      </p>
      <div className="dialog__actions">
        <button type="button" className="btn btn--primary" onClick={() => closeAlert(alert.id)} autoFocus>
          {t('common.confirm')}
        </button>
      </div>
    </Dialog>
  );
};
