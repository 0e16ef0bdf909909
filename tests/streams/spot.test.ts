import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SpotOrderView } from '../../protocol/spot';
import { GAP, type Step } from '../../streams/reducers';
import { OPEN_ORDERS_SIZE, applyOrder, createSpotStreams, type PairOpenOrders } from '../../streams/spot';
import { fakeTransport } from './fakeTransport';

const o = (id: number, over: Partial<SpotOrderView> = {}): SpotOrderView => ({
  id,
  pair: 'btcusdt',
  side: 'buy',
  type: 'limit',
  price: '1.00',
  qty: '1.00000',
  amount: '1',
  filledQty: '0.00000',
  filledAmount: '0',
  avgPrice: null,
  fee: '0',
  feeAsset: 'BTC',
  status: 'app.data.order_pending',
  clientOid: null,
  createdAt: 1,
  updatedAt: 1,
  ...over,
});

/** The state after each update in turn, from `state`: a GAP stops there. */
const applied = (state: Step<PairOpenOrders>, ...updates: SpotOrderView[]): Step<PairOpenOrders> =>
  updates.reduce<Step<PairOpenOrders>>((s, u) => (s === GAP ? s : applyOrder(s, 'btcusdt', u)), state);
const held = (s: Step<PairOpenOrders>) =>
  s === GAP ? 'gap' : { ids: s.list.map((x) => x.id), total: s.total };
/** The newest OPEN_ORDERS_SIZE of `total` open orders, numbered 1 (oldest) to `total`. */
const newest = (total: number): PairOpenOrders => ({
  list: Array.from({ length: Math.min(total, OPEN_ORDERS_SIZE) }, (_, i) => o(total - i)),
  total,
});

describe('open orders from pushes', () => {
  it('adds new open orders on top, updates fills, drops finished ones and other pairs', () => {
    let state = applied({ list: [], total: 0 }, o(1), o(2));
    expect(held(state)).toEqual({ ids: [2, 1], total: 2 });
    state = applied(state, o(1, { filledQty: '0.50000', updatedAt: 2 }));
    expect(state !== GAP && state.list.find((x) => x.id === 1)?.filledQty).toBe('0.50000');
    state = applied(state, o(3, { pair: 'ethusdt' }));
    expect(held(state)).toEqual({ ids: [2, 1], total: 2 });
    state = applied(state, o(2, { status: 'app.data.order_completed', updatedAt: 3 }));
    expect(held(state)).toEqual({ ids: [1], total: 1 });
  });

  it('never lets an older state (a late poll) undo a newer one', () => {
    const state = applied(
      { list: [o(1, { filledQty: '0.50000', updatedAt: 5 })], total: 1 },
      o(1, { updatedAt: 4 }),
    );
    expect(state !== GAP && state.list[0]!.filledQty).toBe('0.50000');
  });

  it('holds the newest of the pair’s open orders and counts the rest', () => {
    // 73 open, 50 held (24 to 73): a new one goes on top and pushes the oldest held out.
    const more = applied(newest(73), o(74));
    expect(held(more)).toEqual({ ids: Array.from({ length: 50 }, (_, i) => 74 - i), total: 74 });
    // An order not held fills in part: nothing shown changes; it finishes: one fewer.
    expect(held(applied(newest(73), o(3, { filledQty: '0.50000', updatedAt: 2 })))).toEqual(held(newest(73)));
    expect(held(applied(newest(73), o(3, { status: 'app.data.order_cancelled', updatedAt: 2 })))).toEqual({
      ids: newest(73).list.map((x) => x.id),
      total: 72,
    });
    // A held one finishes: it leaves the list and the count.
    expect(
      held(applied(newest(73), o(60, { status: 'app.data.order_completed', updatedAt: 2 }))),
    ).toMatchObject({
      total: 72,
    });
  });

  it('asks for a fresh snapshot when the last held order goes and others are still open', () => {
    const state = { list: [o(9)], total: 4 };
    expect(applied(state, o(9, { status: 'app.data.order_cancelled', updatedAt: 2 }))).toBe(GAP);
    expect(
      held(applied({ list: [o(9)], total: 1 }, o(9, { status: 'app.data.order_cancelled', updatedAt: 2 }))),
    ).toEqual({
      ids: [],
      total: 0,
    });
  });

  it('shows the next open orders, fetched again, once the socket says the last held one went', async () => {
    const t = fakeTransport();
    const pages = [
      { list: [o(9)], total: 3 },
      { list: [o(2), o(1)], total: 2 },
    ];
    const api = {
      openOrders: vi.fn(async () => ({ ...pages.shift()!, page: 1, size: OPEN_ORDERS_SIZE })),
      balances: vi.fn(async () => []),
    };
    const spot = createSpotStreams({ transport: t.transport, api });
    const seen: Array<ReturnType<typeof held>> = [];
    const sub = spot.openOrders$('token', 'btcusdt').subscribe((s) => seen.push(held(s)));
    t.setState('open');
    await vi.waitFor(() => expect(seen.at(-1)).toEqual({ ids: [9], total: 3 }));
    t.push('orders', 1, o(9, { status: 'app.data.order_cancelled', updatedAt: 2 }));
    await vi.waitFor(() => expect(seen.at(-1)).toEqual({ ids: [2, 1], total: 2 }));
    expect(api.openOrders).toHaveBeenCalledTimes(2);
    sub.unsubscribe();
  });
});

