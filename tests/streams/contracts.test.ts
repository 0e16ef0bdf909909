import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CONTRACT_SETTINGS_CHANNEL,
  type ContractInfo,
  type ContractOrder,
  type ContractPage,
} from '../../protocol';
import { applyOpen, applySettled, createContractStreams } from '../../streams/contracts';
import { createServerClock } from '../../streams/serverTime';
import { fakeTransport } from './fakeTransport';
import { pageOfRows, type ListQuery } from './contractPages';

const DEVICE_T0 = Date.UTC(2027, 0, 15, 10, 0, 0);
/** This device's clock runs five minutes behind the server's. */
const SKEW = 5 * 60_000;

const order = (over: Partial<ContractOrder> = {}): ContractOrder => ({
  id: 1,
  pair: 'btcusdt',
  name: 'BTC/USDT',
  asset: 'USDT',
  direction: 'up',
  directionname: 'app.data.contract_up',
  cycle: 1,
  amount: '100',
  rate: '80.00',
  expected: '80',
  openAt: DEVICE_T0 + SKEW,
  closeAt: DEVICE_T0 + SKEW + 60_000,
  openPrice: '100.00',
  closePrice: null,
  status: 'pending',
  statusname: 'app.data.contract_pending',
  result: null,
  resultname: null,
  payout: null,
  profit: null,
  settledAt: null,
  openTick: { id: 7, ts: DEVICE_T0 + SKEW - 100, price: '100.00', source: 'simulator' },
  closeTick: null,
  ...over,
});
const settled = (o: ContractOrder): ContractOrder => ({
  ...o,
  status: 'completed',
  statusname: 'app.data.contract_completed',
  result: 'win',
  resultname: 'app.data.contract_win',
  closePrice: '100.50',
  payout: '180',
  profit: '80',
  settledAt: o.closeAt + 300,
  closeTick: { id: 9, ts: o.closeAt - 20, price: '100.50', source: 'simulator' },
});

const info = (): ContractInfo => ({
  pairs: [],
  directionname: { up: 'app.data.contract_up', down: 'app.data.contract_down' },
  statusname: {
    pending: 'app.data.contract_pending',
    closing: 'app.data.contract_closing',
    completed: 'app.data.contract_completed',
  },
  resultname: {
    win: 'app.data.contract_win',
    loss: 'app.data.contract_loss',
    tie: 'app.data.contract_tie',
    void: 'app.data.contract_void',
  },
  serverTime: Date.now() + SKEW,
});

const CYCLE = { minutes: 1, rate: '80.00', min: '10', max: '50000' };
const PAIR = { pair: 'bnbusdt', name: 'BNB/USDT', asset: 'USDT', enabled: true, cycles: [CYCLE] };

const setup = () => {
  const t = fakeTransport();
  const clock = createServerClock(t.transport);
  let current = order();
  const api = {
    info: vi.fn(async () => info()),
    list: vi.fn(async (q: ListQuery): Promise<ContractPage> => ({
      list: (q.state === 'open') === (current.status !== 'completed') ? [current] : [],
      page: q.page,
      size: q.size,
      total: 1,
    })),
    detail: vi.fn(async () => current),
  };
  const streams = createContractStreams({ transport: t.transport, api, clock });
  return { ...t, clock, api, streams, settle: () => (current = settled(current)) };
};

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(DEVICE_T0);
});
afterEach(() => vi.useRealTimers());

