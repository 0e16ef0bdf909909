import { useRef, type ReactNode } from 'react';
import { useModal } from '../hooks/useModal';

/** A modal card over a dimmed screen (useModal). Its owner keys it by what it shows, so that each
 * new card (the next alert, the next notice) is a new dialog; `onDismiss` is what Escape does. */
export const Dialog = ({
  labelledBy,
  onDismiss,
  children,
}: {
  labelledBy: string;
  onDismiss?: () => void;
  children: ReactNode;
}) => {
  const card = useRef<HTMLDivElement>(null);
  useModal(card, onDismiss);
  return (
    <div className="dialog-backdrop">
      <div
        ref={card}
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        tabIndex={-1}
      >
        {children}
      </div>
    </div>
  );
};
