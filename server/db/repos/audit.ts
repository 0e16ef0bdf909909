import type { Kysely } from 'kysely';
import type { AuditRepo } from '../../domain/accounts/ports';
import { auditRow, type Actor, type AuditChange } from '../../domain/operators/actor';
import type { Db } from '../connect';
import type { Database } from '../schema';
import { transact } from '../transient';

export const auditRepo = (db: Kysely<Database>): AuditRepo => ({
  insert: async (a) => {
    const row = await db
      .insertInto('audit_log')
      .values({
        operator_id: a.operatorId,
        actor: a.actor,
        action: a.action,
        target: a.target,
        before_json: JSON.stringify(a.before ?? null),
        after_json: JSON.stringify(a.after ?? null),
        created_at: a.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },
  list: async (limit, beforeId, target) => {
    let q = db.selectFrom('audit_log').selectAll();
    if (beforeId !== undefined) q = q.where('id', '<', beforeId);
    if (target !== undefined) q = q.where('target', '=', target);
    const rows = await q.orderBy('id', 'desc').limit(limit).execute();
    return rows.map((r) => ({
      id: r.id,
      operatorId: r.operator_id,
      actor: r.actor,
      action: r.action,
      target: r.target,
      before: JSON.parse(r.before_json) as unknown,
      after: JSON.parse(r.after_json) as unknown,
      createdAt: Number(r.created_at),
    }));
  },
});

/** An operator's change and its audit row in one transaction: `work` makes the change and says
 * what it was; nothing of it stays if either fails. */
export const audited = <T>(
  db: Db,
  actor: Actor,
  now: number,
  work: (trx: Kysely<Database>) => Promise<{ result: T; change: AuditChange }>,
): Promise<T> =>
  transact(db.kysely, async (trx) => {
    const { result, change } = await work(trx);
    await auditRepo(trx).insert(auditRow(actor, change, now));
    return result;
  });
