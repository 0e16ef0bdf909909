import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { REPEAT_WINDOW_MS, api, http, isRepeatSubmit } from '../../../src/api/client';
import { setNavigator } from '../../../src/api/navigation';
import { setupI18n } from '../../setup/i18n';
import { TEXT, ok, resetUi, stubAdapter, toastTexts } from './helpers';

const originalAdapter = http.defaults.adapter;
const T0 = new Date('2024-05-01T10:00:00.000Z').getTime();
const REPEAT = { code: 0, msg: 'app.msg.do_not_resubmit', data: null };

const at = (ms: number) => vi.setSystemTime(T0 + ms);

beforeAll(async () => {
  await setupI18n();
});

beforeEach(() => {
  resetUi();
  setNavigator(vi.fn());
  vi.useFakeTimers();
  at(0);
});

afterEach(() => {
  vi.useRealTimers();
  http.defaults.adapter = originalAdapter;
  vi.restoreAllMocks();
});

describe('REST client: repeated submissions (§7)', () => {
  it('uses a 1000 ms window', () => {
    expect(REPEAT_WINDOW_MS).toBe(1000);
  });

  it('rejects the same POST within 1000 ms locally, without calling the server, and toasts', async () => {
    const adapter = stubAdapter(ok({ id: 1 }));
    await expect(api.post('/order/create', { symbol: 'btc', amount: '1' })).resolves.toEqual({ id: 1 });
    at(999);
    await expect(api.post('/order/create', { symbol: 'btc', amount: '1' })).rejects.toEqual(REPEAT);
    expect(adapter).toHaveBeenCalledTimes(1);
    expect(toastTexts()).toEqual([TEXT.doNotResubmit]);
  });

  it('lets the same POST through once 1000 ms have passed', async () => {
    const adapter = stubAdapter(ok(null));
    await api.post('/order/create', { amount: '1' });
    at(1000);
    await expect(api.post('/order/create', { amount: '1' })).resolves.toBeNull();
    expect(adapter).toHaveBeenCalledTimes(2);
    expect(toastTexts()).toEqual([]);
  });

  it('lets a POST with a different body through at once', async () => {
    const adapter = stubAdapter(ok(null));
    await api.post('/order/create', { amount: '1' });
    await expect(api.post('/order/create', { amount: '2' })).resolves.toBeNull();
    await expect(api.post('/order/create')).resolves.toBeNull();
    expect(adapter).toHaveBeenCalledTimes(3);
    expect(toastTexts()).toEqual([]);
  });

  it('lets the same body to a different URL through at once', async () => {
    const adapter = stubAdapter(ok(null));
    await api.post('/order/create', { amount: '1' });
    await expect(api.post('/order/cancel', { amount: '1' })).resolves.toBeNull();
    expect(adapter).toHaveBeenCalledTimes(2);
  });

  it('treats PUT the same way as POST', async () => {
    const adapter = stubAdapter(ok(null));
    await api.put('/user/profile', { nickname: 'kim' });
    at(500);
    await expect(api.put('/user/profile', { nickname: 'kim' })).rejects.toEqual(REPEAT);
    expect(adapter).toHaveBeenCalledTimes(1);
    expect(toastTexts()).toEqual([TEXT.doNotResubmit]);
    await expect(api.put('/user/profile', { nickname: 'lee' })).resolves.toBeNull();
    at(1600);
    await expect(api.put('/user/profile', { nickname: 'lee' })).resolves.toBeNull();
    expect(adapter).toHaveBeenCalledTimes(3);
  });

  it('lets the repeat through when the request config says repeatSubmit: false', async () => {
    const adapter = stubAdapter(ok(null));
    await api.post('/chat/send', { text: 'hi' }, { repeatSubmit: false });
    await expect(api.post('/chat/send', { text: 'hi' }, { repeatSubmit: false })).resolves.toBeNull();
    await expect(api.put('/chat/send', { text: 'hi' }, { repeatSubmit: false })).resolves.toBeNull();
    expect(adapter).toHaveBeenCalledTimes(3);
    expect(toastTexts()).toEqual([]);
  });

  it('never checks GET or DELETE for repeats', async () => {
    const adapter = stubAdapter(ok(null));
    await api.get('/index/config', { a: 1 });
    await api.get('/index/config', { a: 1 });
    await api.delete('/order/1');
    await api.delete('/order/1');
    expect(adapter).toHaveBeenCalledTimes(4);
    expect(sessionStorage.getItem('sessionObj')).toBeNull();
  });

  it('stores the last request in sessionStorage sessionObj as {url, data, time}', async () => {
    stubAdapter(ok(null));
    await api.post('/order/create', { symbol: 'btc', amount: '1' });
    const first = JSON.parse(sessionStorage.getItem('sessionObj') ?? 'null');
    expect(first).toEqual({ url: '/order/create', data: expect.any(String), time: T0 });
    at(250);
    await api.put('/user/profile', { nickname: 'kim' });
    const second = JSON.parse(sessionStorage.getItem('sessionObj') ?? 'null');
    expect(second).toEqual({ url: '/user/profile', data: expect.any(String), time: T0 + 250 });
    expect(second.data).not.toBe(first.data);
  });

  it('keeps a fingerprint of the body, never the body: a login password is not in sessionStorage', async () => {
    stubAdapter(ok(null));
    await api.post('/user/login', { username: 'carol01', password: 'Passw0rd' });
    const stored = sessionStorage.getItem('sessionObj') ?? '';
    expect(stored).not.toContain('Passw0rd');
    expect(stored).not.toContain('carol01');
    at(500);
    await expect(api.post('/user/login', { username: 'carol01', password: 'Passw0rd' })).rejects.toEqual(
      REPEAT,
    );
    await expect(api.post('/user/login', { username: 'carol01', password: 'Passw0rd!' })).resolves.toBeNull();
  });

  it('keeps the first request as the record when a repeat is rejected', async () => {
    const adapter = stubAdapter(ok(null));
    await api.post('/order/create', { amount: '1' });
    at(900);
    await expect(api.post('/order/create', { amount: '1' })).rejects.toEqual(REPEAT);
    expect(JSON.parse(sessionStorage.getItem('sessionObj') ?? 'null')).toMatchObject({ time: T0 });
    at(1000);
    await expect(api.post('/order/create', { amount: '1' })).resolves.toBeNull();
    expect(adapter).toHaveBeenCalledTimes(2);
  });

  it('rejects a silent repeat without a toast', async () => {
    const adapter = stubAdapter(ok(null));
    await api.post('/order/create', { amount: '1' }, { silent: true });
    await expect(api.post('/order/create', { amount: '1' }, { silent: true })).rejects.toEqual(REPEAT);
    expect(adapter).toHaveBeenCalledTimes(1);
    expect(toastTexts()).toEqual([]);
  });

  it('isRepeatSubmit compares url, serialised data and time', () => {
    expect(isRepeatSubmit('/a', { x: 1 }, T0)).toBe(false);
    expect(isRepeatSubmit('/a', { x: 1 }, T0 + 999)).toBe(true);
    expect(isRepeatSubmit('/a', { x: 1 }, T0 + 1000)).toBe(false);
    expect(isRepeatSubmit('/a', 'raw', T0 + 1100)).toBe(false);
    expect(isRepeatSubmit('/a', 'raw', T0 + 1200)).toBe(true);
    expect(isRepeatSubmit('/b', 'raw', T0 + 1200)).toBe(false);
  });
});

describe('repeat check on uploads', () => {
  it('tells two different FormData bodies apart', () => {
    const a = new FormData();
    a.append('front', new File(['aaaa'], 'front.png', { lastModified: 1 }));
    const b = new FormData();
    b.append('front', new File(['bbbbbbbb'], 'back.png', { lastModified: 1 }));
    expect(isRepeatSubmit('/api/upload', a, 1000)).toBe(false);
    expect(isRepeatSubmit('/api/upload', b, 1500)).toBe(false);
    expect(isRepeatSubmit('/api/upload', b, 1600)).toBe(true);
  });
});
