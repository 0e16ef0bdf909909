import { expect } from 'vitest';
import type { Insertable, Kysely } from 'kysely';
import { isUniqueViolation } from '../../../../server/db/repos/uniqueViolation';
import type { Database, UserTable } from '../../../../server/db/schema';

/** The nickname changes a migration by `actor` wrote to the audit log: target, before, after. */
export const nicknameAudit = async (k: Kysely<Database>, actor: string) => {
  const audit = await k
    .selectFrom('audit_log')
    .select(['actor', 'action', 'target', 'before_json', 'after_json'])
    .orderBy('target')
    .execute();
  expect(new Set(audit.map((a) => `${a.actor} ${a.action}`))).toEqual(new Set([`${actor} user.nickname`]));
  return audit.map((a) => [a.target, JSON.parse(a.before_json), JSON.parse(a.after_json)]);
};

/** True when the database itself refuses `row`, for a unique constraint. */
export const refusesUser = (k: Kysely<Database>, row: Insertable<UserTable>) =>
  k
    .insertInto('users')
    .values(row)
    .execute()
    .then(
      () => false,
      (e: unknown) => isUniqueViolation(e),
    );

/** Ids 1 to 1201, more users than a migration writes in one statement, inserted as `row` makes them. */
export const insertManyUsers = async (k: Kysely<Database>, row: (id: number) => Insertable<UserTable>) => {
  const ids = Array.from({ length: 1201 }, (_, i) => i + 1);
  for (let i = 0; i < ids.length; i += 200)
    await k
      .insertInto('users')
      .values(ids.slice(i, i + 200).map(row))
      .execute();
  return ids;
};