describe('contract streams', () => {
  it('counts down on server time, not on a device clock five minutes off, with the socket down', async () => {
    const s = setup();
    s.setState('reconnecting');
    const sub = s.streams.info$().subscribe();
    await vi.advanceTimersByTimeAsync(0);
    const seen: Array<number | undefined> = [];
    s.streams.countdown$(order().closeAt).subscribe((v) => seen.push(v));
    await vi.advanceTimersByTimeAsync(3000);
    // The device alone would say 360 s.
    expect(seen).toEqual([60, 59, 58, 57]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(seen.at(-1)).toBe(0);
    sub.unsubscribe();
  });

  it('reads the server time for a countdown shown without the info (the contract list), socket down', async () => {
    const s = setup();
    s.setState('reconnecting');
    const seen: Array<number | undefined> = [];
    const subs = [
      s.streams.countdown$(order().closeAt).subscribe((v) => seen.push(v)),
      s.streams.countdown$(order().closeAt + 10_000).subscribe(),
    ];
    await vi.advanceTimersByTimeAsync(2000);
    // Nothing until the server's time is known, never the device's guess (360 s), and it is read
    // once for every countdown started.
    expect(seen.filter((v) => v !== undefined)).toEqual([60, 59, 58]);
    expect(s.api.info).toHaveBeenCalledTimes(1);
    // Asked again while rendering, it is the same stream.
    expect(s.streams.countdown$(order().closeAt)).toBe(s.streams.countdown$(order().closeAt));
    subs.forEach((sub) => sub.unsubscribe());
  });

  it('polls the info and the open list while the socket is down, and stops once it is up', async () => {
    const s = setup();
    s.setState('reconnecting');
    const subs = [s.streams.info$().subscribe(), s.streams.open$('token').subscribe()];
    await vi.advanceTimersByTimeAsync(20_500);
    expect(s.api.info).toHaveBeenCalledTimes(3);
    expect(s.api.list).toHaveBeenCalledTimes(5);
    s.setState('open');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(s.api.info).toHaveBeenCalledTimes(4);
    expect(s.api.list).toHaveBeenCalledTimes(6);
    subs.forEach((x) => x.unsubscribe());
  });

  it('reads the info again at once when asked, between the refreshes of an open socket', async () => {
    const s = setup();
    s.setState('open');
    const seen: ContractInfo[] = [];
    const sub = s.streams.info$().subscribe((i) => seen.push(i));
    await vi.advanceTimersByTimeAsync(1000);
    expect(s.api.info).toHaveBeenCalledTimes(1);
    s.api.info.mockResolvedValueOnce({
      ...info(),
      pairs: [{ ...PAIR, cycles: [{ ...CYCLE, rate: '10.00' }] }],
    });
    s.streams.refreshInfo();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.api.info).toHaveBeenCalledTimes(2);
    expect(seen.at(-1)!.pairs[0]!.cycles[0]!.rate).toBe('10.00');
    sub.unsubscribe();
  });

  it('shows the terms an operator changes as soon as they are pushed, without reading the info', async () => {
    const s = setup();
    s.setState('open');
    const seen: ContractInfo[] = [];
    const sub = s.streams.info$().subscribe((i) => seen.push(i));
    await vi.advanceTimersByTimeAsync(1000);
    expect(s.live.has(CONTRACT_SETTINGS_CHANNEL)).toBe(true);
    const changed = [{ ...PAIR, cycles: [{ ...CYCLE, rate: '70.00' }] }];
    s.push(CONTRACT_SETTINGS_CHANNEL, 1, changed);
    expect(seen.at(-1)!.pairs).toEqual(changed);
    // The names and the clock sample are the last read's.
    expect(seen.at(-1)!.directionname).toEqual(info().directionname);
    expect(s.api.info).toHaveBeenCalledTimes(1);
    sub.unsubscribe();
  });

  it('keeps pushed terms over a read that was sent before the push and answers after it', async () => {
    const s = setup();
    s.setState('open');
    const seen: ContractInfo[] = [];
    const sub = s.streams.info$().subscribe((i) => seen.push(i));
    await vi.advanceTimersByTimeAsync(0);
    let answer!: (i: ContractInfo) => void;
    s.api.info.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    s.streams.refreshInfo();
    const changed = [{ ...PAIR, cycles: [{ ...CYCLE, rate: '70.00' }] }];
    s.push(CONTRACT_SETTINGS_CHANNEL, 1, changed);
    answer({ ...info(), pairs: [PAIR] });
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.at(-1)!.pairs).toEqual(changed);
    // A read sent after the push is the newest word again.
    s.api.info.mockResolvedValueOnce({ ...info(), pairs: [] });
    s.streams.refreshInfo();
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.at(-1)!.pairs).toEqual([]);
    sub.unsubscribe();
  });

  // Read as one page of the 50 newest, a reader with 56 running found the six closing soonest
  // missing from the contract screen, after a reload or coming back to it.
  it('holds every contract in progress, however many pages the server lists them on', async () => {
    const s = setup();
    s.setState('open');
    const running = Array.from({ length: 56 }, (_, i) => order({ id: 56 - i }));
    s.api.list.mockImplementation(async (q) => pageOfRows(q.state === 'open' ? running : [], q));
    const lists: ContractOrder[][] = [];
    const sub = s.streams.open$('token').subscribe((l) => lists.push(l));
    await vi.advanceTimersByTimeAsync(0);
    expect(lists.at(-1)!.map((o) => o.id)).toEqual(running.map((o) => o.id));
    sub.unsubscribe();
  });

  // Read by page numbers, the second page came after one of the first had settled: every row
  // after it had moved up one, and the first of the second page, now last of the first, was lost.
  it('misses no contract in progress when one settles between the reads of its pages', async () => {
    const s = setup();
    s.setState('open');
    let running = Array.from({ length: 56 }, (_, i) => order({ id: 56 - i }));
    s.api.list.mockImplementation(async (q) => {
      const page = pageOfRows(q.state === 'open' ? running : [], q);
      running = running.filter((o) => o.id !== 56);
      return page;
    });
    const lists: ContractOrder[][] = [];
    const sub = s.streams.open$('token').subscribe((l) => lists.push(l));
    await vi.advanceTimersByTimeAsync(0);
    const ids = lists.at(-1)!.map((o) => o.id);
    expect(ids).toEqual(Array.from({ length: 56 }, (_, i) => 56 - i));
    sub.unsubscribe();
  });

  it('moves a contract to the settled side when the push says so', async () => {
    const s = setup();
    s.setState('open');
    const lists: ContractOrder[][] = [];
    const sub = s.streams.open$('token').subscribe((l) => lists.push(l));
    await vi.advanceTimersByTimeAsync(0);
    expect(lists.at(-1)!.map((o) => o.id)).toEqual([1]);
    s.push('contracts', 1, order({ id: 2 }));
    s.push('contracts', 2, settled(order()));
    expect(lists.at(-1)!.map((o) => o.id)).toEqual([2]);
    sub.unsubscribe();
  });

  it('reads a later page of settled contracts again when one settles, its rows shifting by one', async () => {
    const s = setup();
    s.setState('open');
    const pages: ContractPage[] = [];
    const sub = s.streams.page$('token', 'settled', 2, 10).subscribe((p) => pages.push(p));
    await vi.advanceTimersByTimeAsync(0);
    const reads = () => s.api.list.mock.calls.filter(([q]) => q.state === 'settled' && q.page === 2).length;
    expect(reads()).toBe(1);
    // Still running: nothing moves.
    s.push('contracts', 1, order({ id: 3 }));
    await vi.advanceTimersByTimeAsync(300);
    expect(reads()).toBe(1);
    s.push('contracts', 2, settled(order({ id: 3 })));
    await vi.advanceTimersByTimeAsync(300);
    // The page as the server now has it, in place of the one shown until it came.
    expect(reads()).toBe(2);
    expect(pages.at(-1)).toEqual(await s.api.list.mock.results.at(-1)!.value);
    sub.unsubscribe();
  });

  // The open list was read once, 50 newest: a reader with 56 running saw 50 and no pager, the
  // six closing soonest out of sight until some settled.
  it('pages the contracts in progress, reading a page again when one opens or settles', async () => {
    const s = setup();
    s.setState('open');
    const pages: ContractPage[] = [];
    const sub = s.streams.page$('token', 'open', 2, 10).subscribe((p) => pages.push(p));
    await vi.advanceTimersByTimeAsync(0);
    const reads = () => s.api.list.mock.calls.filter(([q]) => q.state === 'open' && q.page === 2).length;
    expect(reads()).toBe(1);
    s.push('contracts', 1, order({ id: 3 }));
    await vi.advanceTimersByTimeAsync(300);
    expect(reads()).toBe(2);
    s.push('contracts', 2, settled(order({ id: 2 })));
    await vi.advanceTimersByTimeAsync(300);
    expect(reads()).toBe(3);
    expect(pages.at(-1)).toEqual(await s.api.list.mock.results.at(-1)!.value);
    sub.unsubscribe();
  });

  // Contracts opened together settle together, each pushed on its own: every push read the page
  // again, fifty settling at once fifty reads against the account's rate limit.
  it.each(['open', 'settled'] as const)(
    'reads a later page of %s contracts once for a burst of settlements',
    async (state) => {
      const s = setup();
      s.setState('open');
      const sub = s.streams.page$('token', state, 2, 10).subscribe();
      await vi.advanceTimersByTimeAsync(0);
      const reads = () => s.api.list.mock.calls.filter(([q]) => q.state === state && q.page === 2).length;
      for (let id = 10; id < 60; id++) s.push('contracts', id, settled(order({ id })));
      await vi.advanceTimersByTimeAsync(1000);
      expect(reads()).toBe(2);
      sub.unsubscribe();
    },
  );

  // Nothing about a contract changes before its close: with the socket down, every running row
  // asked every 3 s even so, and thirty of them ran into the account's rate limit.
  it.each(['open', 'reconnecting'] as const)(
    'follows one contract to its result by polling once due, even with no push at all (socket %s)',
    async (state) => {
      const s = setup();
      s.setState(state);
      const seen: ContractOrder[] = [];
      s.streams.info$().subscribe();
      const sub = s.streams.order$(1).subscribe((o) => seen.push(o));
      await vi.advanceTimersByTimeAsync(30_000);
      // Not due yet: one snapshot, no polling.
      expect(s.api.detail).toHaveBeenCalledTimes(1);
      s.settle();
      await vi.advanceTimersByTimeAsync(33_000);
      expect(seen.at(-1)).toMatchObject({ status: 'completed', result: 'win', payout: '180' });
      const calls = s.api.detail.mock.calls.length;
      await vi.advanceTimersByTimeAsync(10_000);
      expect(s.api.detail).toHaveBeenCalledTimes(calls);
      sub.unsubscribe();
    },
  );

  it('polls a running contract with the socket down while the server’s time is not known', async () => {
    const s = setup();
    s.setState('reconnecting');
    s.api.info.mockRejectedValue({ code: 0, msg: 'app.msg.network_error', data: null });
    const sub = s.streams.order$(1).subscribe();
    await vi.advanceTimersByTimeAsync(30_000);
    // By the device's clock alone, five minutes behind the server's, the close would be late.
    expect(s.api.detail.mock.calls.length).toBeGreaterThanOrEqual(10);
    sub.unsubscribe();
  });

  it('asks once for a contract the server does not know and ends its stream with that failure', async () => {
    const s = setup();
    s.setState('reconnecting');
    const gone = { code: 404, msg: 'app.msg.contract_not_exist', data: null };
    s.api.detail.mockRejectedValue(gone);
    const failures: unknown[] = [];
    s.streams.order$(999_999).subscribe({ error: (e) => failures.push(e) });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(s.api.detail).toHaveBeenCalledTimes(1);
    expect(failures).toEqual([gone]);
  });

  it('keeps asking for a contract while the failure is only the network’s', async () => {
    const s = setup();
    s.setState('reconnecting');
    s.api.detail.mockRejectedValue({ code: 0, msg: 'app.msg.network_error', data: null });
    const sub = s.streams.order$(1).subscribe();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(s.api.detail.mock.calls.length).toBeGreaterThan(3);
    sub.unsubscribe();
  });

  it('never lets an older state replace a newer one', () => {
    const done = settled(order());
    expect(applyOpen([order()], done)).toEqual([]);
    expect(applyOpen([], order({ id: 3 })).map((o) => o.id)).toEqual([3]);
    const page = { list: [], page: 1, size: 20, total: 0 };
    expect(applySettled(page, done).list).toEqual([done]);
    expect(applySettled(applySettled(page, done), done).total).toBe(1);
    expect(applySettled({ ...page, page: 2 }, done).list).toEqual([]);
  });

  it('puts a contract settled live where the server lists it: newest opened first', () => {
    // A 3-minute contract opened a second before a 1-minute one settles after it: on top it read
    // "10:00:00" above "10:00:01", and a reload put them the other way round.
    const oneMinute = settled(order({ id: 5 }));
    const threeMinutes = settled(order({ id: 4, cycle: 3 }));
    const first = applySettled({ list: [], page: 1, size: 2, total: 0 }, oneMinute);
    expect(applySettled(first, threeMinutes).list.map((o) => o.id)).toEqual([5, 4]);
    // One opened before every contract of a full page belongs to a later page.
    const full = { list: [settled(order({ id: 9 })), settled(order({ id: 8 }))], page: 1, size: 2, total: 2 };
    const later = applySettled(full, threeMinutes);
    expect(later.list.map((o) => o.id)).toEqual([9, 8]);
    expect(later.total).toBe(3);
  });
});
