import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BASE_URL, TIMEOUT_MS, api, http } from '../../../src/api/client';
import { setNavigator } from '../../../src/api/navigation';
import { userApi } from '../../../src/api/user';
import { setupI18n } from '../../setup/i18n';
import { ok, resetUi, sentConfig, sentUrl, storeUser, stubAdapter } from './helpers';

const originalAdapter = http.defaults.adapter;

beforeAll(async () => {
  await setupI18n();
});

beforeEach(() => {
  resetUi();
  setNavigator(vi.fn());
  // A page the server did not write in any language (setupI18n marks the document English).
  document.documentElement.lang = '';
});

afterEach(() => {
  http.defaults.adapter = originalAdapter;
  vi.restoreAllMocks();
});

describe('REST client: configuration (§7)', () => {
  it('sends every request under the base URL /api with a 30000 ms timeout', async () => {
    expect(BASE_URL).toBe('/api');
    expect(TIMEOUT_MS).toBe(30_000);
    expect(http.defaults.baseURL).toBe('/api');
    expect(http.defaults.timeout).toBe(30_000);

    const adapter = stubAdapter(ok(null));
    await api.get('/index/config');
    const config = sentConfig(adapter);
    expect(config.baseURL).toBe('/api');
    expect(config.timeout).toBe(30_000);
    expect(http.getUri(config)).toBe('/api/index/config');
  });

  it('accepts every HTTP status so that the envelope decides (validateStatus)', () => {
    const validate = http.defaults.validateStatus;
    expect(validate).toBeTypeOf('function');
    for (const status of [200, 400, 401, 404, 500, 502]) expect(validate?.(status)).toBe(true);
  });
});

describe('REST client: headers (§7)', () => {
  it('sends Cache-Control: no-cache on every request, whatever the method', async () => {
    const adapter = stubAdapter(ok(null));
    await api.get('/a');
    await api.post('/b', { x: 1 });
    await api.put('/c', { y: 2 });
    await api.delete('/d');
    expect(adapter).toHaveBeenCalledTimes(4);
    for (let n = 0; n < 4; n++) expect(sentConfig(adapter, n).headers.get('Cache-Control')).toBe('no-cache');
  });

  it('sends the stored user token as the token header', async () => {
    storeUser('tok-123');
    const adapter = stubAdapter(ok(null));
    await api.get('/user/info');
    await api.post('/user/update', { nickname: 'n' });
    expect(sentConfig(adapter, 0).headers.get('token')).toBe('tok-123');
    expect(sentConfig(adapter, 1).headers.get('token')).toBe('tok-123');
  });

  it('reads the token at each request, so a login or logout in between is seen', async () => {
    const adapter = stubAdapter(ok(null));
    storeUser('first');
    await api.get('/x');
    storeUser('second');
    await api.get('/x');
    localStorage.removeItem('user');
    await api.get('/x');
    expect(sentConfig(adapter, 0).headers.get('token')).toBe('first');
    expect(sentConfig(adapter, 1).headers.get('token')).toBe('second');
    expect(sentConfig(adapter, 2).headers.has('token')).toBe(false);
  });

  it('ends the named session on logout, though the stored user was forgotten first', async () => {
    const adapter = stubAdapter(ok(null));
    await userApi.logout('leaving');
    expect(sentUrl(sentConfig(adapter))).toBe('/api/user/logout');
    expect(sentConfig(adapter).headers.get('token')).toBe('leaving');
  });

  it('sends no token header when no user is stored', async () => {
    const adapter = stubAdapter(ok(null));
    await api.get('/index/config');
    expect(sentConfig(adapter).headers.has('token')).toBe(false);
  });

  it('sends no token header when the stored user is not valid JSON or has no token', async () => {
    const adapter = stubAdapter(ok(null));
    localStorage.setItem('user', '{not json');
    await api.get('/x');
    localStorage.setItem('user', JSON.stringify({ userinfo: { certification: null } }));
    await api.get('/x');
    expect(sentConfig(adapter, 0).headers.has('token')).toBe(false);
    expect(sentConfig(adapter, 1).headers.has('token')).toBe(false);
  });

  it('sends the stored lang as the Lang header when it is a known locale', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('zh-CN');
    const adapter = stubAdapter(ok(null));
    for (const lang of ['jp', 'us', 'de', 'tw']) {
      localStorage.setItem('lang', lang);
      await api.get('/x');
    }
    expect(adapter.mock.calls.map(([config]) => config.headers.get('Lang'))).toEqual([
      'jp',
      'us',
      'de',
      'tw',
    ]);
  });

  it('sends Lang cn for a Chinese browser when no known locale is stored', async () => {
    const language = vi.spyOn(navigator, 'language', 'get').mockReturnValue('zh-TW');
    const adapter = stubAdapter(ok(null));
    await api.get('/x');
    localStorage.setItem('lang', 'zh');
    await api.get('/x');
    language.mockReturnValue('zh-CN');
    localStorage.setItem('lang', 'english');
    await api.get('/x');
    expect(adapter.mock.calls.map(([config]) => config.headers.get('Lang'))).toEqual(['cn', 'cn', 'cn']);
  });

  it('sends Lang us for any other browser when no known locale is stored', async () => {
    const language = vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-DE');
    const adapter = stubAdapter(ok(null));
    await api.get('/x');
    language.mockReturnValue('en-US');
    localStorage.setItem('lang', 'en');
    await api.get('/x');
    language.mockReturnValue('pt-BR');
    localStorage.setItem('lang', '');
    await api.get('/x');
    expect(adapter.mock.calls.map(([config]) => config.headers.get('Lang'))).toEqual(['us', 'us', 'us']);
  });
});

