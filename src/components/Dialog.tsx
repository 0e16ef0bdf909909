import type { ReactNode } from 'react';

/** A modal card over a dimmed screen. */
export const Dialog = ({ labelledBy, children }: { labelledBy: string; children: ReactNode }) => (
  <div className="dialog-backdrop">
    <div className="dialog" role="dialog" aria-modal="true" aria-labelledby={labelledBy}>
      {children}
    </div>
  </div>
);
