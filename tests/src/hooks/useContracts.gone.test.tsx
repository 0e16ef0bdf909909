import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeTransport } from '../../streams/fakeTransport';

const GONE = { code: 404, msg: 'app.msg.contract_not_exist', data: null };
// The real contract streams (keyed, reset on error) over a transport and an API the test drives.
const api = vi.hoisted(() => ({
  info: vi.fn(),
  list: vi.fn(),
  detail: vi.fn(),
}));
vi.mock('../../../src/app/contractStreams', async () => {
  const { createContractStreams } = await import('../../../streams/contracts');
  const { createServerClock } = await import('../../../streams/serverTime');
  const { transport } = fakeTransport();
  return { contracts: createContractStreams({ transport, api, clock: createServerClock(transport) }) };
});

const { useContractDetail } = await import('../../../src/hooks/useContracts');

afterEach(() => vi.useRealTimers());

describe('useContractDetail of a contract the server does not have', () => {
  it('asks once and says so, rather than asking again at every render it causes', async () => {
    vi.useFakeTimers();
    api.detail.mockRejectedValue(GONE);
    const { result } = renderHook(() => useContractDetail(99_999));
    // Step by step, so that each render the answer causes gets its own turn of the clock.
    for (let i = 0; i < 10; i++) await act(() => vi.advanceTimersByTimeAsync(500));
    expect(result.current).toEqual({ failure: 'app.msg.contract_not_exist' });
    expect(api.detail).toHaveBeenCalledTimes(1);
  });
});
