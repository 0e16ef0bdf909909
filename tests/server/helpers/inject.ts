import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../server/db/schema';

/** Calls the API of the app `app()` answers (built in a `beforeAll`), as `token` and in `lang`
 * when given. */
export const apiCaller =
  (app: () => FastifyInstance) =>
  (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    opts: { payload?: object; token?: string; lang?: string } = {},
  ) =>
    app().inject({
      method,
      url,
      ...(opts.payload ? { payload: opts.payload } : {}),
      headers: { ...(opts.token ? { token: opts.token } : {}), ...(opts.lang ? { lang: opts.lang } : {}) },
    });

/** How many rows `table` holds. */
export const countRows = async (db: Kysely<Database>, table: keyof Database) =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
