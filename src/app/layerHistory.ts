import type { RouterView } from './routerView';

/**
 * Back closes what is over the screen (a sheet, a dialog) rather than leave the screen under it, as
 * a phone's Back does in its own apps. Each layer that can be dismissed puts an entry of its own in
 * the browser's history as it opens, at the same address, marked with its depth; Back returns to the
 * entry beneath and the layers above it are dismissed. A layer closed otherwise (its button,
 * Escape) takes its entry back out, so the next Back leaves the screen as it would have.
 *
 * The router never sees these entries: it keys each of its own by `key` in the history state,
 * which a layer's entry copies, and a return to an entry of the key it is on is kept from it
 * (it would load the screen again). A return to another of its entries is its own to follow.
 *
 * A layer whose screen is left by a navigation from within it (a link in a sheet) leaves its
 * entry behind, under the new screen: Back to it passes over it, to the screen as it was. One
 * that replaces the address takes the layer's entry, unless it waits for it to go
 * (`afterLayerLeaves`).
 */

/** Where a layer's depth is kept in an entry's history state, next to the router's own fields. */
const MARK = 'layer';

/** The router's state as far as this needs it: the entry it shows, and whether it is moving. */
export interface LayerRouterState {
  location: { key: string };
  navigation: { state: string };
}

interface Place {
  key: string;
  depth: number;
}

export interface LayerEntry {
  place: Place | undefined;
  held: boolean;
  dismiss: () => void;
}

let router: RouterView<LayerRouterState> | undefined;
const held: LayerEntry[] = [];
/** Entries of layers closed a moment ago, to come out unless a layer opened in their place takes
 * them (the next alert as one is acknowledged). */
const leaving = new Set<LayerEntry>();
/** Our own step back is under way: an entry pushed before it lands would be the one it leaves. */
let stepping: Promise<void> | undefined;
let stepped: (() => void) | undefined;

const placeOf = (state: unknown): Place => {
  const fields = (state ?? {}) as { key?: string; [MARK]?: number };
  return { key: fields.key ?? 'default', depth: fields[MARK] ?? 0 };
};

/** The router shows the entry with its key; until one is attached (tests of a lone layer), every
 * entry is taken to be the screen's. */
const onScreen = (place: Place) => !router || place.key === router.state.location.key;

/** Once the router has finished whatever move it is making. */
const whenIdle = (then: () => void) => {
  if (!router || router.state.navigation.state === 'idle') return then();
  const stop = router.subscribe((state) => {
    if (state.navigation.state !== 'idle') return;
    stop();
    then();
  });
};

const stepBack = () => {
  stepping = new Promise((resolve) => (stepped = resolve));
  window.history.back();
};

/** An entry of a layer that is no longer up (left under a screen, or from before a reload) is
 * passed over on the way back. */
const passStale = () => {
  const here = placeOf(window.history.state);
  const stale =
    here.depth > 0 &&
    onScreen(here) &&
    !held.some(({ place }) => place?.key === here.key && place.depth === here.depth);
  if (stale) stepBack();
};

const onPop = (event: PopStateEvent) => {
  stepped?.();
  stepping = stepped = undefined;
  const here = placeOf(event.state);
  const mine = onScreen(here);
  if (mine && router) event.stopImmediatePropagation();
  // The layers over the entry returned to leave, the top one first: all of them when it is another
  // of the router's (an alert that came up as the screen changed goes with one Back, not two). One
  // whose entry is still to go on (waiting for this step back) is newer than it.
  for (const entry of [...held].reverse()) {
    const { place } = entry;
    if (!place || (mine && place.key === here.key && place.depth <= here.depth)) continue;
    entry.place = undefined;
    entry.dismiss();
  }
  // A return to another of the router's entries is for it to make first: its listener comes next.
  if (mine) queueMicrotask(passStale);
  else setTimeout(() => whenIdle(passStale), 0);
};

let listening = false;
const listen = () => {
  if (listening) return;
  listening = true;
  // Capturing, it runs before the router's own listener, which it may keep from the event.
  window.addEventListener('popstate', onPop, { capture: true });
};

/** Called once the app's router exists, before anything opens over the screen. */
export const followLayersInHistory = (view: RouterView<LayerRouterState>) => {
  router = view;
  listen();
  whenIdle(passStale);
};

const push = (entry: LayerEntry) => {
  if (!entry.held) return;
  const beneath = placeOf(window.history.state);
  const place = { key: beneath.key, depth: (onScreen(beneath) ? beneath.depth : 0) + 1 };
  window.history.pushState({ ...(window.history.state as object | null), [MARK]: place.depth }, '');
  entry.place = place;
};

/**
 * A dismissible layer is up: its entry goes on. `kept` is the same layer's entry from a moment
 * ago (React mounting it twice in development), which stays rather than go and come back.
 */
export const holdEntry = (kept: LayerEntry | undefined, dismiss: () => void): LayerEntry => {
  listen();
  const entry = kept ?? { place: undefined, held: true, dismiss };
  entry.held = true;
  entry.dismiss = dismiss;
  held.push(entry);
  const here = placeOf(window.history.state);
  const heir = [...leaving].find(({ place }) => place?.key === here.key && place.depth === here.depth);
  if (heir && !entry.place) {
    entry.place = heir.place;
    heir.place = undefined;
  }
  if (!entry.place) {
    if (stepping) void stepping.then(() => push(entry));
    else push(entry);
  }
  return entry;
};

/** For a tap that closes a layer and moves the screen without a new entry (a pair picked in a
 * sheet, which replaces the address): the move waits for the layer's entry to have gone, so that
 * it is the screen's own entry it replaces, not the layer's. */
export const afterLayerLeaves = (then: () => void) =>
  setTimeout(() => void (stepping ?? Promise.resolve()).then(then), 0);

/** The layer is down: its entry comes out, if it is still the one shown once any navigation
 * started with its closing has landed (a pair picked in a sheet takes the sheet's entry). */
export const releaseEntry = (entry: LayerEntry) => {
  entry.held = false;
  held.splice(held.indexOf(entry), 1);
  leaving.add(entry);
  // A navigation started by the same tap has begun by now; React mounting the layer again (in
  // development), or the next layer in its place, has too.
  queueMicrotask(() =>
    whenIdle(() => {
      leaving.delete(entry);
      const { place } = entry;
      if (entry.held || !place) return;
      entry.place = undefined;
      const here = placeOf(window.history.state);
      if (onScreen(here) && here.key === place.key && here.depth === place.depth) stepBack();
    }),
  );
};
