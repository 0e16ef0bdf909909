import type { ReactNode } from 'react';
import { ModalLayer } from './ModalLayer';

/** A modal card over a dimmed screen. Its owner keys it by what it shows, so that each new card
 * (the next alert, the next notice) is a new dialog; `onDismiss` is what Escape does. */
export const Dialog = ({
  labelledBy,
  onDismiss,
  children,
}: {
  labelledBy: string;
  onDismiss?: () => void;
  children: ReactNode;
}) => (
  <ModalLayer backdrop="dialog-backdrop" className="dialog" labelledBy={labelledBy} onDismiss={onDismiss}>
    {children}
  </ModalLayer>
);
