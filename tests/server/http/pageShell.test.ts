import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BOOT_ELEMENT_ID, BOOT_HEADING_ID, type BootData } from '../../../protocol/boot';
import { LANDING_SCREENS, createPageShell, screenFiles } from '../../../server/http/pageShell';

const TEMPLATE =
  '<!doctype html><html lang="en"><head><script type="module" src="/assets/index-1.js"></script></head>' +
  '<body><div id="root"></div><noscript>This app needs JavaScript.</noscript></body></html>';

/** A build manifest shaped as Vite writes it: the entry, a screen sharing one chunk with it and
 * bringing two of its own (one only through the other), and a screen with a stylesheet. */
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_streams-1.js': { file: 'assets/streams-1.js', imports: ['_rxjs-1.js', '_react-1.js'] },
  '_rxjs-1.js': { file: 'assets/rxjs-1.js' },
  'src/screens/marketDetail/MarketDetailScreen.tsx': {
    file: 'assets/MarketDetailScreen-1.js',
    isDynamicEntry: true,
    imports: ['index.html', '_react-1.js', '_streams-1.js'],
    dynamicImports: ['src/components/PriceChart.tsx'],
  },
  'src/components/PriceChart.tsx': { file: 'assets/PriceChart-1.js', isDynamicEntry: true },
  'src/screens/home/HomeScreen.tsx': {
    file: 'assets/HomeScreen-1.js',
    isDynamicEntry: true,
    imports: ['index.html'],
    css: ['assets/HomeScreen-1.css'],
  },
};

const BOOT: BootData = {
  pairs: [
    {
      symbol: 'btcusdt',
      name: 'BTC/USDT</script><script>alert(1)</script>',
      base: 'BTC',
      quote: 'USDT',
      pricePrecision: 2,
      qtyPrecision: 5,
    },
  ],
};

let webRoot: string;
beforeEach(() => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-shell-'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), TEMPLATE);
  fs.mkdirSync(path.join(webRoot, '.vite'));
  fs.writeFileSync(path.join(webRoot, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
});
afterEach(() => fs.rmSync(webRoot, { recursive: true, force: true }));

/** The boot data block of a page as a browser delimits it: up to the first `</script>`. */
const bootOf = (html: string) => {
  const open = `<script type="application/json" id="${BOOT_ELEMENT_ID}">`;
  const start = html.indexOf(open) + open.length;
  return JSON.parse(html.slice(start, html.indexOf('</script>', start))) as BootData;
};

describe('page shell', () => {
  it("lists a screen's own chunks, transitively, without what the entry already loads or lazy imports", () => {
    expect(screenFiles(MANIFEST, 'src/screens/marketDetail/MarketDetailScreen.tsx')).toEqual({
      js: ['assets/MarketDetailScreen-1.js', 'assets/streams-1.js', 'assets/rxjs-1.js'],
      css: [],
    });
    expect(screenFiles(MANIFEST, 'src/screens/home/HomeScreen.tsx')).toEqual({
      js: ['assets/HomeScreen-1.js'],
      css: ['assets/HomeScreen-1.css'],
    });
    expect(screenFiles(MANIFEST, 'src/screens/missing/MissingScreen.tsx')).toEqual({ js: [], css: [] });
  });

  it("announces a landing screen's code in the head and inlines the boot data, safely", async () => {
    const page = createPageShell(webRoot, async () => BOOT);
    const html = await page({ path: '/marketDetail', locale: 'us' });
    const head = html.slice(0, html.indexOf('</head>'));
    for (const f of ['MarketDetailScreen-1.js', 'streams-1.js', 'rxjs-1.js'])
      expect(head).toContain(`<link rel="modulepreload" crossorigin href="/assets/${f}">`);
    expect(head).not.toContain('PriceChart');
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(bootOf(html)).toEqual(BOOT);
    expect(await page({ path: '/home', locale: 'us' })).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/HomeScreen-1.css">',
    );
  });

  it("writes the page in the reader's language and fetches the first banner with it", async () => {
    const withBanner: BootData = {
      ...BOOT,
      carousel: {
        locale: 'de',
        // `$` patterns, which a replacement string would read as parts of the page.
        items: [{ id: 1, title: "Spot $` $& $' $$", image: '/img/banner"x.svg', link: '/trade' }],
      },
    };
    const html = await createPageShell(webRoot, async () => withBanner)({ path: '/home', locale: 'de' });
    expect(html).toContain('<html lang="de-DE">');
    expect(html).toContain(
      '<noscript>Diese App benötigt JavaScript. Bitte aktivieren Sie es in Ihrem Browser.</noscript>',
    );
    expect(html).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/img/banner&quot;x.svg">',
    );
    expect(bootOf(html)).toEqual(withBanner);
    expect(html.match(/<head>/g)).toHaveLength(1);
  });

  it("writes a pair's name as market detail's heading, before the app's root and escaped", async () => {
    const page = createPageShell(webRoot, async () => BOOT);
    const html = await page({
      path: '/marketDetail',
      query: new URLSearchParams('coinPair=BTCUSDT'),
      locale: 'us',
    });
    const heading = html.slice(
      html.indexOf(`<header id="${BOOT_HEADING_ID}"`),
      html.indexOf('<div id="root">'),
    );
    expect(heading).toContain(
      '<h1 class="navbar__title">BTC/USDT&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</h1>',
    );
    const dollars = createPageShell(webRoot, async () => ({
      pairs: [{ ...BOOT.pairs[0]!, name: "BTC/$'$&" }],
    }));
    const named = await dollars({
      path: '/marketDetail',
      query: new URLSearchParams('coinPair=BTCUSDT'),
      locale: 'us',
    });
    expect(named).toContain(
      `<h1 class="navbar__title">BTC/$'$&amp;</h1><span></span></header><div id="root"></div>`,
    );
    // With no pair named the screen shows the default route's, and so does the heading.
    const plain = await page({ path: '/marketDetail', query: new URLSearchParams(''), locale: 'us' });
    expect(plain).toContain(BOOT_HEADING_ID);
    for (const query of ['coinPair=dogeusdt', 'pair=btcusdt&coinPair=dogeusdt']) {
      const other = await page({ path: '/marketDetail', query: new URLSearchParams(query), locale: 'us' });
      expect(other).not.toContain(BOOT_HEADING_ID);
    }
    expect(
      await page({ path: '/trade', query: new URLSearchParams('coinPair=btcusdt'), locale: 'us' }),
    ).not.toContain(BOOT_HEADING_ID);
  });

  it('gives other pages only the boot data, and a build without a manifest or market still serves', async () => {
    const other = await createPageShell(webRoot, async () => BOOT)({ path: '/orderList', locale: 'us' });
    expect(other).not.toContain('modulepreload');
    expect(bootOf(other)).toEqual(BOOT);
    fs.rmSync(path.join(webRoot, '.vite'), { recursive: true });
    expect(await createPageShell(webRoot)({ path: '/marketDetail', locale: 'us' })).toBe(
      TEMPLATE.replace('lang="en"', 'lang="en-US"').replace(
        'needs JavaScript.',
        'needs JavaScript. Please turn it on in your browser.',
      ),
    );
  });

  it('names landing screens the web app really loads by route', () => {
    const screens = fs.readFileSync(path.join(__dirname, '../../../src/app/screens.ts'), 'utf8');
    for (const [page, src] of Object.entries(LANDING_SCREENS)) {
      const route = page === '/' ? 'home' : page.slice(1);
      const module = src.replace(/^src\//, '../').replace(/\.tsx$/, '');
      expect(screens).toContain(`${route}: () => import('${module}')`);
    }
  });
});
