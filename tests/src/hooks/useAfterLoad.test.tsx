import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAfterLoad } from '../../../src/hooks/useAfterLoad';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('useAfterLoad', () => {
  it('turns true only after the page has loaded and an idle moment has passed', () => {
    vi.useFakeTimers();
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const { result } = renderHook(() => useAfterLoad());
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe(false);
    act(() => {
      window.dispatchEvent(new Event('load'));
    });
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(200));
    expect(result.current).toBe(true);
  });

  it('does not wait for a load event that has already fired, only for the settling time', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useAfterLoad(1500));
    act(() => vi.advanceTimersByTime(1500));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(200));
    expect(result.current).toBe(true);
  });
});
