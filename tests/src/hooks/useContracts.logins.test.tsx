import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContractOrder } from '../../../protocol';
import { clearUser, currentUser, setUser } from '../../../src/state/session';

/** Each login's running and settled contracts, as the server would answer that login's token. */
const held = vi.hoisted(() => ({ open: new Map<string, number[]>(), settled: new Map<string, number[]>() }));

// The app's contract streams, real, over a socket the test holds open and REST calls answered as
// the logged-in reader's.
vi.mock('../../../src/app/contractStreams', async () => {
  const { openContractStreams } = await import('../../streams/contractPages');
  const { INFO, pending, won } = await import('../screens/contract/fixtures');
  const ids = (m: Map<string, number[]>) => m.get(currentUser()?.token ?? '') ?? [];
  return {
    contracts: await openContractStreams({
      info: async () => INFO,
      detail: async () => Promise.reject(new Error('not asked')),
      list: async ({ state, page, size }) => {
        const list: ContractOrder[] =
          state === 'open'
            ? ids(held.open).map((id) => pending({ id }))
            : ids(held.settled).map((id) => won({ id }));
        return { list, total: list.length, page, size };
      },
    }),
  };
});

const { useOpenContracts, useContractPage } = await import('../../../src/hooks/useContracts');

afterEach(() => clearUser());

describe('the contract hooks across a logout and another login', () => {
  // As with the spot hooks: the lists left warm by the previous reader showed the next one their
  // running contracts, countdowns and all, and their results, until the next read.
  it('show the next reader none of the previous one’s running or settled contracts', async () => {
    held.open.set('token-a', [31]);
    held.settled.set('token-a', [30]);
    held.open.set('token-b', []);
    held.settled.set('token-b', []);
    setUser({ token: 'token-a', userinfo: { certification: 2 } });
    const a = renderHook(() => ({ open: useOpenContracts(), settled: useContractPage('settled', 1, 10) }));
    await waitFor(() => expect(a.result.current.open?.map((o) => o.id)).toEqual([31]));
    await waitFor(() => expect(a.result.current.settled?.list.map((o) => o.id)).toEqual([30]));
    a.unmount();

    clearUser();
    setUser({ token: 'token-b', userinfo: { certification: 2 } });
    const seen: number[] = [];
    const b = renderHook(() => {
      const value = { open: useOpenContracts(), settled: useContractPage('settled', 1, 10) };
      seen.push(...(value.open ?? []).map((o) => o.id), ...(value.settled?.list ?? []).map((o) => o.id));
      return value;
    });
    await waitFor(() => expect(b.result.current.open).toEqual([]));
    await waitFor(() => expect(b.result.current.settled?.list).toEqual([]));
    expect(seen).toEqual([]);
    b.unmount();
  });
});
