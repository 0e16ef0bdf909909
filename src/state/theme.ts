import { proxy, subscribe } from 'valtio';
import { KEYS, local } from './storage';

type Theme = 'dark' | 'light';

/** Dark is the exchange default; a reader's choice of light is remembered. */
export const themeState = proxy<{ theme: Theme }>({
  theme: local.get(KEYS.theme) === 'light' ? 'light' : 'dark',
});

export const applyTheme = () => {
  document.documentElement.dataset.theme = themeState.theme;
  document
    .querySelector('meta[name="theme-color"]')
    ?.setAttribute('content', themeState.theme === 'dark' ? '#0b0e14' : '#f5f7fa');
};

export const toggleTheme = () => {
  themeState.theme = themeState.theme === 'dark' ? 'light' : 'dark';
  local.set(KEYS.theme, themeState.theme);
};

subscribe(themeState, applyTheme);
