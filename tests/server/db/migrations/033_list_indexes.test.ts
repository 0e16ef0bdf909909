import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../server/db/migrate';
import { usersRepo } from '../../../../server/db/repos/users';
import { verificationsRepo } from '../../../../server/db/repos/verifications';
import { indexNames, queryPlans } from '../../helpers/queryPlans';
import { forEachEngine, useTestDb } from '../../helpers/testDb';

describe.each(forEachEngine())('migration 033 on %s', (engine, open) => {
  const t = useTestDb(open, { migrate: false });

  it('indexes invitees and verifications in the order their lists are paged', async () => {
    await migrate(t().db, '032_nickname_folded_skeleton');
    expect(await migrate(t().db)).toEqual(['033_list_indexes']);
    const users = await indexNames(t(), 'users');
    expect(users).toContain('users_inviter_created_idx');
    expect(users).not.toContain('users_inviter_idx');
    const verifications = await indexNames(t(), 'verifications');
    expect(verifications).toContain('verifications_status_submitted_idx');
    expect(verifications).not.toContain('verifications_status_idx');
    if (engine !== 'sqlite') return;
    // SQLite reads a page from the index, in its order: no sort of every row first. The second
    // generation comes from several inviters' ranges of it, merged by a sort of theirs alone.
    const k = t().db.kysely;
    const [first] = await queryPlans(t().db, () =>
      usersRepo(k).invitees(7, 'first', { offset: 100, limit: 20 }),
    );
    expect(first).toContain('users_inviter_created_idx');
    expect(first).not.toContain('TEMP B-TREE');
    const [second] = await queryPlans(t().db, () =>
      usersRepo(k).invitees(7, 'second', { offset: 100, limit: 20 }),
    );
    expect(second).toContain('users_inviter_created_idx');
    for (const status of ['pending', 'approved'] as const) {
      const [page] = await queryPlans(t().db, () =>
        verificationsRepo(k).list({ status }, { offset: 200, limit: 200 }),
      );
      expect(page, status).toContain('verifications_status_submitted_idx');
      expect(page, status).not.toContain('TEMP B-TREE');
    }
  });
});
