import { describe, expect, it } from 'vitest';
import { runDefiCommand } from '../../../server/admin/defi';
import { insertPledge } from '../../../server/db/repos/defi';
import { insertServiceMessage } from '../../../server/db/repos/help';
import { seedDefiIfEmpty } from '../../../server/db/seed/defi';
import { forEachEngine, useTestDb } from '../helpers/testDb';
import { stakingHarness, UNIT } from '../staking/helpers';

describe.each(forEachEngine())('operator CLI: staking, documents and service on %s', (_engine, open) => {
  const db = useTestDb(open, { seed: true });

  const run = async (argv: string[], env: NodeJS.ProcessEnv = {}) => {
    const lines: string[] = [];
    const code = await runDefiCommand({ db: db().db, out: (l) => lines.push(l), env }, argv);
    return { code, text: lines.join('\n') };
  };

  it('lists, creates and changes products, refusing bad terms', async () => {
    await seedDefiIfEmpty(db().db.kysely);
    expect((await run(['defi', 'products'])).text).toContain('#1 USDT Saver 7 [on] USDT 7d daily 0.020000%');
    const created = await run([
      'defi',
      'create',
      'USDT Saver 14',
      'usdt',
      '14',
      '0.025',
      '100',
      '50000',
      '500000',
      '3',
    ]);
    expect(created).toEqual({ code: 0, text: 'product #5 USDT Saver 14 created' });
    expect((await run(['defi', 'set', '5', 'enabled=false', 'totalQuota=600000'])).text).toContain(
      'quota 600000.00000000/600000.00000000 off',
    );
    expect((await run(['defi', 'set', '5', 'minAmount=999999'])).text).toBe(
      'refused: minAmount: app.msg.parameter_error (999999)',
    );
    expect((await run(['defi', 'create', 'x', 'USDT', '0', '1', '1', '2', '3', '1'])).code).toBe(2);
    expect((await run(['defi', 'set', '5', 'colour=red'])).code).toBe(2);
    // Read as written or refused: `yes` is not `true`, and an empty number is no number.
    for (const bad of ['enabled=yes', 'enabled=TRUE', 'sort=', 'purchaseLimit=0x10'])
      expect(await run(['defi', 'set', '5', bad])).toMatchObject({
        code: 2,
        text: expect.stringContaining(`cannot set: ${bad}`),
      });
    expect((await run(['defi', 'products'])).text).toMatch(/#5 USDT Saver 14 \[off\]/);
    expect(await run(['documents', 'set', 'us', 'msb', 'T', '@/nonexistent/file'])).toMatchObject({
      code: 2,
      text: expect.stringContaining('cannot read /nonexistent/file: ENOENT'),
    });
  });

  it('runs accrual, and moves the staking clock only in test mode', async () => {
    const h = stakingHarness(db());
    await h.fundHouse('USDT', 1_000n * UNIT);
    expect((await run(['defi', 'accrue'])).text).toBe('released 0 day(s) of income, settled 0, failed 0');
    const refused = await run(['defi', 'accrue', '--days', '2']);
    expect(refused.code).toBe(2);
    expect(refused.text).toContain('exists only in test mode (DEFI_TEST_CLOCK=true)');
    const productId = await h.product({ cycleDays: 2 });
    h.clock.now = Date.now();
    await h.staking.pledge(await h.user({ USDT: 100n * UNIT }), productId, '10');
    expect((await run(['defi', 'accrue', '--days', '2'], { DEFI_TEST_CLOCK: 'true' })).text).toBe(
      'staking clock +2d; released 2 day(s) of income, settled 1, failed 0',
    );
    expect((await run(['defi', 'pledges'])).text).toMatch(/settled day 2\/2 income 0\.10000000/);
    const { id: idle } = await h.user({});
    expect(await run(['defi', 'pledges', String(idle)])).toEqual({
      code: 0,
      text: `no pledges of user ${idle}`,
    });
    expect((await run(['defi', 'pledges', String(idle), 'earning'])).text).toBe(
      `no earning pledges of user ${idle}`,
    );
    // An id that is no user is not shown as one with nothing staked.
    expect(await run(['defi', 'pledges', '999', 'earning'])).toEqual({
      code: 1,
      text: 'refused: app.msg.account_not_exist (no user 999)',
    });
  });

  it('pages the service threads, newest first, and says how to see the next page', async () => {
    const h = stakingHarness(db());
    const users = [];
    for (let i = 0; i < 201; i++) users.push((await h.user({})).id);
    for (const [i, userId] of users.entries())
      await insertServiceMessage(
        db().db.kysely,
        { userId, sender: 'user', operator: null, body: `q${i}` },
        1_000 + i,
      );
    const first = (await run(['service', 'threads'])).text.split('\n');
    expect(first.filter((l) => l.startsWith('user '))).toHaveLength(200);
    expect(first.at(-1)).toBe('(page 1: 200 shown; the next: service threads --page=2)');
    // The one waiting longest, past the first page, is not out of sight.
    expect(await run(['service', 'threads', '--page=2'])).toEqual({
      code: 0,
      text: expect.stringMatching(new RegExp(`^user ${users[0]} \\(.*\\) WAITING .*: q0$`)),
    });
    expect((await run(['service', 'threads', '--page=3'])).text).toBe('no threads on page 3');
    expect((await run(['service', 'threads', '--page=0'])).code).toBe(2);
  });

  it('pages the pledges, newest first, and says how to see the next page', async () => {
    const h = stakingHarness(db());
    const productId = await h.product({ cycleDays: 7 });
    const { id: userId } = await h.user({});
    const ids = [];
    for (let i = 0; i < 201; i++)
      ids.push(
        await insertPledge(db().db.kysely, {
          userId,
          productId,
          asset: 'USDT',
          amount: 10n * UNIT,
          dailyRate: 0n,
          dailyIncome: 0n,
          cycleDays: 7,
          pledgedAt: 1_000 + i,
          requestKey: null,
          incomeReserved: false,
        }),
      );
    const first = (await run(['defi', 'pledges'])).text.split('\n');
    expect(first.filter((l) => l.startsWith('#'))).toHaveLength(200);
    expect(first.at(-1)).toBe('(page 1: 200 shown; the next: defi pledges --page=2)');
    // The oldest, past the first page, is not out of reach.
    expect(await run(['defi', 'pledges', '--page=2'])).toEqual({
      code: 0,
      text: expect.stringMatching(new RegExp(`^#${ids[0]} user ${userId} .* earning `)),
    });
    expect((await run(['defi', 'pledges', String(userId), 'earning'])).text.split('\n').at(-1)).toBe(
      `(page 1: 200 shown; the next: defi pledges ${userId} earning --page=2)`,
    );
    expect((await run(['defi', 'pledges', String(userId), '--page=2', 'earning'])).text).toMatch(
      new RegExp(`^#${ids[0]} `),
    );
    // Everyone's of one status, as the API lists them: the status alone, without a user.
    expect((await run(['defi', 'pledges', 'earning'])).text.split('\n').at(-1)).toBe(
      '(page 1: 200 shown; the next: defi pledges earning --page=2)',
    );
    expect(await run(['defi', 'pledges', 'settled'])).toEqual({ code: 0, text: 'no settled pledges' });
    expect((await run(['defi', 'pledges', 'won'])).text).toMatch(
      /^not a user id or status \(earning\|settled\): won\n/,
    );
    expect((await run(['defi', 'pledges', '--page=3'])).text).toBe('no pledges on page 3');
    expect((await run(['defi', 'pledges', '--page=0'])).code).toBe(2);
    expect((await run(['defi', 'pledges', String(userId), 'earning', 'x'])).code).toBe(2);
  });

  it('replaces documents, and answers service threads', async () => {
    expect((await run(['documents', 'set', 'kr', 'aboutUs', '회사 소개', '우리는 거래소입니다.'])).text).toBe(
      'aboutUs (kr) saved',
    );
    expect((await run(['service', 'threads'])).text).toBe('no threads');
    const { id: quiet } = await stakingHarness(db()).user({});
    expect(await run(['service', 'show', String(quiet)])).toEqual({
      code: 0,
      text: `no messages with user ${quiet}`,
    });
    expect(await run(['service', 'show', '999'])).toEqual({
      code: 1,
      text: 'refused: app.msg.account_not_exist (no user 999)',
    });
    expect(await run(['documents', 'set', 'en', 'msb', 'T', 'B'])).toMatchObject({
      code: 2,
      text: expect.stringContaining('unknown locale: en (one of us, cn,'),
    });
    expect((await run(['service', 'reply', '999', 'hello'])).text).toBe(
      'refused: app.msg.account_not_exist (no user 999)',
    );
    // The API's rules hold here too: no more than 1 000 characters.
    expect((await run(['service', 'reply', '999', 'x'.repeat(1001)])).code).toBe(2);
  });
});
