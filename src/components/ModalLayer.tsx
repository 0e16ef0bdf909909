import { useRef, type ReactNode } from 'react';
import { useModal } from '../hooks/useModal';

/**
 * The shell of every layer over the screen (a sheet, a dialog): the dimmed backdrop and the modal
 * element, which behaves as useModal says. `onDismiss` is what Escape does, and a tap on the
 * backdrop too where `closeOnBackdrop` says so.
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
  return (
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
    </div>
  );
};
