import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useModal } from '../hooks/useModal';

/** A sheet rising over the screen (useModal), titled, with a close button; a tap on the dimmed
 * screen around it, or Escape, closes it too. */
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
  const sheet = useRef<HTMLDivElement>(null);
  useModal(sheet, onClose);
  return (
    // A double tap that closes it is one tap (guardDoubleTaps): the second does not fall on the
    // screen beneath.
    <div className="sheet-backdrop" onClick={onClose}>
      <div
        ref={sheet}
        className={`sheet ${className}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={id}
        tabIndex={-1}
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
