import type { CompiledQuery, Kysely } from 'kysely';

/** `db` with every query it executes shown to `seen` first. Kysely's own methods read private
 * fields, so they run on the instance itself. */
export const watchedQueries = <DB>(db: Kysely<DB>, seen: (q: CompiledQuery) => void): Kysely<DB> =>
  new Proxy(db, {
    get: (target, key) => {
      if (key === 'executeQuery')
        return (q: CompiledQuery) => {
          seen(q);
          return target.executeQuery(q);
        };
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
