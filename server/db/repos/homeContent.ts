import type { Kysely, Selectable } from 'kysely';
import { CONTENT_SORT_MAX, type Locale } from '../../../protocol';
import type { Database } from '../schema';

/**
 * The home page's pop-ups and carousel slides as the operator edits them (the public reads are in
 * content.ts). Both tables are rows per locale shown in ascending `sort`, then oldest first (id),
 * so they share one implementation; a row's columns are exactly its admin wire shape.
 */

type HomeTable = 'popups' | 'carousel';
type Row<T extends HomeTable> = Selectable<Database[T]>;
type Fields<T extends HomeTable> = Omit<Row<T>, 'id' | 'locale' | 'sort'>;

/** Only the fields given: an update leaves out what it does not change. */
const given = (changes: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));

const homeRows = <T extends HomeTable>(table: T) => {
  // Kysely cannot follow a table named by a type parameter; both tables have id, locale and sort,
  // and the rows read back are of `T`.
  const t = table as HomeTable;
  const find = async (db: Kysely<Database>, id: number): Promise<Row<T> | undefined> =>
    (await db.selectFrom(t).selectAll().where('id', '=', id).executeTakeFirst()) as Row<T> | undefined;

  return {
    find,

    list: async (db: Kysely<Database>, locale: Locale): Promise<Row<T>[]> =>
      (await db
        .selectFrom(t)
        .selectAll()
        .where('locale', '=', locale)
        .orderBy('sort')
        .orderBy('id')
        .execute()) as Row<T>[],

    /** A new row; without a sort it goes after every row of its locale (at most at the highest sort
     * an operator may give, beside whatever is there). */
    insert: async (
      db: Kysely<Database>,
      row: Fields<T> & { locale: Locale; sort?: number | undefined },
    ): Promise<number> => {
      let sort = row.sort;
      if (sort === undefined) {
        const last = await db
          .selectFrom(t)
          .select((eb) => eb.fn.max('sort').as('sort'))
          .where('locale', '=', row.locale)
          .executeTakeFirst();
        sort =
          last?.sort === null || last?.sort === undefined
            ? 0
            : Math.min(Number(last.sort) + 1, CONTENT_SORT_MAX);
      }
      const inserted = await db
        .insertInto(t)
        .values({ ...row, sort } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    },

    update: async (
      db: Kysely<Database>,
      id: number,
      changes: Partial<Fields<T>> & { sort?: number | undefined },
    ): Promise<void> => {
      const set = given(changes);
      if (Object.keys(set).length > 0)
        await db
          .updateTable(t)
          .set(set as never)
          .where('id', '=', id)
          .execute();
    },

    remove: async (db: Kysely<Database>, id: number): Promise<void> => {
      await db.deleteFrom(t).where('id', '=', id).execute();
    },
  };
};

export const popupRows = homeRows('popups');
export const carouselRows = homeRows('carousel');
