import type { ReactNode } from 'react';
import { useTabList } from '../hooks/useTabList';

interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
}

/**
 * Tabs over one panel (the WAI-ARIA tabs pattern of useTabList): the selected tab is the only one
 * in the tab order, the arrow keys, Home and End move between tabs.
 */
export const Tabs = <K extends string>({
  items,
  value,
  onChange,
  label,
  children,
}: {
  items: readonly TabItem<K>[];
  value: K;
  onChange: (key: K) => void;
  /** Accessible name of the tab list. */
  label: string;
  /** The selected tab's panel. */
  children: ReactNode;
}) => {
  const { tab, panel } = useTabList(
    items.map((item) => item.key),
    value,
    onChange,
  );

  return (
    <div className="tabs">
      <div className="tabs__list" role="tablist" aria-label={label}>
        {items.map((item) => (
          <button
            key={item.key}
            {...tab(item.key)}
            className={`tabs__tab${item.key === value ? ' is-active' : ''}`}
          >
            <span className="tabs__text">{item.label}</span>
          </button>
        ))}
      </div>
      <div className="tabs__panel" {...panel}>
        {children}
      </div>
    </div>
  );
};
