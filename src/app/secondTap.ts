/** A second tap of a double tap comes within this long of the first. */
const DOUBLE_TAP_MS = 400;

let armed: { at: number; landed: () => boolean } | undefined;
let catching = false;

const catchTap = (event: MouseEvent) => {
  if (!armed || performance.now() - armed.at >= DOUBLE_TAP_MS || !armed.landed()) return;
  event.preventDefault();
  event.stopPropagation();
};

/**
 * After a tap that takes away what was under the finger (a back, a pick that closes a sheet): for
 * as long as a double tap lasts, the taps that come down once `landed` says the change has landed
 * are caught before any screen hears of them. A finger's second tap would otherwise fall on what
 * came up beneath: the screen before's own back button, a row of /user, the trade form's "Buy"
 * or its 100 % chip. A tap before the change lands falls where the first did, which ignores it.
 * Installed at the first such tap, during whose own dispatch: that tap is past the window already.
 */
export const catchSecondTap = (landed: () => boolean) => {
  armed = { at: performance.now(), landed };
  if (catching) return;
  window.addEventListener('click', catchTap, true);
  catching = true;
};
