import { describe, expect, it } from 'vitest';
import {
  carouselItemSchema,
  contentItemSchema,
  noticeSchema,
  popupSchema,
  type ContentType,
} from '../../../../protocol';
import {
  listCarousel,
  listContent,
  listNotices,
  listPairs,
  listPopups,
} from '../../../../server/db/repos/content';
import { readSeedContent } from '../../../../server/db/seed/content';
import { forEachEngine, useTestDb } from '../../helpers/testDb';

const NOW = Date.UTC(2025, 5, 1);
const LOCALE_TABLES = ['popups', 'carousel', 'contents', 'notices'] as const;

describe.each(forEachEngine())('content repository on %s', (_engine, open) => {
  const t = useTestDb(open, { seed: true, now: NOW });
  const k = () => t().db.kysely;

  describe('listPairs', () => {
    it('names each pair TRADE/SETTLE, in sort order', async () => {
      const pairs = await listPairs(k());
      expect(pairs).toHaveLength(10);
      expect(pairs[0]).toEqual({ tradecoin: 'BTC', settlecoin: 'USDT', name: 'BTC/USDT' });
      expect(pairs.at(-1)).toEqual({ tradecoin: 'DOT', settlecoin: 'USDT', name: 'DOT/USDT' });
      expect(pairs.map((p) => p.name).slice(0, 3)).toEqual(['BTC/USDT', 'ETH/USDT', 'BNB/USDT']);
    });

    it('leaves out disabled pairs and follows a changed sort', async () => {
      await k().updateTable('pairs').set({ enabled: 0 }).where('tradecoin', '=', 'ETH').execute();
      await k().updateTable('pairs').set({ sort: -1 }).where('tradecoin', '=', 'DOT').execute();
      const names = (await listPairs(k())).map((p) => p.name);
      expect(names).toHaveLength(9);
      expect(names).not.toContain('ETH/USDT');
      expect(names.slice(0, 3)).toEqual(['DOT/USDT', 'BTC/USDT', 'BNB/USDT']);
    });
  });

  describe('locale content', () => {
    it('lists pop-ups in the requested locale', async () => {
      const de = await listPopups(k(), 'de');
      const us = await listPopups(k(), 'us');
      expect(de.map((p) => p.title)).toEqual(readSeedContent('de').popups.map((p) => p.title));
      expect(us.map((p) => p.title)).toEqual(readSeedContent('us').popups.map((p) => p.title));
      expect(de[0]?.title).not.toBe(us[0]?.title);
      for (const p of de) expect(popupSchema.parse(p)).toEqual(p);
    });

    it('lists the carousel in the requested locale, in file order', async () => {
      const jp = await listCarousel(k(), 'jp');
      expect(jp.map(({ title, image, link }) => ({ title, image, link }))).toEqual(
        readSeedContent('jp').carousel,
      );
      for (const c of jp) expect(carouselItemSchema.parse(c)).toEqual(c);
    });

    it('lists all content of a locale, or only one type', async () => {
      const all = await listContent(k(), 'fr', undefined);
      expect(all.map(({ type, title, body }) => ({ type, title, body }))).toEqual(
        readSeedContent('fr').contents,
      );
      for (const c of all) expect(contentItemSchema.parse(c)).toEqual(c);

      const about = await listContent(k(), 'fr', 'aboutUs');
      expect(about).toHaveLength(1);
      expect(about[0]?.type).toBe('aboutUs');
      expect(about[0]?.title).toBe(readSeedContent('fr').contents.find((c) => c.type === 'aboutUs')?.title);

      const home = await listContent(k(), 'fr', 'home');
      expect(home.map((c) => c.type)).toEqual(['home', 'home', 'home']);
    });

    it('lists notices newest first, with createdAt as a number', async () => {
      const notices = await listNotices(k(), 'ru');
      const file = readSeedContent('ru').notices;
      expect(notices).toHaveLength(file.length);
      for (const n of notices) {
        expect(typeof n.createdAt).toBe('number');
        expect(noticeSchema.parse(n)).toEqual(n);
      }
      const times = notices.map((n) => n.createdAt);
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(times[0]).toBe(NOW - 86_400_000);
      expect(notices[0]?.title).toBe(file.at(-1)?.title);
      expect(Object.keys(notices[0] ?? {}).sort()).toEqual(['createdAt', 'id', 'message', 'title']);
    });

    it('orders notices of the same time by id, newest first', async () => {
      await k().deleteFrom('notices').execute();
      await k()
        .insertInto('notices')
        .values([
          { locale: 'us', title: 'first', message: 'a', created_at: NOW },
          { locale: 'us', title: 'second', message: 'b', created_at: NOW },
          { locale: 'us', title: 'older', message: 'c', created_at: NOW - 1 },
        ])
        .execute();
      expect((await listNotices(k(), 'us')).map((n) => n.title)).toEqual(['second', 'first', 'older']);
    });
  });

  describe('fallback to us', () => {
    it.each(LOCALE_TABLES)('answers the us %s when the locale has none', async (table) => {
      await k().deleteFrom(table).where('locale', '=', 'de').execute();
      const list = {
        popups: (l: 'de' | 'us' | 'it') => listPopups(k(), l),
        carousel: (l: 'de' | 'us' | 'it') => listCarousel(k(), l),
        contents: (l: 'de' | 'us' | 'it') => listContent(k(), l, undefined),
        notices: (l: 'de' | 'us' | 'it') => listNotices(k(), l),
      }[table];
      const us = await list('us');
      expect(us.length).toBeGreaterThan(0);
      expect(await list('de')).toEqual(us);
      // Other locales keep their own rows.
      expect(await list('it')).not.toEqual(us);
    });

    it('falls back for one content type the locale lacks', async () => {
      const type: ContentType = 'msb';
      await k().deleteFrom('contents').where('locale', '=', 'es').where('type', '=', type).execute();
      const es = await listContent(k(), 'es', type);
      expect(es).toEqual(await listContent(k(), 'us', type));
      expect(es[0]?.title).toBe(readSeedContent('us').contents.find((c) => c.type === type)?.title);
      // The other types stay Spanish.
      const about = await listContent(k(), 'es', 'aboutUs');
      expect(about[0]?.title).toBe(readSeedContent('es').contents.find((c) => c.type === 'aboutUs')?.title);
    });

    it('answers an empty list when us has none either', async () => {
      await k().deleteFrom('popups').execute();
      expect(await listPopups(k(), 'us')).toEqual([]);
      expect(await listPopups(k(), 'cn')).toEqual([]);
    });
  });
});
