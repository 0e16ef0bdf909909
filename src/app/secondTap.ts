/** A second tap of a double tap comes within this long of the first. */
const DOUBLE_TAP_MS = 400;

/** And within this far of it, in CSS pixels: a finger taps the same spot twice. A tap elsewhere
 * that soon is meant for what it lands on. */
const DOUBLE_TAP_PX = 30;

interface Tap {
  at: number;
  x: number;
  y: number;
  landed: () => boolean;
}

let last: Tap | undefined;
let guarding = false;

/** The press or the click of a second tap, which no one else may hear. A click a key makes (Enter
 * in a form, Space on a button) or a script makes is not a tap. */
const isSecondTap = (event: MouseEvent) =>
  event.detail !== 0 &&
  last !== undefined &&
  performance.now() - last.at < DOUBLE_TAP_MS &&
  Math.hypot(event.clientX - last.x, event.clientY - last.y) <= DOUBLE_TAP_PX &&
  last.landed();

const swallow = (event: MouseEvent) => {
  event.preventDefault();
  event.stopPropagation();
};

/** The press too: it would focus a field or open a list (a <select>) under the finger. */
const onPress = (event: MouseEvent) => {
  if (isSecondTap(event)) swallow(event);
};

const onTap = (event: MouseEvent) => {
  if (isSecondTap(event)) return swallow(event);
  if (event.detail === 0) return;
  const target = event.target instanceof Node ? event.target : undefined;
  const path = window.location.pathname;
  last = {
    at: performance.now(),
    x: event.clientX,
    y: event.clientY,
    landed: () => window.location.pathname !== path || (target !== undefined && !target.isConnected),
  };
};

/**
 * A double tap is one tap. When a tap takes away what was under the finger (it opens another
 * screen, goes back, closes a sheet or a banner), the second tap of a double tap would fall on
 * what came up beneath: a row of the next screen, the screen before's own back button, the trade
 * form's "Buy" or its 100 % chip. So for as long as a double tap lasts, a tap near the last one is
 * caught before any screen hears of it once the change has landed; a tap that brings something up
 * under the finger instead says so with `catchSecondTap` (every sheet and dialog does, useModal).
 * A tap before the change lands falls where the first did, which ignores it (useGoBack) or acts on
 * it again as the same intent (the forms' idempotency keys). Installed once, at start, ahead of
 * every other listener.
 */
export const guardDoubleTaps = () => {
  if (guarding) return;
  window.addEventListener('mousedown', onPress, true);
  window.addEventListener('click', onTap, true);
  guarding = true;
};

/**
 * What the tap being handled changes lands when `landed` says so, rather than when the path
 * changes or its target leaves the page: a back may change only the query, a tap may bring up a
 * sheet or a confirmation under the finger, or turn its button into one. Called during the tap's
 * own dispatch, as its form is sent, or as what it opened mounts.
 */
export const catchSecondTap = (landed: () => boolean) => {
  if (last) last.landed = landed;
};