describe('open orders from the client\u2019s own answers', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows an order placed or cancelled at once, with the socket down, before the next poll', async () => {
    const t = fakeTransport();
    t.setState('reconnecting');
    const api = {
      openOrders: vi.fn(async () => ({ list: [o(1)], page: 1, size: 50, total: 1 })),
      balances: vi.fn(async () => []),
    };
    const spot = createSpotStreams({ transport: t.transport, api });
    const seen: number[][] = [];
    const sub = spot
      .openOrders$('token', 'btcusdt')
      .subscribe(({ list }) => seen.push(list.map((x) => x.id)));
    await vi.advanceTimersByTimeAsync(10);
    expect(seen.at(-1)).toEqual([1]);
    spot.noteOrder('token', o(2, { updatedAt: 2 }));
    expect(seen.at(-1)).toEqual([2, 1]);
    spot.noteOrder('token', o(1, { status: 'app.data.order_cancelled', updatedAt: 3 }));
    expect(seen.at(-1)).toEqual([2]);
    expect(api.openOrders).toHaveBeenCalledTimes(1);
    sub.unsubscribe();
  });

  it('keeps an order placed or cancelled while a poll was under way, which that poll cannot know of', async () => {
    const t = fakeTransport();
    t.setState('reconnecting');
    const answers: Array<(page: { list: SpotOrderView[]; total: number }) => void> = [];
    const api = {
      openOrders: vi.fn(
        () =>
          new Promise<{ list: SpotOrderView[]; total: number; page: number; size: number }>((resolve) =>
            answers.push((p) => resolve({ ...p, page: 1, size: 50 })),
          ),
      ),
      balances: vi.fn(async () => []),
    };
    const spot = createSpotStreams({ transport: t.transport, api });
    const seen: string[][] = [];
    const sub = spot
      .openOrders$('token', 'btcusdt')
      .subscribe(({ list }) => seen.push(list.map((x) => `${x.id}: ${x.filledQty}`)));
    await vi.advanceTimersByTimeAsync(10);
    answers.shift()!({ list: [o(1)], total: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.at(-1)).toEqual(['1: 0.00000']);
    // The next poll goes out; order 2 is placed and order 1 cancelled before it is answered.
    await vi.advanceTimersByTimeAsync(3000);
    expect(answers).toHaveLength(1);
    spot.noteOrder('token', o(2, { updatedAt: 2 }));
    spot.noteOrder('token', o(1, { status: 'app.data.order_cancelled', updatedAt: 3 }));
    expect(seen.at(-1)).toEqual(['2: 0.00000']);
    answers.shift()!({ list: [o(1)], total: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.at(-1)).toEqual(['2: 0.00000']);
    // The poll after them knows of both; an earlier one answered after it is not taken.
    await vi.advanceTimersByTimeAsync(3000);
    await vi.advanceTimersByTimeAsync(3000);
    expect(answers).toHaveLength(2);
    answers[1]!({ list: [o(2, { filledQty: '0.50000', updatedAt: 4 })], total: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.at(-1)).toEqual(['2: 0.50000']);
    answers[0]!({ list: [o(2, { updatedAt: 2 })], total: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.at(-1)).toEqual(['2: 0.50000']);
    sub.unsubscribe();
  });
});

describe('balances after the client\u2019s own orders', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('are read again at once when an order is answered with the socket down, not at the next poll', async () => {
    const t = fakeTransport();
    t.setState('reconnecting');
    const answers = [
      [{ asset: 'USDT', available: '100', frozen: '0' }],
      [{ asset: 'USDT', available: '90', frozen: '10' }],
    ];
    const api = {
      openOrders: vi.fn(async () => ({ list: [], page: 1, size: 50, total: 0 })),
      balances: vi.fn(async () => answers.shift()!),
    };
    const spot = createSpotStreams({ transport: t.transport, api });
    const seen: string[] = [];
    const sub = spot.balances$('token').subscribe((b) => seen.push(b[0]!.available));
    await vi.advanceTimersByTimeAsync(10);
    expect(seen).toEqual(['100']);
    // Another login's order moves none of this one's balances.
    spot.noteOrder('other', o(2));
    await vi.advanceTimersByTimeAsync(10);
    expect(api.balances).toHaveBeenCalledTimes(1);
    spot.noteOrder('token', o(2));
    await vi.advanceTimersByTimeAsync(10);
    expect(seen).toEqual(['100', '90']);
    sub.unsubscribe();
  });
});

describe('the private streams of one login and the next', () => {
  // A logout and a login as someone else within the streams' keep-alive (another tab logging out
  // and in, which sends this one back to the screen it was on) showed the new reader the previous
  // one's balances and open orders, replayed at once, until the next read came.
  it('never replay one login’s balances or open orders to another', async () => {
    const t = fakeTransport();
    t.setState('open');
    let who = 'a';
    const api = {
      openOrders: vi.fn(async () => ({
        list: who === 'a' ? [o(1)] : [],
        page: 1,
        size: 50,
        total: who === 'a' ? 1 : 0,
      })),
      balances: vi.fn(async () => [{ asset: 'USDT', available: who === 'a' ? '500' : '7', frozen: '0' }]),
    };
    const spot = createSpotStreams({ transport: t.transport, api });
    const seenA: string[] = [];
    const a = [
      spot.balances$('token-a').subscribe((b) => seenA.push(b[0]!.available)),
      spot.openOrders$('token-a', 'btcusdt').subscribe(),
    ];
    await vi.waitFor(() => expect(seenA).toEqual(['500']));
    a.forEach((s) => s.unsubscribe());
    who = 'b';
    const balancesB: string[] = [];
    const ordersB: number[][] = [];
    const b = [
      spot.balances$('token-b').subscribe((x) => balancesB.push(x[0]!.available)),
      spot.openOrders$('token-b', 'btcusdt').subscribe(({ list }) => ordersB.push(list.map((x) => x.id))),
    ];
    await vi.waitFor(() => expect(balancesB).toContain('7'));
    await vi.waitFor(() => expect(ordersB).toContainEqual([]));
    expect(balancesB).toEqual(['7']);
    expect(ordersB).toEqual([[]]);
    // An order answered to one login's form is shown in that login's list only.
    spot.noteOrder('token-a', o(3, { updatedAt: 3 }));
    expect(ordersB).toEqual([[]]);
    b.forEach((s) => s.unsubscribe());
  });
});
