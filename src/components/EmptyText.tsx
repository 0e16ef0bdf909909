import type { ReactNode } from 'react';

/** A screen's or a list's one line saying there is nothing (yet) or it could not be read, centred
 * in the room below the bar: a bare line sat flush against the screen's left edge. */
export const EmptyText = ({ children }: { children: ReactNode }) => (
  <div className="empty-state">
    <p className="empty-state__text">{children}</p>
  </div>
);
