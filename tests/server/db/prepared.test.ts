import { sql, type KyselyPlugin } from 'kysely';
import fc from 'fast-check';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { SLICE_SIZES } from '../../../server/db/chunks';
import { preparedName, prepareSlices, rowValues, runPrepared } from '../../../server/db/prepared';
import { forEachEngine, useTestDb } from '../helpers/testDb';

describe.each(forEachEngine())('prepared queries on %s', (engine, open) => {
  const t = useTestDb(open);

  const insertNotices = (
    rows: Array<{ title: string; message: string; locale: string; created_at: number }>,
  ) =>
    runPrepared(t().db.kysely, `test.notices:${rows.length}`, rowValues(rows), () =>
      t().db.kysely.insertInto('notices').values(rows),
    );
  const titlesIn = (locale: string) =>
    runPrepared(t().db.kysely, 'test.titles', [locale], () =>
      t().db.kysely.selectFrom('notices').select('title').where('locale', '=', locale).orderBy('title'),
    );

  it('builds a shape once and runs it again with the new values', async () => {
    const compile = vi.fn();
    const build = () => {
      compile();
      return t().db.kysely.selectFrom('notices').select('title').where('locale', '=', 'en');
    };
    await insertNotices([
      { title: 'a', message: 'x', locale: 'en', created_at: 1 },
      { title: 'b', message: 'y', locale: 'de', created_at: 2 },
    ]);
    await insertNotices([
      { title: 'c', message: 'z', locale: 'en', created_at: 3 },
      { title: 'd', message: 'w', locale: 'fr', created_at: 4 },
    ]);
    expect((await titlesIn('en')).rows).toEqual([{ title: 'a' }, { title: 'c' }]);
    expect((await titlesIn('fr')).rows).toEqual([{ title: 'd' }]);
    await runPrepared(t().db.kysely, 'test.counted', ['en'], build);
    await runPrepared(t().db.kysely, 'test.counted', ['en'], build);
    expect(compile).toHaveBeenCalledTimes(1);
  });

  it('keeps one statement per shape: another row count is another statement', async () => {
    await insertNotices([{ title: 'one', message: 'x', locale: 'en', created_at: 1 }]);
    await insertNotices([
      { title: 'two', message: 'x', locale: 'en', created_at: 2 },
      { title: 'three', message: 'x', locale: 'en', created_at: 3 },
      { title: 'four', message: 'x', locale: 'en', created_at: 4 },
    ]);
    expect((await titlesIn('en')).rows.map((r) => r.title)).toEqual(['four', 'one', 'three', 'two']);
  });

  it('keeps of a shape its SQL and the kind of statement, not the first values nor their tree', async () => {
    const db = t().db.kysely;
    const insert = (title: string) => {
      const rows = [{ title, message: 'x', locale: 'en', created_at: 1 }];
      return runPrepared(db, 'test.kept', rowValues(rows), () => db.insertInto('notices').values(rows));
    };
    const spy = vi.spyOn(db.getExecutor(), 'executeQuery');
    onTestFinished(() => spy.mockRestore());
    await insert('first-title');
    await insert('second-title');
    const ran = spy.mock.calls.map(([q]) => q);
    expect(ran[1]!.sql).toBe(ran[0]!.sql);
    expect(ran[1]!.parameters).toEqual(['second-title', 'x', 'en', 1]);
    expect(ran[1]!.query).toEqual({ kind: 'InsertQueryNode' });
    expect(JSON.stringify(ran[1])).not.toContain('first-title');
    expect((await titlesIn('en')).rows).toEqual([{ title: 'first-title' }, { title: 'second-title' }]);
  });

  it('builds every time on a connection with a plugin, which sees each query', async () => {
    const seen: string[] = [];
    const spy: KyselyPlugin = {
      transformQuery: ({ node }) => {
        seen.push(node.kind);
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    await titlesIn('en');
    const spied = t().db.kysely.withPlugin(spy);
    for (let i = 0; i < 2; i++)
      await runPrepared(spied, 'test.titles', ['en'], () =>
        spied.selectFrom('notices').select('title').where('locale', '=', 'en').orderBy('title'),
      );
    expect(seen).toEqual(['SelectQueryNode', 'SelectQueryNode']);
  });

  it('refuses values listed in another order than the statement binds them, and runs nothing', async () => {
    const rows = [{ title: 'late', message: 'x', locale: 'en', created_at: 5 }];
    await expect(
      runPrepared(t().db.kysely, 'test.misordered', ['en', 'late', 'x', 5], () =>
        t().db.kysely.insertInto('notices').values(rows),
      ),
    ).rejects.toThrow(/not bound in the order given/);
    expect((await titlesIn('en')).rows).toEqual([]);
  });

  it(`${engine === 'sqlite' ? 'builds and prepares' : 'builds nothing'} ahead for every size of slice, and nothing on a connection with a plugin`, async () => {
    const db = t().db.kysely;
    const slice = vi.fn((n: number) => {
      const titles = Array.from({ length: n }, (_, i) => `t${i}`);
      return {
        params: titles,
        build: () => db.selectFrom('notices').select('title').where('title', 'in', titles),
      };
    });
    const plugin: KyselyPlugin = {
      transformQuery: ({ node }) => node,
      transformResult: async ({ result }) => result,
    };
    prepareSlices(db.withPlugin(plugin), 'test.ahead', slice);
    expect(slice).not.toHaveBeenCalled();
    prepareSlices(db, 'test.ahead', slice);
    expect(slice.mock.calls.map(([n]) => n)).toEqual(engine === 'sqlite' ? SLICE_SIZES : []);
  });

  it.runIf(engine === 'postgres')(
    'runs a shape on PostgreSQL as a statement its connection prepared once, under a name of its own',
    async () => {
      await t()
        .db.kysely.connection()
        .execute(async (conn) => {
          const build = (locale: string) =>
            conn.selectFrom('notices').select('title').where('locale', '=', locale).orderBy('title');
          for (const locale of ['en', 'de'])
            await runPrepared(conn, 'test.named', [locale], () => build(locale));
          const text = build('en').compile().sql;
          const { rows } = await sql<{ name: string; statement: string }>`
          select name, statement from pg_prepared_statements`.execute(conn);
          expect(preparedName(text)).toMatch(/^prepared_\d+$/);
          expect(rows).toEqual([{ name: preparedName(text), statement: text }]);
        });
    },
  );
});

describe('rowValues', () => {
  it('gives each row’s values in its keys’ order, row after row', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.string({ minLength: 1 }).filter((k) => !/^\d+$/.test(k) && k !== '__proto__'),
          {
            minLength: 1,
            maxLength: 12,
          },
        ),
        fc.nat({ max: 40 }),
        (keys, n) => {
          const rows = Array.from({ length: n }, (_, r) =>
            Object.fromEntries(
              keys.map((k, c) => [k, c % 3 === 0 ? BigInt(r * c) : c % 3 === 1 ? `${r}:${c}` : null]),
            ),
          );
          expect(rowValues(rows)).toEqual(rows.flatMap((row) => Object.values(row)));
        },
      ),
    );
  });
});
