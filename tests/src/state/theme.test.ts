import { describe, expect, it } from 'vitest';
import { applyTheme, themeState, toggleTheme } from '../../../src/state/theme';

describe('theme', () => {
  it('is dark by default and switches to light and back, remembered on the device', async () => {
    applyTheme();
    expect(themeState.theme).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    toggleTheme();
    await Promise.resolve();
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
    toggleTheme();
    await Promise.resolve();
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
  });
});