describe('REST client: GET parameters (§7)', () => {
  it('puts GET params in the query string', async () => {
    const adapter = stubAdapter(ok([]));
    await api.get('/index/content', { type: 'notice', id: 7 });
    const config = sentConfig(adapter);
    expect(config.method).toBe('get');
    expect(config.params).toEqual({ type: 'notice', id: 7 });
    expect(config.data).toBeUndefined();
    expect(sentUrl(config)).toBe('/api/index/content?type=notice&id=7');
  });

  it('serialises nested objects as name[key]', async () => {
    const adapter = stubAdapter(ok([]));
    await api.get('/order/list', { page: { num: 1, size: 10 } });
    expect(sentUrl(sentConfig(adapter))).toBe('/api/order/list?page[num]=1&page[size]=10');
  });

  it('serialises deeper nesting and arrays with brackets', async () => {
    const adapter = stubAdapter(ok([]));
    await api.get('/order/list', { filter: { side: 'buy', range: { from: 1, to: 2 } }, ids: [3, 4] });
    expect(sentUrl(sentConfig(adapter))).toBe(
      '/api/order/list?filter[side]=buy&filter[range][from]=1&filter[range][to]=2&ids[]=3&ids[]=4',
    );
  });

  it('percent-encodes the values so that they cannot break the query', async () => {
    const adapter = stubAdapter(ok([]));
    await api.get('/search', { q: 'a b&c=d' });
    const raw = http.getUri(sentConfig(adapter));
    expect(raw).not.toContain('&c=d');
    expect(new URL(raw, 'http://host').searchParams.get('q')).toBe('a b&c=d');
  });

  it('sends no query string when there are no params', async () => {
    const adapter = stubAdapter(ok([]));
    await api.get('/index/coinlist');
    expect(http.getUri(sentConfig(adapter))).toBe('/api/index/coinlist');
  });

  it('sends a POST body as the request body, not in the query string', async () => {
    const adapter = stubAdapter(ok(null));
    await api.post('/order/create', { page: { num: 1 } });
    const config = sentConfig(adapter);
    expect(http.getUri(config)).toBe('/api/order/create');
    expect(JSON.parse(String(config.data))).toEqual({ page: { num: 1 } });
  });
});
