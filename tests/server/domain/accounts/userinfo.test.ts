import { describe, expect, it, vi } from 'vitest';
import { assertVerified } from '../../../../server/domain/accounts/userinfo';
import { rejectsWith } from '../../helpers/errors';

describe('the verification rule every gated action shares', () => {
  it('lets an approved user through without asking whether the site requires verification', async () => {
    const required = vi.fn(() => true);
    await assertVerified(2, required);
    await assertVerified(7, required);
    expect(required).not.toHaveBeenCalled();
  });

  it('lets anyone through while the site requires no verification', async () => {
    for (const c of [null, 0, 1]) await assertVerified(c, async () => false);
  });

  it('tells "under review" from "not verified" and "failed" (spec §4)', async () => {
    await rejectsWith(
      assertVerified(0, () => true),
      'verification_pending',
    );
    await rejectsWith(
      assertVerified(null, () => true),
      'verification_required',
    );
    await rejectsWith(
      assertVerified(1, async () => true),
      'verification_required',
    );
  });
});
