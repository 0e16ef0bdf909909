import { ZodError } from 'zod';
import { describe, expect, it } from 'vitest';
import { carousel, notices, popups } from '../../../server/content/admin';
import { listCarousel, listPopups } from '../../../server/db/repos/content';
import { countRows } from '../helpers/inject';
import { forEachEngine, useTestDb } from '../helpers/testDb';

const actor = { operatorId: null, name: 'cli:test' };
const NOW = Date.UTC(2026, 0, 1);

/** The issues a refusal names, as `field: message`. */
const issues = (p: Promise<unknown>) =>
  p.then(
    () => [],
    (e: unknown) => {
      if (!(e instanceof ZodError)) throw e;
      return e.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    },
  );

describe.each(forEachEngine())('operator editing of home pop-ups and carousel on %s', (_engine, open) => {
  const t = useTestDb(open, { seed: true });
  const db = () => t().db;
  const count = (table: 'popups' | 'carousel' | 'audit_log') => countRows(db().kysely, table);
  const audit = () =>
    db()
      .kysely.selectFrom('audit_log')
      .select(['actor', 'action', 'target', 'before_json', 'after_json'])
      .orderBy('id')
      .execute();

  it('publishes, edits and deletes a pop-up, each with its audit row, the public list following', async () => {
    const p = await popups.create(
      db(),
      actor,
      { locale: 'es', title: '  Mantenimiento ', content: 'Esta noche.\n22:00' },
      NOW,
    );
    expect(p).toEqual({
      id: p.id,
      locale: 'es',
      title: 'Mantenimiento',
      content: 'Esta noche.\n22:00',
      sort: 1,
    });
    expect((await listPopups(db().kysely, 'es')).at(-1)).toEqual({
      id: p.id,
      title: 'Mantenimiento',
      content: 'Esta noche.\n22:00',
    });

    const edited = await popups.edit(db(), actor, { id: p.id, content: 'Mañana.', sort: 0 }, NOW);
    expect(edited).toEqual({ ...p, content: 'Mañana.', sort: 0 });
    // Sort 0 shared with the seeded pop-up: the older one first.
    expect((await listPopups(db().kysely, 'es')).map((x) => x.content).at(-1)).toBe('Mañana.');

    expect(await popups.remove(db(), actor, p.id, NOW)).toBeNull();
    expect((await listPopups(db().kysely, 'es')).map((x) => x.id)).not.toContain(p.id);

    const rows = await audit();
    expect(rows.map((r) => [r.actor, r.action, r.target])).toEqual([
      ['cli:test', 'popup.create', `popup:${p.id}`],
      ['cli:test', 'popup.update', `popup:${p.id}`],
      ['cli:test', 'popup.delete', `popup:${p.id}`],
    ]);
    expect(JSON.parse(rows[1]!.before_json)).toEqual(p);
    expect(JSON.parse(rows[1]!.after_json)).toEqual(edited);
    expect(JSON.parse(rows[2]!.after_json)).toBeNull();
  });

  it('adds, edits and deletes a carousel slide; image and link are empty, a path here or http(s)', async () => {
    const s = await carousel.create(
      db(),
      actor,
      {
        locale: 'ru',
        title: 'Новое',
        image: ' https://cdn.example.com/b.png ',
        link: '',
      },
      NOW,
    );
    expect(s).toMatchObject({
      locale: 'ru',
      title: 'Новое',
      image: 'https://cdn.example.com/b.png',
      link: '',
      sort: 3,
    });
    const edited = await carousel.edit(db(), actor, { id: s.id, image: '', link: '/defi?tab=1' }, NOW);
    expect(edited).toMatchObject({ image: '', link: '/defi?tab=1' });
    expect((await listCarousel(db().kysely, 'ru')).at(-1)).toEqual({
      id: s.id,
      title: 'Новое',
      image: '',
      link: '/defi?tab=1',
    });
    await carousel.remove(db(), actor, s.id, NOW);
    expect((await audit()).map((r) => r.action)).toEqual([
      'carousel.create',
      'carousel.update',
      'carousel.delete',
    ]);
  });

  it('refuses what the rules refuse, naming each field’s catalogued message, and writes nothing', async () => {
    const before = { popups: await count('popups'), carousel: await count('carousel') };
    expect(
      await issues(popups.create(db(), actor, { locale: 'us', title: ' \u0000 ', content: '\u200b' })),
    ).toEqual(['title: app.msg.field_required', 'content: app.msg.field_required']);
    expect(
      await issues(
        popups.create(db(), actor, { locale: 'us', title: 'x'.repeat(201), content: 'y'.repeat(20_001) }),
      ),
    ).toEqual(['title: app.msg.text_too_long', 'content: app.msg.text_too_long']);
    expect(
      await issues(popups.create(db(), actor, { locale: 'en' as 'us', title: 't', content: 'c' })),
    ).toHaveLength(1);
    for (const bad of [
      'javascript:alert(1)',
      '//evil.example',
      'ftp://x',
      'img/a.png',
      '/a b',
      '/a\u0000',
      '/a\u202e',
    ])
      expect(
        await issues(carousel.create(db(), actor, { locale: 'us', title: 't', image: bad, link: '/' })),
      ).toEqual(['image: app.msg.link_invalid']);
    expect(
      await issues(
        carousel.create(db(), actor, { locale: 'us', title: 't', image: '', link: `/${'a'.repeat(2000)}` }),
      ),
    ).toEqual(['link: app.msg.text_too_long']);
    expect(
      await issues(popups.create(db(), actor, { locale: 'us', title: 't', content: 'c', sort: -1 })),
    ).toHaveLength(1);

    const [p] = await listPopups(db().kysely, 'us');
    expect(await issues(popups.edit(db(), actor, { id: p!.id, title: '   ' }))).toEqual([
      'title: app.msg.field_required',
    ]);
    expect(await issues(carousel.edit(db(), actor, { id: 1, link: 'data:text/html,x' }))).toEqual([
      'link: app.msg.link_invalid',
    ]);
    await expect(popups.edit(db(), actor, { id: 999_999, title: 'x' })).rejects.toMatchObject({
      key: 'app.msg.record_not_found',
    });
    await expect(carousel.remove(db(), actor, 999_999)).rejects.toMatchObject({
      key: 'app.msg.record_not_found',
    });

    expect(await listPopups(db().kysely, 'us')).toContainEqual(p);
    expect({ popups: await count('popups'), carousel: await count('carousel') }).toEqual(before);
    expect(await count('audit_log')).toBe(0);
  });

  it('holds notices to the same rules, with the same catalogued messages', async () => {
    expect(
      await issues(notices.create(db(), actor, { locale: 'us', title: '', message: 'x'.repeat(20_001) })),
    ).toEqual(['title: app.msg.field_required', 'message: app.msg.text_too_long']);
    const n = await notices.create(db(), actor, { locale: 'us', title: ' Hi ', message: 'There' }, NOW);
    expect(n).toMatchObject({ title: 'Hi', createdAt: NOW });
    expect((await audit()).map((r) => r.action)).toEqual(['notice.create']);
  });
});
