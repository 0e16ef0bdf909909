/** Browser storage that never throws: private modes and full quotas must not break the app. */
const safe = <T>(fn: () => T, fallback: T): T => {
  try {
    return fn();
  } catch {
    return fallback;
  }
};

export const local = {
  get: (key: string): string | null => safe(() => window.localStorage.getItem(key), null),
  set: (key: string, value: string) => safe(() => window.localStorage.setItem(key, value), undefined),
  remove: (key: string) => safe(() => window.localStorage.removeItem(key), undefined),
};

export const session = {
  get: (key: string): string | null => safe(() => window.sessionStorage.getItem(key), null),
  set: (key: string, value: string) => safe(() => window.sessionStorage.setItem(key, value), undefined),
};

export const readJson = <T>(raw: string | null): T | null =>
  raw ? safe(() => JSON.parse(raw) as T, null) : null;

/** The storage keys the spec names (§3), in one place. */
export const KEYS = {
  user: 'user',
  lang: 'lang',
  notShownToday: 'notShownToday',
  lastDate: 'lastDate',
  sessionObj: 'sessionObj',
  theme: 'theme',
  downloadBannerClosed: 'downloadBannerClosed',
} as const;
