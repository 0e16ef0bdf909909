import type { ReactNode } from 'react';
import { whileBusy } from './whileBusy';

/** The form's primary action: one tap sends one request (busy while it is out), and it is
 * disabled while the form says why sending would be refused. */
export const SubmitButton = ({
  busy,
  disabled = false,
  children,
}: {
  busy: boolean;
  disabled?: boolean;
  children: ReactNode;
}) => (
  <button type="submit" className="btn btn--primary btn--block" disabled={disabled} {...whileBusy(busy)}>
    {children}
  </button>
);
