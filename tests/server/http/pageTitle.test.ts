import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOCALES, type Locale } from '../../../protocol/locales';
import { writeGlobalConfig } from '../../../server/db/repos/siteConfig';
import { buildApp } from '../../../server/http/app';
import { PAGE_DATA_MS } from '../../../server/http/bootData';
import { routeTitle } from '../../../server/http/pageTitle';
import { ROUTES } from '../../../protocol/routes';
import { forEachEngine, type TestDb } from '../helpers/testDb';
import { TEST_APP_CONFIG } from '../helpers/appConfig';

const INDEX_HTML =
  '<!doctype html><html lang="en"><head><title>Exchange</title></head><body><div id="root"></div></body></html>';

/** A route title as the app translates it: its key looked up in the locale file. */
const translated = (locale: Locale, key: string): string => {
  const file = JSON.parse(
    fs.readFileSync(path.resolve(__dirname, `../../../locales/${locale}.json`), 'utf8'),
  );
  return key.split('.').reduce((node, part) => node[part], file) as string;
};

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe('the title of a page before any script runs (spec §1)', () => {
  it.each(LOCALES)('is the translated route title of every screen in %s, as the app titles it', (locale) => {
    for (const route of ROUTES) expect(routeTitle(route.path, locale)).toBe(translated(locale, route.title));
  });

  it.each(['/', '/home/'])('titles %s as home, where the app sends it', (p) => {
    expect(routeTitle(p, 'us')).toBe(translated('us', 'route.home'));
  });

  it.each(['/nope', '/trade/BTC', '/assets_detail', '/../home'])(
    'titles %s, which names no screen, as the not-found page the app sends it to',
    (p) => {
      expect(routeTitle(p, 'de')).toBe(translated('de', 'route.404'));
    },
  );
});

describe.each(forEachEngine())('pages served on %s', (_engine, open) => {
  let t: TestDb;
  let app: FastifyInstance;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-title-'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), INDEX_HTML);
    t = await open({ seed: true });
    app = await buildApp({
      config: { ...TEST_APP_CONFIG, webRoot },
      db: t.db,
      logger: false,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });
  const page = async (url: string, cookie = '') =>
    titleOf((await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })).body);

  it('carry the route title in the reader’s language after the company name and a dash', async () => {
    expect(await page('/market', 'lang=de')).toBe(`Nova Exchange - ${translated('de', 'route.market')}`);
    expect(await page('/recharge/result?id=3')).toBe(
      `Nova Exchange - ${translated('us', 'route.recharge_result')}`,
    );
    expect(await page('/nope')).toBe(`Nova Exchange - ${translated('us', 'route.404')}`);
  });

  // Pages reuse the config they read for a second. These cases move a clock of their own (Date
  // only) a second at a time, always forward, and leave the default name read again at the end.
  let clockAt = Date.now() + 3_600_000;
  const later = () => vi.setSystemTime((clockAt += PAGE_DATA_MS));
  const withConfigClock = async (run: () => Promise<void>) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      later();
      await run();
    } finally {
      await writeGlobalConfig(t.db.kysely, { companyName: 'Nova Exchange' });
      later();
      await page('/trade');
      vi.useRealTimers();
    }
  };

  it('carry the route title alone when no company name is configured, and escape one that is', () =>
    withConfigClock(async () => {
      await writeGlobalConfig(t.db.kysely, { companyName: '' });
      later();
      expect(await page('/trade', 'lang=jp')).toBe(translated('jp', 'route.trade'));
      await writeGlobalConfig(t.db.kysely, { companyName: 'A<B & C>' });
      later();
      expect(await page('/trade')).toBe(`A&lt;B &amp; C&gt; - ${translated('us', 'route.trade')}`);
    }));

  it('reuse the config they read for a second, so a flood of pages is not a flood of queries', () =>
    withConfigClock(async () => {
      expect(await page('/trade')).toBe(`Nova Exchange - ${translated('us', 'route.trade')}`);
      await writeGlobalConfig(t.db.kysely, { companyName: 'Renamed' });
      expect(await page('/trade')).toBe(`Nova Exchange - ${translated('us', 'route.trade')}`);
      later();
      expect(await page('/trade')).toBe(`Renamed - ${translated('us', 'route.trade')}`);
    }));
});
