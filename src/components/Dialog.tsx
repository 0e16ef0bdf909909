import { useLayoutEffect, type ReactNode } from 'react';
import { catchSecondTap } from '../app/secondTap';

/** A modal card over a dimmed screen. Its owner keys it by what it shows, so that each new card
 * (the next alert, the next notice) is a new dialog. */
export const Dialog = ({ labelledBy, children }: { labelledBy: string; children: ReactNode }) => {
  // It comes up where the finger is (an alert answering a tap, a confirmation): the second tap of
  // a double tap must not press its button, which would dismiss it unread or confirm it unasked.
  useLayoutEffect(() => catchSecondTap(() => true), []);
  return (
    <div className="dialog-backdrop">
      <div className="dialog" role="dialog" aria-modal="true" aria-labelledby={labelledBy}>
        {children}
      </div>
    </div>
  );
};
