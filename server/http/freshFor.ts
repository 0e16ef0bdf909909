/**
 * `load`, answered from memory for `ms` after each read, per key. For what every page request
 * reads from the database (the site's config, the home banners): a page is open to anyone, so a
 * flood of them would otherwise be a flood of queries; an operator's change shows within `ms`, or
 * at once where the change is made in this process and calls `forget`.
 * A failed read is not kept.
 */
export const freshFor = <K, V>(ms: number, load: (key: K) => Promise<V>, now = () => Date.now()) => {
  const kept = new Map<K, { at: number; value: Promise<V> }>();
  const read = (key: K): Promise<V> => {
    const hit = kept.get(key);
    if (hit && now() - hit.at < ms) return hit.value;
    const value = load(key);
    kept.set(key, { at: now(), value });
    value.catch(() => kept.get(key)?.value === value && kept.delete(key));
    return value;
  };
  /** Drops every kept read: a change made in this process shows on the next request. */
  read.forget = () => kept.clear();
  return read;
};
