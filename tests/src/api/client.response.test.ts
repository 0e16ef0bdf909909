import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, failureText, http, localFailure } from '../../../src/api/client';
import { setNavigator } from '../../../src/api/navigation';
import { i18n } from '../../../src/i18n';
import { networkState } from '../../../src/state/network';
import { sessionState } from '../../../src/state/session';
import { DEFAULT_TOAST_MS, readingMs, uiState } from '../../../src/state/ui';
import { setupI18n } from '../../setup/i18n';
import {
  TEXT,
  alertTexts,
  ok,
  resetUi,
  storeUser,
  stubAdapter,
  stubTransportError,
  toastTexts,
} from './helpers';

const originalAdapter = http.defaults.adapter;
let navigate: ReturnType<typeof vi.fn<(path: string) => void>>;

beforeAll(async () => {
  await setupI18n();
});

beforeEach(() => {
  resetUi();
  navigate = vi.fn<(path: string) => void>();
  setNavigator(navigate);
});

afterEach(() => {
  vi.useRealTimers();
  http.defaults.adapter = originalAdapter;
  vi.restoreAllMocks();
});

describe('REST client: success (§8)', () => {
  it('resolves code 1 with data only', async () => {
    const data = { list: [{ id: 1, name: 'BTC' }], total: 1 };
    stubAdapter(ok(data));
    await expect(api.get('/index/coinlist')).resolves.toEqual(data);
    await expect(api.post('/order/create', { a: 1 })).resolves.toEqual(data);
    expect(toastTexts()).toEqual([]);
    expect(alertTexts()).toEqual([]);
  });

  it('resolves code 1 with falsy data as is', async () => {
    stubAdapter(ok(0));
    await expect(api.get('/count')).resolves.toBe(0);
    stubAdapter(ok(null));
    await expect(api.get('/nothing')).resolves.toBeNull();
  });
});

