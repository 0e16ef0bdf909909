import type { ReactNode } from 'react';

/** The form's primary action; disabled while the request is out, so one tap sends one request, and
 * while the form says why sending would be refused. */
export const SubmitButton = ({
  busy,
  disabled = false,
  children,
}: {
  busy: boolean;
  disabled?: boolean;
  children: ReactNode;
}) => (
  <button type="submit" className="btn btn--primary btn--block" disabled={busy || disabled} aria-busy={busy}>
    {children}
  </button>
);
