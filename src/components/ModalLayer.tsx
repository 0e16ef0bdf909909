import { useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useModal } from '../hooks/useModal';

/**
 * The shell of every layer over the screen (a sheet, a dialog): the dimmed backdrop and the modal
 * element, which behaves as useModal says. `onDismiss` is what Escape does, and a tap on the
 * backdrop too where `closeOnBackdrop` says so.
 * Drawn at the end of the body, not where it is rendered: a layer opened from inside a card (the
 * deal list's order detail) was fixed to the card, whose backdrop-filter makes it the containing
 * block of fixed elements, and rose from the card's bottom under the tab bar, cut off.
 */
export const ModalLayer = ({
  backdrop,
  className,
  labelledBy,
  onDismiss,
  closeOnBackdrop = false,
  testId,
  children,
}: {
  backdrop: string;
  className: string;
  labelledBy: string;
  onDismiss?: () => void;
  closeOnBackdrop?: boolean;
  testId?: string;
  children: ReactNode;
}) => {
  const layer = useRef<HTMLDivElement>(null);
  useModal(layer, onDismiss);
  return createPortal(
    <div className={backdrop} onClick={closeOnBackdrop ? onDismiss : undefined}>
      <div
        ref={layer}
        className={className}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        tabIndex={-1}
        onClick={closeOnBackdrop ? (e) => e.stopPropagation() : undefined}
        data-testid={testId}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
};
