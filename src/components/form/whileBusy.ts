import type { MouseEvent } from 'react';

/** A button's attributes while the request it sent is out. Not `disabled`: a disabled button
 * drops the keyboard's focus to the page, so a keyboard or screen-reader user pressing it was left
 * nowhere, and back there again when its sheet closed. The button keeps its focus and says it is
 * busy; a press meanwhile does nothing (the handlers refuse a second request as well). */
export const whileBusy = (busy: boolean) => ({
  'aria-disabled': busy || undefined,
  'aria-busy': busy || undefined,
  onClickCapture: busy ? (e: MouseEvent) => e.preventDefault() : undefined,
});
