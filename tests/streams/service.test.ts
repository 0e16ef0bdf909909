import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServiceMessage } from '../../protocol';
import { SERVICE_POLL_MS, applyServiceMessage, createServiceStreams } from '../../streams/service';
import { FIRST_OPEN_GRACE_MS } from '../../streams/synced';
import { fakeTransport } from './fakeTransport';

const m = (id: number, from: ServiceMessage['from'] = 'operator'): ServiceMessage => ({
  id,
  from,
  body: `message ${id}`,
  createdAt: id,
});
const ids = (thread: readonly ServiceMessage[]) => thread.map((x) => x.id);

describe('a thread with one message more', () => {
  it('keeps the order written and shows a message it holds once', () => {
    const thread = [m(1, 'user'), m(3)];
    expect(ids(applyServiceMessage(thread, m(4)))).toEqual([1, 3, 4]);
    // One written before the last held (its push came late) goes in its place.
    expect(ids(applyServiceMessage(thread, m(2)))).toEqual([1, 2, 3]);
    expect(applyServiceMessage(thread, m(3))).toBe(thread);
  });
});

describe('the thread stream', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A thread over a transport the test drives, and the server's thread as the REST call reads it. */
  const setup = (server: ServiceMessage[]) => {
    const t = fakeTransport();
    const api = { messages: vi.fn(async () => [...server]) };
    const service = createServiceStreams({ transport: t.transport, api });
    const seen: number[][] = [];
    const sub = service.thread$('token-a').subscribe((thread) => seen.push(ids(thread)));
    return { t, api, service, seen, sub };
  };

  it('takes pushed messages while the socket is up, and never polls then', async () => {
    const server = [m(1, 'user')];
    const { t, api, seen, sub } = setup(server);
    t.setState('open');
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.at(-1)).toEqual([1]);
    t.push('service', 1, m(2));
    expect(seen.at(-1)).toEqual([1, 2]);
    // The same message again (another tab's send answered meanwhile) is not shown twice.
    t.push('service', 2, m(2));
    expect(seen.at(-1)).toEqual([1, 2]);
    await vi.advanceTimersByTimeAsync(SERVICE_POLL_MS * 5);
    expect(api.messages).toHaveBeenCalledTimes(1);
    sub.unsubscribe();
  });

  it('polls while the socket is down, stops once it is up, and reads once on the way back', async () => {
    const server = [m(1, 'user')];
    const { t, api, seen, sub } = setup(server);
    t.setState('reconnecting');
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.at(-1)).toEqual([1]);
    server.push(m(2));
    await vi.advanceTimersByTimeAsync(SERVICE_POLL_MS);
    expect(seen.at(-1)).toEqual([1, 2]);
    expect(api.messages).toHaveBeenCalledTimes(2);

    t.setState('open');
    await vi.advanceTimersByTimeAsync(0);
    expect(api.messages).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(SERVICE_POLL_MS * 3);
    expect(api.messages).toHaveBeenCalledTimes(3);

    // Down again: what was written meanwhile comes with the read made when the socket is back.
    t.setState('reconnecting');
    server.push(m(3));
    t.setState('open');
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.at(-1)).toEqual([1, 2, 3]);
    sub.unsubscribe();
  });

  it('waits for a first socket a moment before polling', async () => {
    const { api, sub } = setup([]);
    await vi.advanceTimersByTimeAsync(FIRST_OPEN_GRACE_MS - 1);
    expect(api.messages).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(api.messages).toHaveBeenCalledTimes(1);
    sub.unsubscribe();
  });

  it('shows a message sent at once from the send’s answer, in the thread of that login only', async () => {
    const { t, service, seen, sub } = setup([m(1)]);
    const other: number[][] = [];
    const otherSub = service.thread$('token-b').subscribe((thread) => other.push(ids(thread)));
    t.setState('reconnecting');
    await vi.advanceTimersByTimeAsync(0);
    service.noteThread('token-a', [m(1), m(2, 'user')]);
    expect(seen.at(-1)).toEqual([1, 2]);
    expect(other.at(-1)).toEqual([1]);
    sub.unsubscribe();
    otherSub.unsubscribe();
  });
});
