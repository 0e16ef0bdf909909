import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePolling } from '../../../src/hooks/usePolling';

let visibility: DocumentVisibilityState = 'visible';
const show = (state: DocumentVisibilityState) => {
  visibility = state;
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('usePolling', () => {
  it('asks every interval while the page is in view, nothing while it is hidden, and at once on its return', () => {
    const poll = vi.fn();
    renderHook(() => usePolling(poll, 5000));
    vi.advanceTimersByTime(10_000);
    expect(poll).toHaveBeenCalledTimes(2);
    show('hidden');
    vi.advanceTimersByTime(60_000);
    expect(poll).toHaveBeenCalledTimes(2);
    show('visible');
    expect(poll).toHaveBeenCalledTimes(3);
  });

  it('asks nothing while off or once gone, and the newest callback when it asks', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { rerender, unmount } = renderHook(({ poll, on }) => usePolling(poll, 5000, on), {
      initialProps: { poll: first, on: false },
    });
    vi.advanceTimersByTime(20_000);
    show('visible');
    expect(first).not.toHaveBeenCalled();
    rerender({ poll: second, on: true });
    vi.advanceTimersByTime(5000);
    expect(second).toHaveBeenCalledTimes(1);
    expect(first).not.toHaveBeenCalled();
    unmount();
    vi.advanceTimersByTime(20_000);
    show('visible');
    expect(second).toHaveBeenCalledTimes(1);
  });
});
