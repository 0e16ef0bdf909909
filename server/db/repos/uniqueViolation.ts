import { UniqueViolation } from '../../domain/accounts/ports';

/** True for a unique-constraint failure on either engine (SQLite's constraint codes, PostgreSQL's
 * SQLSTATE 23505). */
export const isUniqueViolation = (e: unknown): boolean => {
  const code = (e as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
};

/** Runs a write and turns a unique-constraint failure into the domain's UniqueViolation. */
export const guardUnique = async <T>(write: () => Promise<T>): Promise<T> => {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolation(e)) throw new UniqueViolation(e);
    throw e;
  }
};

/** A LIKE pattern that matches `text` anywhere, with LIKE's wildcards in `text` taken literally
 * (used with `escape '\\'`). */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
