import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalLayer } from './ModalLayer';

/** A sheet rising over the screen (ModalLayer), titled, with a close button; a tap on the dimmed
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
  return (
    // A double tap that closes it is one tap (guardDoubleTaps): the second does not fall on the
    // screen beneath.
    <ModalLayer
      backdrop="sheet-backdrop"
      className={`sheet ${className}`}
      labelledBy={id}
      onDismiss={onClose}
      closeOnBackdrop
      testId={testId}
    >
      <header className="sheet__head">
        <h2 id={id}>{title}</h2>
        <button type="button" className="btn btn--text" onClick={onClose}>
          {t('common.close')}
        </button>
      </header>
      {children}
    </ModalLayer>
  );
};
