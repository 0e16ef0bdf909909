import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { Popup } from '../../../protocol';
import { Dialog } from '../../components/Dialog';
import { isSuppressedToday, rememberChoice } from '../../state/noticeSuppression';
import { uiState } from '../../state/ui';

// Shown once per visit: coming back to home in the same visit does not ask again.
let acknowledgedThisVisit = false;

/** The operator's pop-up notices, one after another, with "not shown today". They wait while an
 * alert is open (an expired session or a verification gate sends the reader home with one), so
 * the reader never has one dialog over another. */
export const NoticePopup = ({ popups }: { popups: readonly Popup[] }) => {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [hideToday, setHideToday] = useState(false);
  const [done, setDone] = useState(() => acknowledgedThisVisit || isSuppressedToday());
  const { alerts } = useSnapshot(uiState);
  const popup = popups[index];
  if (done || !popup || alerts.length > 0) return null;

  const acknowledge = () => {
    if (index + 1 < popups.length) {
      setIndex(index + 1);
      return;
    }
    rememberChoice(hideToday);
    acknowledgedThisVisit = true;
    setDone(true);
  };

  return (
    <Dialog key={popup.id} labelledBy="notice-popup-title" onDismiss={acknowledge}>
      <h2 id="notice-popup-title" className="dialog__title">
        {popup.title}
      </h2>
      <p className="dialog__text">{popup.content}</p>
      <label className="checkbox">
        <input type="checkbox" checked={hideToday} onChange={(e) => setHideToday(e.target.checked)} />
        <span>{t('notice.notShownToday')}</span>
      </label>
      <div className="dialog__actions">
        <button type="button" className="btn btn--primary" onClick={acknowledge}>
          {t('notice.acknowledge')}
        </button>
      </div>
    </Dialog>
  );
};
