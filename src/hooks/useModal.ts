import { suppressOthers } from 'aria-hidden';
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { holdEntry, releaseEntry, type LayerEntry } from '../app/layerHistory';
import { catchSecondTap } from '../app/secondTap';

interface Layer {
  element: HTMLElement;
  /** Where focus goes back to on close: the first of these still on the page. */
  returnTo: Element[];
  dismiss: () => (() => void) | undefined;
}

/** On the page's root while any layer is up: the page beneath does not scroll (components.css). */
const PAGE_HELD = 'modal-open';

/** The layers up, the newest last: Escape dismisses only the one on top. */
const layers: Layer[] = [];

const onKey = (event: KeyboardEvent) => {
  if (event.key !== 'Escape') return;
  const dismiss = layers.at(-1)?.dismiss();
  if (!dismiss) return;
  event.preventDefault();
  dismiss();
};

/**
 * What a layer over the screen (a sheet, a dialog) does while it is up, as a modal should:
 * - the screen beneath is inert: no tab stop, no screen reader, no tap reaches it (aria-hidden's
 *   `suppressOthers`; a layer that comes up later, an alert over a sheet, is not affected, nor
 *   are live regions, the toasts);
 * - focus moves into it, unless something in it took focus itself, and goes back on close to what
 *   had it before, so a keyboard or a screen reader carries on where the reader was;
 * - Escape dismisses it, where it can be dismissed (`onDismiss`), the top layer only; so does
 *   Back (layerHistory), which does not leave the screen beneath while such a layer is up;
 * - the page beneath holds still: a swipe on the dimmed screen, or a scroll that reaches the end of
 *   the layer's own, does not move it;
 * - it comes up under the finger that opened it: the second tap of a double tap must neither
 *   dismiss it again nor press what it holds (guardDoubleTaps).
 * `ref` is the layer's own element, which takes focus (`tabIndex={-1}`).
 */
export const useModal = (ref: RefObject<HTMLElement | null>, onDismiss?: () => void) => {
  // Read as the layer renders, before anything in it takes focus. A layer opened from another one
  // that is closing as it opens (the next alert after one acknowledged) falls back to where that
  // one would have returned.
  const [returnTo] = useState(() => {
    const active = document.activeElement;
    if (!active) return [];
    const from = layers.find((layer) => layer.element.contains(active));
    return [active, ...(from?.returnTo ?? [])];
  });
  const dismiss = useRef(onDismiss);
  const entry = useRef<LayerEntry>(undefined);
  useLayoutEffect(() => {
    dismiss.current = onDismiss;
  });
  useLayoutEffect(() => {
    const element = ref.current!;
    catchSecondTap(() => true);
    const layer: Layer = { element, returnTo, dismiss: () => dismiss.current };
    if (layers.length === 0) {
      document.addEventListener('keydown', onKey);
      document.documentElement.classList.add(PAGE_HELD);
    }
    layers.push(layer);
    if (dismiss.current) entry.current = holdEntry(entry.current, () => dismiss.current?.());
    const undo = suppressOthers(element);
    if (!element.contains(document.activeElement)) element.focus({ preventScroll: true });
    return () => {
      if (entry.current) releaseEntry(entry.current);
      undo();
      layers.splice(layers.indexOf(layer), 1);
      if (layers.length === 0) {
        document.removeEventListener('keydown', onKey);
        document.documentElement.classList.remove(PAGE_HELD);
      }
      // A layer that came up by itself (the home pop-up on arrival) was opened from the page, not
      // from something in it: focus left on the page went on from where the layer had been, and
      // the next Tab reached the tab bar past the whole screen. The screen's start takes it.
      const back =
        returnTo.find((target) => target.isConnected && target !== document.body) ??
        document.querySelector('main');
      if (back instanceof HTMLElement) back.focus({ preventScroll: true });
    };
  }, [ref, returnTo]);
};