describe('REST client: session expiry (§8)', () => {
  it('on code 401 alerts the session-expired text, clears the user, goes home and rejects with the body', async () => {
    storeUser('tok-1');
    const body = { code: 401, msg: 'Unauthorized', data: null };
    stubAdapter({ data: body });
    await expect(api.get('/user/info')).rejects.toEqual(body);
    expect(alertTexts()).toEqual([TEXT.sessionExpired]);
    expect(localStorage.getItem('user')).toBeNull();
    expect(sessionState.user).toBeNull();
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/home');
    expect(toastTexts()).toEqual([]);
  });

  it('on code 401 shows the translated msg when it is a known app.msg key', async () => {
    storeUser('tok-1');
    const body = { code: 401, msg: 'app.msg.please_login', data: null };
    stubAdapter({ data: body });
    await expect(api.get('/user/info')).rejects.toEqual(body);
    expect(alertTexts()).toEqual([TEXT.pleaseLogin]);
    expect(localStorage.getItem('user')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/home');
  });

  it('on code 401 falls back to the session-expired text for an unknown key or an empty msg', async () => {
    storeUser('tok-1');
    stubAdapter({ data: { code: 401, msg: 'app.msg.no_such_key', data: null } });
    await expect(api.get('/user/info')).rejects.toMatchObject({ code: 401 });
    expect(alertTexts()).toEqual([TEXT.sessionExpired]);
    resetUi();
    storeUser('tok-1');
    stubAdapter({ data: { code: 401, msg: '', data: null } });
    await expect(api.get('/user/info')).rejects.toMatchObject({ code: 401 });
    expect(alertTexts()).toEqual([TEXT.sessionExpired]);
  });

  it('handles an HTTP 401 status carrying a 401 envelope the same way', async () => {
    storeUser('tok-1');
    const body = { code: 401, msg: 'app.msg.session_expired', data: null };
    stubAdapter({ status: 401, data: body });
    await expect(api.post('/order/create', { a: 1 })).rejects.toEqual(body);
    expect(alertTexts()).toEqual([TEXT.sessionExpired]);
    expect(localStorage.getItem('user')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/home');
  });

  it('asks only once when several requests expire together', async () => {
    storeUser('tok-1');
    stubAdapter({ data: { code: 401, msg: 'app.msg.session_expired', data: null } });
    const results = await Promise.allSettled([api.get('/a'), api.get('/b'), api.get('/c')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(alertTexts()).toEqual([TEXT.sessionExpired]);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['another tab logged out', null],
    ['another tab logged another user in', 'tok-2'],
  ])(
    'leaves alone a 401 for a session the tab no longer holds: %s while it was asked',
    async (_what, now) => {
      storeUser('tok-1');
      stubAdapter(() => {
        if (now) storeUser(now);
        else localStorage.removeItem('user');
        return { status: 401, data: { code: 401, msg: 'app.msg.session_expired', data: null } };
      });
      await expect(api.get('/user/info')).rejects.toMatchObject({ code: 401 });
      expect(alertTexts()).toEqual([]);
      expect(navigate).not.toHaveBeenCalled();
      // Whoever the other tab left logged in stays logged in.
      expect(JSON.parse(localStorage.getItem('user') ?? 'null')?.token ?? null).toBe(now);
    },
  );
});

describe('REST client: other failures (§8)', () => {
  it('rejects any other code with the body the server sent and toasts the translated msg', async () => {
    const body = { code: 500, msg: 'app.msg.insufficient_balance', data: { need: '10', have: '2' } };
    stubAdapter({ data: structuredClone(body) });
    await expect(api.post('/order/create', { amount: '10' })).rejects.toEqual(body);
    expect(toastTexts()).toEqual([TEXT.insufficientBalance]);
    expect(alertTexts()).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('rejects codes other than 1 even with HTTP 200, such as 0 and 403', async () => {
    const told: number[] = [];
    for (const code of [0, 403]) {
      const body = { code, msg: 'app.msg.insufficient_balance', data: null };
      stubAdapter({ data: body });
      await expect(api.get('/x')).rejects.toEqual(body);
      told.push(uiState.toasts.at(-1)!.id);
    }
    // Each is told; the second, the same words, in place of the first rather than under it.
    expect(new Set(told).size).toBe(2);
    expect(toastTexts()).toEqual([TEXT.insufficientBalance]);
  });

  it('shows a plain-sentence msg as is', async () => {
    const body = { code: 500, msg: 'Maintenance until 10:00.', data: null };
    stubAdapter({ data: body });
    await expect(api.get('/x')).rejects.toEqual(body);
    expect(toastTexts()).toEqual(['Maintenance until 10:00.']);
  });

  it('shows the unexpected-error text when the msg is empty', async () => {
    const body = { code: 500, msg: '', data: null };
    stubAdapter({ data: body });
    await expect(api.get('/x')).rejects.toEqual(body);
    expect(toastTexts()).toEqual([TEXT.unexpectedError]);
  });

  it('does not toast when the request config says silent: true', async () => {
    const body = { code: 500, msg: 'app.msg.insufficient_balance', data: null };
    stubAdapter({ data: body });
    await expect(api.get('/x', undefined, { silent: true })).rejects.toEqual(body);
    await expect(api.post('/y', { a: 1 }, { silent: true })).rejects.toEqual(body);
    expect(toastTexts()).toEqual([]);
  });

  it('handles an HTTP 4xx answer that carries an envelope by its envelope code', async () => {
    const body = { code: 400, msg: 'app.msg.parameter_error', data: null };
    stubAdapter({ status: 400, data: body });
    await expect(api.post('/order/create', { amount: 'x' })).rejects.toEqual(body);
    expect(toastTexts()).toEqual([TEXT.parameterError]);

    const tooMany = { code: 429, msg: 'app.msg.too_many_requests', data: null };
    stubAdapter({ status: 429, data: tooMany });
    await expect(api.get('/x')).rejects.toEqual(tooMany);
    expect(toastTexts()).toEqual([TEXT.parameterError, 'Too many requests. Please slow down']);
  });
});

describe('REST client: limit failures 2001–2003 (§8)', () => {
  it.each([
    [2001, 'orderbuy', '/order/buy'],
    [2002, 'ordersell', '/order/sell'],
    [2003, 'withdraw order', '/withdraw/create'],
  ])(
    'toasts the translated data.message followed by data.value for code %i (%s)',
    async (code, _name, url) => {
      const body = {
        code,
        msg: 'app.msg.outside_limit',
        data: { message: 'app.msg.outside_limit', value: '10' },
      };
      stubAdapter({ data: body });
      await expect(api.post(url, { amount: '11' })).rejects.toEqual(body);
      expect(toastTexts()).toEqual(['The amount is outside the limit10']);
    },
  );

  it('says an upload over the count is refused for a while, not for good', async () => {
    const body = { code: 400, msg: 'app.msg.upload_count', data: null };
    stubAdapter({ data: body });
    await expect(api.post('/upload', { file: 'front.jpg' })).rejects.toEqual(body);
    expect(toastTexts()).toEqual(['Too many uploads. Please try again later']);
  });

  it('failureText joins the translated data.message and data.value for the limit codes', () => {
    for (const code of [2001, 2002, 2003]) {
      expect(failureText({ code, msg: 'x', data: { message: 'app.msg.outside_limit', value: '10' } })).toBe(
        `${TEXT.outsideLimit}10`,
      );
      expect(
        failureText({ code, msg: 'x', data: { message: 'app.msg.investment_exceeds_limit', value: '0.5' } }),
      ).toBe('The investment exceeds the limit0.5');
      expect(failureText({ code, msg: 'x', data: { message: 'Max', value: ' 100 USDT' } })).toBe(
        'Max 100 USDT',
      );
    }
  });

  it('writes the limit figure as the reader writes numbers', async () => {
    const limit = (value: string) =>
      failureText({ code: 2001, msg: 'x', data: { message: 'app.msg.order_price_min', value } });
    expect(limit('92150.00')).toBe('The price must be at least 92,150.00');
    await i18n.changeLanguage('de');
    try {
      expect(limit('92150.00')).toMatch(/ 92\.150,00$/);
      expect(limit('5 USDT')).toMatch(/ 5 USDT$/);
      expect(limit('12345.5 USDT')).toMatch(/ 12\.345,5 USDT$/);
    } finally {
      await i18n.changeLanguage('us');
    }
  });

  it('failureText falls back to the msg when the limit data is not {message, value}', () => {
    expect(failureText({ code: 2001, msg: 'app.msg.outside_limit', data: null })).toBe(TEXT.outsideLimit);
    expect(failureText({ code: 2002, msg: 'app.msg.outside_limit', data: { message: 'app.msg.x' } })).toBe(
      TEXT.outsideLimit,
    );
    expect(failureText({ code: 2003, msg: 'app.msg.outside_limit', data: { message: 1, value: 2 } })).toBe(
      TEXT.outsideLimit,
    );
  });

  it('failureText translates the msg for other codes and ignores limit-shaped data', () => {
    expect(failureText({ code: 500, msg: 'app.msg.insufficient_balance', data: null })).toBe(
      TEXT.insufficientBalance,
    );
    expect(
      failureText({
        code: 500,
        msg: 'app.msg.insufficient_balance',
        data: { message: 'app.msg.outside_limit', value: '10' },
      }),
    ).toBe(TEXT.insufficientBalance);
    expect(failureText({ code: 500, msg: 'Plain sentence.', data: null })).toBe('Plain sentence.');
    expect(failureText({ code: 500, msg: '', data: null })).toBe(TEXT.unexpectedError);
    expect(failureText(localFailure('app.msg.network_error'))).toBe(TEXT.networkError);
  });

  it('localFailure builds an envelope with code 0 and null data', () => {
    expect(localFailure('app.msg.network_error')).toEqual({
      code: 0,
      msg: 'app.msg.network_error',
      data: null,
    });
  });
});

describe('REST client: transport failures (§8)', () => {
  it('rejects a network error with app.msg.network_error and toasts the translated text', async () => {
    const adapter = stubTransportError('network');
    await expect(api.get('/x')).rejects.toEqual({ code: 0, msg: 'app.msg.network_error', data: null });
    expect(adapter).toHaveBeenCalledTimes(1);
    expect(toastTexts()).toEqual([TEXT.networkError]);
  });

  it('rejects a timeout with app.msg.network_error and toasts the translated text', async () => {
    stubTransportError('timeout');
    await expect(api.post('/order/create', { a: 1 })).rejects.toEqual({
      code: 0,
      msg: 'app.msg.network_error',
      data: null,
    });
    expect(toastTexts()).toEqual([TEXT.networkError]);
  });

  it('notes whether the server answered, for the connection banner', async () => {
    stubTransportError('network');
    await expect(api.get('/x', undefined, { silent: true })).rejects.toBeDefined();
    expect(networkState.serverAnswers).toBe(false);
    stubAdapter({ status: 400, data: { code: 400, msg: 'app.msg.parameter_error', data: null } });
    await expect(api.get('/x', undefined, { silent: true })).rejects.toBeDefined();
    expect(networkState.serverAnswers).toBe(true);
    stubAdapter({ status: 502, data: '<html>502 Bad Gateway</html>' });
    await expect(api.get('/x', undefined, { silent: true })).rejects.toBeDefined();
    expect(networkState.serverAnswers).toBe(false);
    stubAdapter(ok(1));
    await api.get('/x');
    expect(networkState.serverAnswers).toBe(true);
  });

  it('does not toast a transport failure when the request is silent', async () => {
    stubTransportError('network');
    await expect(api.get('/x', undefined, { silent: true })).rejects.toMatchObject({
      msg: 'app.msg.network_error',
    });
    expect(toastTexts()).toEqual([]);
  });
});

describe('REST client: unexpected answers (§8)', () => {
  it('rejects an answer that is not an envelope (an HTML 502 page) with app.msg.unexpected_error', async () => {
    stubAdapter({ status: 502, data: '<html><body><h1>502 Bad Gateway</h1></body></html>' });
    await expect(api.get('/x')).rejects.toEqual({ code: 0, msg: 'app.msg.unexpected_error', data: null });
    expect(toastTexts()).toEqual([TEXT.unexpectedError]);
  });

  it('rejects other non-envelope bodies (empty, null, no numeric code) with app.msg.unexpected_error', async () => {
    const told = new Set<number>();
    for (const data of ['', null, { msg: 'ok', data: 1 }, { code: '1', msg: 'ok', data: 1 }, [1, 2]]) {
      stubAdapter({ data });
      await expect(api.get('/x')).rejects.toEqual({ code: 0, msg: 'app.msg.unexpected_error', data: null });
      told.add(uiState.toasts.at(-1)!.id);
    }
    expect(told.size).toBe(5);
    expect(toastTexts()).toEqual([TEXT.unexpectedError]);
  });
});

describe('REST client: toast duration (§8)', () => {
  /** The spec's 1 000 ms by default, longer for a text that takes longer to read. */
  const stays = (text: string) => Math.max(DEFAULT_TOAST_MS, readingMs(text));

  it('removes a failure toast once it has been read: DEFAULT_TOAST_MS (1000 ms) at least', async () => {
    expect(DEFAULT_TOAST_MS).toBe(1000);
    vi.useFakeTimers();
    stubAdapter({ data: { code: 500, msg: 'app.msg.insufficient_balance', data: null } });
    await expect(api.get('/x')).rejects.toMatchObject({ code: 500 });
    expect(toastTexts()).toEqual([TEXT.insufficientBalance]);
    vi.advanceTimersByTime(stays(TEXT.insufficientBalance) - 1);
    expect(toastTexts()).toEqual([TEXT.insufficientBalance]);
    vi.advanceTimersByTime(1);
    expect(toastTexts()).toEqual([]);
  });

  it('removes each toast on its own schedule', async () => {
    vi.useFakeTimers();
    stubTransportError('network');
    await expect(api.get('/a')).rejects.toMatchObject({ code: 0 });
    vi.advanceTimersByTime(600);
    stubAdapter({ data: { code: 500, msg: 'app.msg.insufficient_balance', data: null } });
    await expect(api.get('/b')).rejects.toMatchObject({ code: 500 });
    expect(toastTexts()).toEqual([TEXT.networkError, TEXT.insufficientBalance]);
    // Each goes when its own time is up, from when it came.
    const ends = [
      { text: TEXT.networkError, at: stays(TEXT.networkError) },
      { text: TEXT.insufficientBalance, at: 600 + stays(TEXT.insufficientBalance) },
    ].sort((a, b) => a.at - b.at);
    let now = 600;
    for (const [k, end] of ends.entries()) {
      vi.advanceTimersByTime(end.at - now - 1);
      expect(toastTexts()).toContain(end.text);
      vi.advanceTimersByTime(1);
      now = end.at;
      expect(toastTexts()).toEqual(ends.slice(k + 1).map((e) => e.text));
    }
  });

  it('removes the do-not-resubmit toast on the same rule', async () => {
    vi.useFakeTimers();
    stubAdapter(ok(null));
    await api.post('/order/create', { a: 1 });
    await expect(api.post('/order/create', { a: 1 })).rejects.toMatchObject({
      msg: 'app.msg.do_not_resubmit',
    });
    expect(toastTexts()).toEqual([TEXT.doNotResubmit]);
    vi.advanceTimersByTime(stays(TEXT.doNotResubmit) - 1);
    expect(toastTexts()).toEqual([TEXT.doNotResubmit]);
    vi.advanceTimersByTime(1);
    expect(toastTexts()).toEqual([]);
  });
});

describe('REST client: cancelled requests', () => {
  it('rejects without telling the reader when the caller cancels', async () => {
    stubAdapter(ok('never seen'));
    const controller = new AbortController();
    controller.abort();
    await expect(api.get('/index/config', undefined, { signal: controller.signal })).rejects.toMatchObject({
      msg: 'app.msg.network_error',
    });
    expect(uiState.toasts).toEqual([]);
  });
});
