import { describe, expect, it } from 'vitest';
import { CONTENT_SORT_MAX } from '../../../../protocol';
import { listCarousel, listPopups } from '../../../../server/db/repos/content';
import { carouselRows, popupRows } from '../../../../server/db/repos/homeContent';
import { readSeedContent } from '../../../../server/db/seed/content';
import { forEachEngine, useTestDb } from '../../helpers/testDb';

describe.each(forEachEngine())(
  'home pop-ups and carousel as the operator edits them, on %s',
  (_engine, open) => {
    const t = useTestDb(open, { seed: true });
    const k = () => t().db.kysely;

    it('lists a locale’s pop-ups in the order the home page shows them, with locale and sort', async () => {
      const rows = await popupRows.list(k(), 'de');
      expect(rows.map((r) => r.title)).toEqual(readSeedContent('de').popups.map((p) => p.title));
      expect(rows[0]).toEqual({
        id: expect.any(Number),
        locale: 'de',
        title: readSeedContent('de').popups[0]!.title,
        content: readSeedContent('de').popups[0]!.content,
        sort: 0,
      });
      expect((await listPopups(k(), 'de')).map((p) => p.id)).toEqual(rows.map((r) => r.id));
    });

    it('adds a row after the last of its locale unless given a sort, and the public list follows', async () => {
      const last = await carouselRows.insert(k(), { locale: 'fr', title: 'Last', image: '', link: '' });
      const first = await carouselRows.insert(k(), {
        locale: 'fr',
        title: 'First',
        image: '/img/x.svg',
        link: 'https://example.com/',
        sort: 0,
      });
      const rows = await carouselRows.list(k(), 'fr');
      const seeded = readSeedContent('fr').carousel.length;
      expect(rows).toHaveLength(seeded + 2);
      expect(rows.find((r) => r.id === last)?.sort).toBe(seeded);
      // Sort 0 shared with the first seeded slide: the older one (lower id) first.
      expect(rows.map((r) => r.title).slice(0, 2)).toEqual([
        readSeedContent('fr').carousel[0]!.title,
        'First',
      ]);
      expect(rows.at(-1)?.id).toBe(last);
      expect((await listCarousel(k(), 'fr')).map((r) => r.id)).toEqual(rows.map((r) => r.id));
      expect(first).toBeGreaterThan(last);
    });

    it('starts a locale with none at sort 0, and never passes the highest sort an operator may give', async () => {
      await k().deleteFrom('popups').where('locale', '=', 'it').execute();
      const a = await popupRows.insert(k(), { locale: 'it', title: 'A', content: 'a' });
      expect((await popupRows.find(k(), a))?.sort).toBe(0);
      await popupRows.update(k(), a, { sort: CONTENT_SORT_MAX });
      const b = await popupRows.insert(k(), { locale: 'it', title: 'B', content: 'b' });
      expect((await popupRows.find(k(), b))?.sort).toBe(CONTENT_SORT_MAX);
      expect((await popupRows.list(k(), 'it')).map((r) => r.title)).toEqual(['A', 'B']);
    });

    it('changes only the fields given, and deletes', async () => {
      const [row] = await popupRows.list(k(), 'jp');
      await popupRows.update(k(), row!.id, { title: 'お知らせ', content: undefined });
      expect(await popupRows.find(k(), row!.id)).toEqual({ ...row, title: 'お知らせ' });
      await popupRows.update(k(), row!.id, {});
      expect(await popupRows.find(k(), row!.id)).toEqual({ ...row, title: 'お知らせ' });
      await popupRows.remove(k(), row!.id);
      expect(await popupRows.find(k(), row!.id)).toBeUndefined();
      // A locale with no pop-ups left is shown the English ones, as every content list is.
      expect((await listPopups(k(), 'jp')).map((p) => p.title)).toEqual(
        readSeedContent('us').popups.map((p) => p.title),
      );
    });
  },
);
