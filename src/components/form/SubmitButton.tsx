import type { ReactNode } from 'react';
import { whileBusy } from './whileBusy';

/** The form's primary action: one tap sends one request (busy while it is out), and it is
 * disabled while the form says why sending would be refused. */
export const SubmitButton = ({
  busy,
  disabled = false,
  describedBy,
  children,
}: {
  busy: boolean;
  disabled?: boolean;
  /** The id of what the form says of its last send, read with the button when it is reached. */
  describedBy?: string | undefined;
  children: ReactNode;
}) => (
  <button
    type="submit"
    className="btn btn--primary btn--block"
    disabled={disabled}
    aria-describedby={describedBy}
    {...whileBusy(busy)}
  >
    {children}
  </button>
);
