import { describe, expect, it } from 'vitest';
import { audited, auditRepo } from '../../../../server/db/repos/audit';
import { AppError } from '../../../../server/domain/appError';
import { forEachEngine, useTestDb } from '../../helpers/testDb';

const NOW = Date.UTC(2026, 11, 2);
const actor = { operatorId: null, name: 'cli:alice' };

describe.each(forEachEngine())('an audited change on %s', (_engine, open) => {
  const t = useTestDb(open, { seed: true, now: NOW });
  const notices = async () =>
    (await t().db.kysely.selectFrom('notices').select('title').orderBy('id').execute()).map((r) => r.title);

  it('commits the change with its audit row and answers what the work answered', async () => {
    const before = await notices();
    const id = await audited(t().db, actor, NOW, async (trx) => {
      const row = await trx
        .insertInto('notices')
        .values({ locale: 'us', title: 'Audited', message: 'm', created_at: NOW })
        .returning('id')
        .executeTakeFirstOrThrow();
      return {
        result: row.id,
        change: { action: 'notice.create', target: `notice:${row.id}`, before: null, after: 1 },
      };
    });
    expect(await notices()).toEqual([...before, 'Audited']);
    const [last] = await auditRepo(t().db.kysely).list(1);
    expect(last).toMatchObject({
      operatorId: null,
      actor: 'cli:alice',
      action: 'notice.create',
      target: `notice:${id}`,
      before: null,
      after: 1,
      createdAt: NOW,
    });
  });

  it('lists the rows about one target only, newest first, when asked', async () => {
    const repo = auditRepo(t().db.kysely);
    for (const [action, target] of [
      ['withdrawal.success', 'withdrawal:1'],
      ['withdrawal.rejected', 'withdrawal:11'],
      ['deposit.success', 'deposit:1'],
      ['user.flags', 'withdrawal:1'],
    ] as const)
      await repo.insert({
        operatorId: null,
        actor: 'cli:alice',
        action,
        target,
        before: null,
        after: null,
        createdAt: NOW,
      });
    expect((await repo.list(10, undefined, 'withdrawal:1')).map((a) => a.action)).toEqual([
      'user.flags',
      'withdrawal.success',
    ]);
    expect(await repo.list(10, undefined, 'withdrawal:2')).toEqual([]);
    expect((await repo.list(10)).length).toBeGreaterThanOrEqual(4);
  });

  it('keeps neither the change nor an audit row when the work fails after writing', async () => {
    const before = await notices();
    const audits = (await auditRepo(t().db.kysely).list(100)).length;
    await expect(
      audited(t().db, actor, NOW, async (trx) => {
        await trx
          .insertInto('notices')
          .values({ locale: 'us', title: 'Half', message: 'm', created_at: NOW })
          .execute();
        throw new AppError('parameter_error');
      }),
    ).rejects.toThrow(AppError);
    expect(await notices()).toEqual(before);
    expect(await auditRepo(t().db.kysely).list(100)).toHaveLength(audits);
  });
});
