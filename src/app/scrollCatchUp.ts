import type { RouterView } from './routerView';

/** The router's state as far as this needs it. */
interface RouterState {
  historyAction: string;
  location: { key: string };
  navigation: { state: string };
  /** Where the router's ScrollRestoration puts the page once the screen gone back to is drawn. */
  restoreScrollPosition: number | false | null;
}

/** How long the page waits for a screen's records to arrive before it gives up on the place. */
const WAIT_MS = 5000;
/** A reader who scrolls, taps or types meanwhile has chosen where to be. */
const MOVES = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/**
 * Back to a list (notices, the wallet's coins, records) is back where the reader left it. The
 * router puts the page at the place it had, but on the first paint of the screen, before the list
 * it loads has come: the page is too short to be there and it lands at the top. So the place is
 * kept until the page has grown to reach it, the reader moves, another screen is opened, or a few
 * seconds have passed.
 */
export const followScrollCatchUp = (router: RouterView<RouterState>) => {
  let stop: (() => void) | undefined;
  let caught: string | undefined;
  router.subscribe((state) => {
    if (caught !== undefined && state.location.key !== caught) {
      stop?.();
      caught = undefined;
    }
    const target = state.restoreScrollPosition;
    if (state.navigation.state !== 'idle' || state.historyAction !== 'POP' || typeof target !== 'number')
      return;
    if (caught === state.location.key) return;
    caught = state.location.key;
    stop = catchUp(target);
  });
};

const catchUp = (target: number) => {
  const reach = () => {
    if (Math.abs(window.scrollY - target) < 1) return finish();
    if (document.documentElement.scrollHeight - window.innerHeight < target) return;
    window.scrollTo(0, target);
    finish();
  };
  const observer = new ResizeObserver(reach);
  const giveUp = setTimeout(() => finish(), WAIT_MS);
  const finish = () => {
    observer.disconnect();
    clearTimeout(giveUp);
    for (const move of MOVES) window.removeEventListener(move, finish, true);
  };
  for (const move of MOVES) window.addEventListener(move, finish, { capture: true, passive: true });
  // The router's own restoration runs as the screen is drawn: look after it.
  requestAnimationFrame(() => observer.observe(document.body));
  return finish;
};
