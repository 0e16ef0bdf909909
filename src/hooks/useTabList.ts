import { useId, useRef, type KeyboardEvent } from 'react';

/** Where a key moves the selection from tab `index` of `count`, or null for a key tabs ignore. */
const moveTo = (key: string, index: number, count: number): number | null => {
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
};

/**
 * The WAI-ARIA tabs pattern for a hand-drawn tab list: `tab(key)` gives each tab button its role,
 * ids and keys, `panel` the element it shows. Only one tab is in the tab order; ArrowLeft and
 * ArrowRight (wrapping round), Home and End select another tab and move the focus to it.
 */
export const useTabList = <K extends string>(keys: readonly K[], value: K, onChange: (key: K) => void) => {
  const id = useId();
  const buttons = useRef(new Map<K, HTMLElement>());
  // While the selected key has no tab yet (a list still loading), the first tab takes the tab
  // stop, so that the list can still be reached from the keyboard.
  const stop = keys.includes(value) ? value : keys[0];
  const tabId = (key: K) => `${id}-tab-${key}`;
  const panelId = `${id}-panel`;

  const onKeyDown = (e: KeyboardEvent, key: K) => {
    // Alt+ArrowLeft is the browser's Back, and the like: keys with a modifier are not the list's.
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const index = moveTo(e.key, keys.indexOf(key), keys.length);
    const next = index === null ? undefined : keys[index];
    if (next === undefined) return;
    e.preventDefault();
    onChange(next);
    buttons.current.get(next)?.focus();
  };

  const tab = (key: K) => ({
    ref: (el: HTMLElement | null) => {
      if (el) buttons.current.set(key, el);
      else buttons.current.delete(key);
    },
    type: 'button' as const,
    role: 'tab',
    id: tabId(key),
    'aria-selected': key === value,
    'aria-controls': panelId,
    tabIndex: key === stop ? 0 : -1,
    onClick: () => onChange(key),
    onKeyDown: (e: KeyboardEvent) => onKeyDown(e, key),
  });

  const panel = { role: 'tabpanel', id: panelId, 'aria-labelledby': tabId(value) };

  return { tab, panel };
};
