import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { localFailure } from '../../../src/api/client';
import { useRemote } from '../../../src/hooks/useRemote';
import { networkState, noteServerAnswers } from '../../../src/state/network';
import { setupI18n } from '../../setup/i18n';

beforeAll(setupI18n);
afterEach(() => noteServerAnswers(true));

/** A read the network failed, as the REST client fails it: the server is noted silent, then the
 * call rejects with no answer. */
const noAnswer = () => {
  noteServerAnswers(false);
  return Promise.reject(localFailure('app.msg.network_error'));
};

describe('useRemote', () => {
  it('asks again a read that got no answer once the server answers again, and shows what it reads', async () => {
    const load = vi.fn().mockImplementationOnce(noAnswer).mockResolvedValue(['notice']);
    const { result } = renderHook(() => useRemote(load));
    await waitFor(() => expect(result.current.failure).toBe('app.msg.network_error'));
    expect(load).toHaveBeenCalledTimes(1);
    // Another call (a poll of the prices) is answered: the network is back.
    act(() => noteServerAnswers(true));
    await waitFor(() => expect(result.current.data).toEqual(['notice']));
    expect(result.current.failure).toBeUndefined();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('asks again when the browser says the network is back', async () => {
    const load = vi.fn().mockImplementationOnce(noAnswer).mockResolvedValue(['slide']);
    const { result } = renderHook(() => useRemote(load));
    await waitFor(() => expect(result.current.failure).toBe('app.msg.network_error'));
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(result.current.data).toEqual(['slide']));
  });

  it('does not ask again a read the server refused, one that failed with the server answering, nor one gone from the screen', async () => {
    const refused = vi.fn(() => Promise.reject(localFailure('app.msg.record_not_found')));
    const { result } = renderHook(() => useRemote(refused));
    await waitFor(() => expect(result.current.failure).toBe('app.msg.record_not_found'));
    act(() => {
      noteServerAnswers(false);
      noteServerAnswers(true);
      window.dispatchEvent(new Event('online'));
    });
    expect(refused).toHaveBeenCalledTimes(1);

    // Failed with the server answering all along (a fault of the read itself): asking again at
    // once would only fail again, over and over.
    const broken = vi.fn(() => Promise.reject(new Error('broken')));
    const { result: faulty } = renderHook(() => useRemote(broken));
    await waitFor(() => expect(faulty.current.failure).toBe('app.msg.network_error'));
    await new Promise((r) => setTimeout(r, 50));
    expect(broken).toHaveBeenCalledTimes(1);

    const lost = vi.fn(noAnswer);
    const { result: gone, unmount } = renderHook(() => useRemote(lost));
    await waitFor(() => expect(gone.current.failure).toBe('app.msg.network_error'));
    unmount();
    act(() => noteServerAnswers(true));
    expect(networkState.serverAnswers).toBe(true);
    expect(lost).toHaveBeenCalledTimes(1);
  });
});
