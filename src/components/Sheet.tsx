import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { catchSecondTap } from '../app/secondTap';

/** A sheet rising over the screen, titled, with a close button; a tap on the dimmed screen around
 * it closes it too. */
export const Sheet = ({
  id,
  title,
  className,
  onClose,
  children,
  testId,
}: {
  /** The title's element id, which labels the dialog. */
  id: string;
  title: ReactNode;
  className: string;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
}) => {
  const { t } = useTranslation();
  return (
    // Any tap on the sheet or around it may close it (a pick, the close button, the dimmed screen):
    // the second tap of a double tap must not then fall on the screen beneath.
    <div
      className="sheet-backdrop"
      onClickCapture={() => catchSecondTap(() => !document.getElementById(id))}
      onClick={onClose}
    >
      <div
        className={`sheet ${className}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={id}
        onClick={(e) => e.stopPropagation()}
        data-testid={testId}
      >
        <header className="sheet__head">
          <h2 id={id}>{title}</h2>
          <button type="button" className="btn btn--text" onClick={onClose}>
            {t('common.close')}
          </button>
        </header>
        {children}
      </div>
    </div>
  );
};
