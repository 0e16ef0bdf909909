import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOT_ELEMENT_ID, LANG_COOKIE, type BootData } from '../../../protocol/boot';

const PAIRS: BootData['pairs'] = [
  { symbol: 'btcusdt', name: 'BTC/USDT', base: 'BTC', quote: 'USDT', pricePrecision: 2, qtyPrecision: 5 },
];
const BANNER = { id: 1, title: 'Spot', image: '/img/banner-spot.svg', link: '/trade' };

/** The app's modules as a page with this boot block would load them (they read it once). */
const loadWith = async (boot: BootData | null) => {
  vi.resetModules();
  document.body.innerHTML = boot
    ? `<script type="application/json" id="${BOOT_ELEMENT_ID}">${JSON.stringify(boot)}</script>`
    : '';
  const carousel = vi.fn(() => Promise.resolve([{ ...BANNER, title: 'fetched' }]));
  const pairs = vi.fn(() => Promise.resolve(PAIRS));
  vi.doMock('../../../src/api/site', () => ({ siteApi: { carousel } }));
  vi.doMock('../../../src/api/market', () => ({ marketApi: { pairs } }));
  const { prefetchFor } = await import('../../../src/app/firstRequests');
  const { prefetched } = await import('../../../src/api/prefetch');
  const { siteApi } = await import('../../../src/api/site');
  return { prefetchFor, prefetched, siteApi, carousel, pairs };
};

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.doUnmock('../../../src/api/site');
  vi.doUnmock('../../../src/api/market');
});

describe('first requests of a page', () => {
  it('take the home carousel the page carried, once, and ask for it on a later visit', async () => {
    const app = await loadWith({ pairs: PAIRS, carousel: { locale: 'us', items: [BANNER] } });
    app.prefetchFor('home');
    expect(await app.prefetched(app.siteApi.carousel)).toEqual([BANNER]);
    expect(app.carousel).not.toHaveBeenCalled();
    app.prefetchFor('home');
    expect(await app.prefetched(app.siteApi.carousel)).toEqual([{ ...BANNER, title: 'fetched' }]);
  });

  it('ask for the carousel when the server guessed another language, or the page carried none', async () => {
    localStorage.setItem('lang', 'de');
    const wrong = await loadWith({ pairs: PAIRS, carousel: { locale: 'us', items: [BANNER] } });
    wrong.prefetchFor('home');
    expect(wrong.carousel).toHaveBeenCalledTimes(1);
    const none = await loadWith(null);
    none.prefetchFor('home');
    none.prefetchFor('marketDetail');
    expect(none.carousel).toHaveBeenCalledTimes(1);
    expect(none.pairs).toHaveBeenCalledTimes(1);
  });

  it('need no pairs request when the page carried them', async () => {
    const app = await loadWith({ pairs: PAIRS });
    app.prefetchFor('marketDetail');
    expect(app.pairs).not.toHaveBeenCalled();
  });
});

describe('the language cookie', () => {
  it('tells the server a chosen language, and one chosen before the cookie existed', async () => {
    vi.resetModules();
    document.cookie = `${LANG_COOKIE}=; max-age=0; path=/`;
    localStorage.setItem('lang', 'jp');
    const { rememberLocale } = await import('../../../src/state/locale');
    expect(document.cookie).toContain(`${LANG_COOKIE}=jp`);
    rememberLocale('fr');
    expect(document.cookie).toContain(`${LANG_COOKIE}=fr`);
  });
});
