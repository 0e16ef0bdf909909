import { act, renderHook } from '@testing-library/react';
import type { Subject } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import type { ContractOrder } from '../../../protocol';

// One stream per contract, as streams/ keys them; the test decides what each says.
const streams = vi.hoisted(() => ({ orders: new Map<number, unknown>() }));
vi.mock('../../../src/app/contractStreams', async () => {
  const { Subject: S } = await import('rxjs');
  return {
    contracts: {
      order$: (id: number) => {
        if (!streams.orders.has(id)) streams.orders.set(id, new S());
        return streams.orders.get(id);
      },
    },
  };
});

const { useContractDetail } = await import('../../../src/hooks/useContracts');

const stream = (id: number) => streams.orders.get(id) as Subject<unknown>;
const GONE = { code: 404, msg: 'app.msg.contract_not_exist', data: null };

describe('useContractDetail', () => {
  it('answers the failure that ended a contract’s stream, so the page stops waiting', () => {
    const { result } = renderHook(() => useContractDetail(999_999));
    expect(result.current).toEqual({});
    act(() => stream(999_999).error(GONE));
    expect(result.current).toEqual({ failure: 'app.msg.contract_not_exist' });
  });

  it('never answers one contract’s state for another', () => {
    const { result, rerender } = renderHook(({ id }) => useContractDetail(id), { initialProps: { id: 7 } });
    act(() => stream(7).error(GONE));
    rerender({ id: 8 });
    expect(result.current).toEqual({});
    const order = { id: 8, status: 'pending' } as ContractOrder;
    act(() => stream(8).next(order));
    expect(result.current.order).toBe(order);
    expect(result.current.failure).toBeUndefined();
  });
});
