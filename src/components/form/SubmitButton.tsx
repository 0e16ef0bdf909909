import type { ReactNode } from 'react';

/** The form's primary action; disabled while the request is out, so one tap sends one request. */
export const SubmitButton = ({ busy, children }: { busy: boolean; children: ReactNode }) => (
  <button type="submit" className="btn btn--primary btn--block" disabled={busy} aria-busy={busy}>
    {children}
  </button>
);
