import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runContentCommand } from '../../../server/admin/content';
import { listCarousel, listPopups } from '../../../server/db/repos/content';
import { countRows } from '../helpers/inject';
import { forEachEngine, useTestDb } from '../helpers/testDb';

describe.each(forEachEngine())(
  'operator CLI: notices, help articles, pop-ups and carousel on %s',
  (_engine, open) => {
    const db = useTestDb(open, { seed: true });

    const run = async (...argv: string[]) => {
      const lines: string[] = [];
      const code = await runContentCommand({ db: db().db, out: (l) => lines.push(l) }, argv);
      return { code, text: lines.join('\n') };
    };
    const idOf = (text: string) => /#(\d+)/.exec(text)![1]!;
    const rows = (table: 'popups' | 'carousel' | 'audit_log') => countRows(db().db.kysely, table);

    it('is not the command of any other area', async () => {
      for (const area of ['defi', 'documents', 'constructor', 'toString', 'hasOwnProperty'])
        expect(await run(area, 'list', 'us')).toEqual({ code: null, text: '' });
    });

    it('links the translations of a notice and of an article by their slug', async () => {
      const id = idOf(
        (await run('notices', 'add', 'de', 'Wartung', 'Heute Nacht.', '--slug=upkeep-2027')).text,
      );
      expect((await run('notices', 'list', 'de')).text).toMatch(
        new RegExp(`#${id} .* \\(upkeep-2027\\) Wartung`),
      );
      const fr = idOf((await run('notices', 'add', 'fr', 'Maintenance', 'Ce soir.')).text);
      expect((await run('notices', 'edit', fr, '--slug=upkeep-2027')).code).toBe(0);
      expect(await run('notices', 'add', 'de', 'Noch einmal', 'x', '--slug=upkeep-2027')).toEqual({
        code: 1,
        text: 'refused: app.msg.slug_taken',
      });
      expect((await run('notices', 'edit', fr, '--slug=Upkeep 2027')).text).toContain('app.msg.slug_invalid');
      const article = idOf(
        (await run('articles', 'add', 'es', 'security', '2FA', 'Pronto.', '--slug=two-factor')).text,
      );
      expect((await run('articles', 'list', 'es')).text).toContain(`#${article} [security] (two-factor) 2FA`);
      expect((await run('articles', 'edit', article, '--slug=second-factor')).code).toBe(0);
      expect((await run('articles', 'list', 'es')).text).toContain('(second-factor) 2FA');
      // An empty slug unlinks.
      expect((await run('notices', 'edit', fr, '--slug=')).code).toBe(0);
      expect((await run('notices', 'list', 'fr')).text).toMatch(new RegExp(`#${fr} \\S+ Maintenance`));
      expect((await run('articles', 'edit', article, '--slug=')).code).toBe(0);
      expect((await run('articles', 'list', 'es')).text).toContain(`#${article} [security] 2FA`);
    });

    it('edits notices and help articles', async () => {
      const id = idOf((await run('notices', 'add', 'de', 'Wartung', 'Heute Nacht.')).text);
      expect((await run('notices', 'edit', id, '--title=Wartung beendet')).code).toBe(0);
      expect((await run('notices', 'list', 'de')).text).toContain('Wartung beendet');
      expect((await run('notices', 'delete', id)).code).toBe(0);
      expect(await run('notices', 'delete', id)).toEqual({
        code: 1,
        text: `refused: app.msg.record_not_found (no notice #${id})`,
      });
      expect((await run('articles', 'add', 'es', 'security', '2FA', 'Pronto.')).code).toBe(0);
      expect((await run('articles', 'add', 'es', 'nonsense', '2FA', 'Pronto.')).code).toBe(2);
      expect((await run('articles', 'list', 'es')).text).toContain('[security] 2FA');
      expect(await run('notices', 'add', 'us', ' ', 'M')).toEqual({
        code: 2,
        text: expect.stringMatching(/^TITLE is empty\n/),
      });
    });

    it('publishes, lists, edits, reorders and deletes home pop-ups', async () => {
      const added = await run('popups', 'add', 'fr', 'Maintenance', 'Ce soir à 22 h.');
      expect(added).toEqual({ code: 0, text: expect.stringMatching(/^pop-up #\d+ published$/) });
      const id = idOf(added.text);
      const [seeded] = await listPopups(db().db.kysely, 'fr');
      expect((await run('popups', 'list', 'fr')).text).toBe(
        `#${seeded!.id} sort 0: ${seeded!.title}\n#${id} sort 1: Maintenance`,
      );
      expect(await run('popups', 'edit', id, '--content=Demain.', '--sort=0', '--title=Travaux')).toEqual({
        code: 0,
        text: `pop-up #${id} saved`,
      });
      await run('popups', 'edit', String(seeded!.id), '--sort=9');
      expect((await listPopups(db().db.kysely, 'fr')).map((p) => [p.id, p.title, p.content])).toEqual([
        [Number(id), 'Travaux', 'Demain.'],
        [seeded!.id, seeded!.title, seeded!.content],
      ]);
      const first = idOf((await run('popups', 'add', 'fr', 'Premier', 'Avant tout.', '--sort=0')).text);
      expect((await listPopups(db().db.kysely, 'fr')).map((p) => p.id)).toEqual([
        Number(id),
        Number(first),
        seeded!.id,
      ]);
      expect(await run('popups', 'delete', id)).toEqual({ code: 0, text: `pop-up #${id} deleted` });
      expect(await run('popups', 'delete', id)).toEqual({
        code: 1,
        text: `refused: app.msg.record_not_found (no pop-up #${id})`,
      });
      expect(await run('popups', 'edit', id, '--title=x')).toEqual({
        code: 1,
        text: `refused: app.msg.record_not_found (no pop-up #${id})`,
      });
    });

    it('reads a long pop-up text from a file named with @', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'popup-'));
      const file = path.join(dir, 'text.txt');
      fs.writeFileSync(file, 'Line one.\nLine two.\n');
      const id = Number(idOf((await run('popups', 'add', 'it', 'Avviso', `@${file}`)).text));
      expect((await listPopups(db().db.kysely, 'it')).find((p) => p.id === id)?.content).toBe(
        'Line one.\nLine two.',
      );
      expect(await run('popups', 'add', 'it', 'Avviso', '@/nonexistent/file')).toMatchObject({
        code: 2,
        text: expect.stringContaining('cannot read /nonexistent/file: ENOENT'),
      });
    });

    it('adds, edits and deletes carousel slides, images and links held to the config’s rule', async () => {
      const added = await run(
        'carousel',
        'add',
        'br',
        'Novo',
        '/img/banner-defi.svg',
        'https://example.com/br',
      );
      expect(added).toEqual({ code: 0, text: expect.stringMatching(/^carousel slide #\d+ added$/) });
      const id = idOf(added.text);
      expect((await run('carousel', 'list', 'br')).text.split('\n').at(-1)).toBe(
        `#${id} sort 3: Novo (image /img/banner-defi.svg, link https://example.com/br)`,
      );
      expect((await run('carousel', 'edit', id, '--link=', '--image=', '--sort=0')).code).toBe(0);
      expect((await listCarousel(db().db.kysely, 'br')).find((s) => s.id === Number(id))).toEqual({
        id: Number(id),
        title: 'Novo',
        image: '',
        link: '',
      });
      expect((await run('carousel', 'list', 'br')).text).toContain(`#${id} sort 0: Novo (image -, link -)`);
      expect((await run('carousel', 'delete', id)).text).toBe(`carousel slide #${id} deleted`);
    });

    it('refuses what it cannot read or the rules refuse, writing nothing', async () => {
      const before = [await rows('popups'), await rows('carousel'), await rows('audit_log')];
      const cases: Array<[string[], number, string]> = [
        [['popups', 'list', 'xx'], 2, 'unknown locale: xx (one of us, cn,'],
        [['carousel', 'add', 'en', 'T', '', ''], 2, 'unknown locale: en (one of us, cn,'],
        [['popups', 'add', 'us', 'T'], 2, 'popups add us T needs a CONTENT'],
        [['popups', 'add', 'us', 'T', 'C', '--sort=-1'], 2, '--sort takes a whole number: --sort=-1'],
        [['popups', 'add', 'us', 'T', 'C', 'extra'], 2, 'not an option (--key=value): extra'],
        [['popups', 'add', 'us', 'T', 'C', '--sort=1000001'], 2, 'refused: sort:'],
        [['popups', 'add', 'us', '\u200b', 'C'], 2, 'refused: title: app.msg.field_required'],
        [['popups', 'add', 'us', 'T', 'x'.repeat(20_001)], 2, 'refused: content: app.msg.text_too_long'],
        [['popups', 'edit', '1', '--colour=red'], 2, 'unknown option: --colour'],
        [['popups', 'edit', '1', '--sort='], 2, '--sort takes a whole number: --sort='],
        [['popups', 'edit', 'one', '--title=T'], 2, 'not an id: one'],
        [['popups', 'edit', '1', '--content= '], 2, 'refused: content: app.msg.field_required'],
        [['popups', 'delete', '0'], 2, 'not an id: 0'],
        [['popups', 'rename', '1'], 2, 'unknown sub-command: popups rename'],
        [
          ['carousel', 'add', 'us', 'T', 'javascript:alert(1)', '/'],
          2,
          'refused: image: app.msg.link_invalid',
        ],
        [['carousel', 'add', 'us', 'T', '', '//evil.example'], 2, 'refused: link: app.msg.link_invalid'],
        [['carousel', 'edit', '1', '--link=ftp://x'], 2, 'refused: link: app.msg.link_invalid'],
        [['carousel', 'edit', '1', '--url=/x'], 2, 'unknown option: --url'],
        [['carousel', 'delete', '99999'], 1, 'refused: app.msg.record_not_found'],
      ];
      for (const [argv, code, text] of cases)
        expect(await run(...argv), argv.join(' ')).toMatchObject({
          code,
          text: expect.stringContaining(text),
        });
      expect([await rows('popups'), await rows('carousel'), await rows('audit_log')]).toEqual(before);
    });

    it('says when a locale has none, and that its readers see the English ones', async () => {
      await db().db.kysely.deleteFrom('popups').where('locale', '=', 'tw').execute();
      expect(await run('popups', 'list', 'tw')).toEqual({
        code: 0,
        text: 'no pop-ups in tw (its readers are shown the us ones)',
      });
    });
  },
);
