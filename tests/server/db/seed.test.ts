import { describe, expect, it } from 'vitest';
import { LOCALES, globalConfigSchema } from '../../../protocol';
import { readGlobalConfig } from '../../../server/db/repos/siteConfig';
import { readSeedContent } from '../../../server/db/seed/content';
import { DEFAULT_SITE_CONFIG } from '../../../server/db/seed/defaults';
import { seedIfEmpty } from '../../../server/db/seed/seed';
import type { Db } from '../../../server/db/connect';
import { countRows } from '../helpers/inject';
import { forEachEngine, useTestDb } from '../helpers/testDb';

const NOW = Date.UTC(2025, 0, 15, 12);
const DAY = 86_400_000;
const CONTENT_TABLES = ['popups', 'carousel', 'contents', 'notices'] as const;

const countBy = async (db: Db, table: (typeof CONTENT_TABLES)[number]) => {
  const rows = await db.kysely.selectFrom(table).select('locale').execute();
  const counts: Record<string, number> = {};
  for (const r of rows) counts[r.locale] = (counts[r.locale] ?? 0) + 1;
  return counts;
};

const rowCounts = async (db: Db) => {
  const k = db.kysely;
  const count = (table: 'site_config' | 'pairs' | (typeof CONTENT_TABLES)[number]) => countRows(k, table);
  return {
    site_config: await count('site_config'),
    pairs: await count('pairs'),
    popups: await count('popups'),
    carousel: await count('carousel'),
    contents: await count('contents'),
    notices: await count('notices'),
  };
};

describe('seed content files', () => {
  it.each(LOCALES)('%s has pop-ups, carousel, every content type and notices', (locale) => {
    const c = readSeedContent(locale);
    expect(c.popups.length).toBeGreaterThan(0);
    expect(c.carousel.length).toBeGreaterThan(0);
    expect(c.notices.length).toBeGreaterThan(0);
    expect(new Set(c.contents.map((x) => x.type))).toEqual(
      new Set(['home', 'aboutUs', 'serviceAgreement', 'msb']),
    );
  });
});

describe.each(forEachEngine())('seedIfEmpty on %s', (_engine, open) => {
  const t = useTestDb(open);

  it('seeds an empty database once: true, then false', async () => {
    const k = t().db.kysely;
    expect(await seedIfEmpty(k, NOW)).toBe(true);
    expect(await seedIfEmpty(k, NOW)).toBe(false);
  });

  it('lists the ten pairs BTC..DOT against USDT, in order and enabled', async () => {
    await seedIfEmpty(t().db.kysely, NOW);
    const pairs = await t()
      .db.kysely.selectFrom('pairs')
      .select(['tradecoin', 'settlecoin', 'sort', 'enabled'])
      .orderBy('sort')
      .execute();
    expect(pairs.map((p) => p.tradecoin)).toEqual([
      'BTC',
      'ETH',
      'BNB',
      'SOL',
      'XRP',
      'DOGE',
      'ADA',
      'TRX',
      'LTC',
      'DOT',
    ]);
    expect(pairs.every((p) => p.settlecoin === 'USDT' && p.enabled === 1)).toBe(true);
    expect(pairs.map((p) => p.sort)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('writes a global config that reads back valid and equal to the defaults', async () => {
    await seedIfEmpty(t().db.kysely, NOW);
    const config = await readGlobalConfig(t().db.kysely);
    expect(globalConfigSchema.safeParse(config).success).toBe(true);
    expect(config).toEqual(DEFAULT_SITE_CONFIG);
    expect(config.lang).toBe('en-us');
  });

  it('writes content rows for all eleven locales, as many as the seed files hold', async () => {
    await seedIfEmpty(t().db.kysely, NOW);
    for (const table of CONTENT_TABLES) {
      const counts = await countBy(t().db, table);
      expect(Object.keys(counts).sort(), table).toEqual([...LOCALES].sort());
      for (const locale of LOCALES) {
        expect(counts[locale], `${table} ${locale}`).toBe(readSeedContent(locale)[table].length);
      }
    }
  });

  it('dates notices in the past, one day apart, the last of the file newest', async () => {
    await seedIfEmpty(t().db.kysely, NOW);
    const rows = await t()
      .db.kysely.selectFrom('notices')
      .select(['title', 'created_at'])
      .where('locale', '=', 'us')
      .orderBy('id')
      .execute();
    const file = readSeedContent('us').notices;
    expect(rows.map((r) => r.title)).toEqual(file.map((n) => n.title));
    expect(rows.map((r) => r.created_at)).toEqual(file.map((_, i) => NOW - (file.length - i) * DAY));
  });

  it('does not duplicate anything when run twice', async () => {
    await seedIfEmpty(t().db.kysely, NOW);
    const first = await rowCounts(t().db);
    expect(first.pairs).toBe(10);
    expect(first.site_config).toBe(Object.keys(DEFAULT_SITE_CONFIG).length);
    await seedIfEmpty(t().db.kysely, NOW + DAY);
    expect(await rowCounts(t().db)).toEqual(first);
  });

  it('writes nothing when it fails half-way', async () => {
    const k = t().db.kysely;
    // A pair already present makes the pairs insert fail after the config rows were written.
    await k
      .insertInto('pairs')
      .values({ tradecoin: 'BTC', settlecoin: 'USDT', sort: 0, enabled: 1 })
      .execute();
    await expect(seedIfEmpty(k, NOW)).rejects.toThrow();
    expect(await rowCounts(t().db)).toEqual({
      site_config: 0,
      pairs: 1,
      popups: 0,
      carousel: 0,
      contents: 0,
      notices: 0,
    });
  });
});
