import { describe, expect, it } from 'vitest';
import { safeRedirect } from '../../../src/app/safeRedirect';

describe('return after login', () => {
  it('goes back to the in-app path the gate saved', () => {
    expect(safeRedirect('/assets')).toBe('/assets');
    expect(safeRedirect('/marketDetail?coinPair=ethusdt')).toBe('/marketDetail?coinPair=ethusdt');
  });

  it('goes home without one, and never off-site', () => {
    expect(safeRedirect(null)).toBe('/home');
    expect(safeRedirect('https://evil.example')).toBe('/home');
    expect(safeRedirect('//evil.example')).toBe('/home');
    expect(safeRedirect('/\\evil.example')).toBe('/home');
  });

  it('goes home rather than back to a sign-in screen', () => {
    expect(safeRedirect('/login')).toBe('/home');
    expect(safeRedirect('/login?redirect=%2Fassets')).toBe('/home');
    expect(safeRedirect('/register')).toBe('/home');
    expect(safeRedirect('/forgetPwd')).toBe('/home');
    expect(safeRedirect('/loginHelp')).toBe('/loginHelp');
  });
});
