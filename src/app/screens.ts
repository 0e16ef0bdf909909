import type { ComponentType } from 'react';

type ScreenModule = { default: ComponentType };

/** Screens built so far, by route name, each its own chunk. A route missing here shows its titled
 * shell until the issue that owns it lands. */
export const SCREENS: Partial<Record<string, () => Promise<ScreenModule>>> = {
  home: () => import('../screens/home/HomeScreen'),
  lang: () => import('../screens/lang/LangScreen'),
  '404': () => import('../screens/notFound/NotFoundScreen'),
  test: () => import('../screens/test/TestScreen'),
};

export const loadScreen = (name: string): Promise<ScreenModule> =>
  (SCREENS[name] ?? (() => import('../screens/pending/PendingScreen')))();
