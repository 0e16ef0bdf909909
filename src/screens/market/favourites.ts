import { useSyncExternalStore } from 'react';
import { local, readJson } from '../../state/storage';

/** The reader's starred pairs, kept on this device. */
const FAVOURITES_KEY = 'favouritePairs';

const listeners = new Set<() => void>();
let cache: { raw: string | null; list: readonly string[] } = { raw: null, list: [] };

const read = (): readonly string[] => {
  const raw = local.get(FAVOURITES_KEY);
  if (raw !== cache.raw) {
    const parsed = readJson<unknown>(raw);
    cache = {
      raw,
      list: Array.isArray(parsed) ? parsed.filter((p): p is string => typeof p === 'string') : [],
    };
  }
  return cache.list;
};

export const toggleFavourite = (pair: string) => {
  const list = read();
  const next = list.includes(pair) ? list.filter((p) => p !== pair) : [...list, pair];
  local.set(FAVOURITES_KEY, JSON.stringify(next));
  listeners.forEach((l) => l());
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => e.key === FAVOURITES_KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
};

export const useFavourites = () => useSyncExternalStore(subscribe, read, read);
