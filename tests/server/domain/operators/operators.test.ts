import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AccountDeps } from '../../../../server/domain/accounts/deps';
import { verifyPassword } from '../../../../server/domain/accounts/secrets';
import {
  approveVerification,
  createOperator,
  findUsers,
  listAudit,
  listVerifications,
  operatorLogin,
  rejectVerification,
  setUserFlags,
} from '../../../../server/domain/operators';
import { credentialsBox, seedAccountsIfEmpty } from '../../../../server/db/seed/accounts';
import {
  IMAGES,
  accountsFor,
  registerUser,
  solvedCaptcha,
  type AccountsHarness,
} from '../../helpers/accounts';
import { rejectsWith } from '../../helpers/errors';
import { forEachEngine, useTestDb } from '../../helpers/testDb';

const cli = { operatorId: null, name: 'cli:tester' };

/** Deps whose transactions see the store as `alter` makes it: a write that fails, or one watched. */
const inTransactions = (
  deps: AccountDeps,
  alter: (s: AccountDeps['uow']['store']) => AccountDeps['uow']['store'],
) => ({
  ...deps,
  uow: {
    ...deps.uow,
    transaction: <T>(fn: (s: AccountDeps['uow']['store']) => Promise<T>) =>
      deps.uow.transaction((s) => fn(alter(s))),
  },
});

describe.each(forEachEngine())('operator rules on %s', (_engine, open) => {
  const db = useTestDb(open);
  let h: AccountsHarness;
  beforeEach(() => {
    h = accountsFor(db());
  });
  afterEach(() => {
    fs.rmSync(h.dataDir, { recursive: true, force: true });
  });

  const submitted = async (docNumber = 'E1234567') => {
    const u = await registerUser(h.accounts);
    await h.accounts.submitVerification(u.userinfo.id, {
      name: 'Wang Wu',
      docType: 'passport',
      docNumber,
      frontImage: (await h.accounts.saveUpload(u.userinfo.id, IMAGES.png)).id,
      backImage: (await h.accounts.saveUpload(u.userinfo.id, IMAGES.jpeg)).id,
    });
    const v = await h.accounts.deps.uow.store.verifications.latestForUser(u.userinfo.id);
    return { user: u, id: v!.id };
  };

  it('makes an operator’s hash of a lower cost again at the next right password', async () => {
    const { username, password } = await createOperator(h.accounts.deps, cli, 'rehashed');
    const stored = async () =>
      (await h.accounts.deps.uow.store.operators.findByUsername(username))!.passwordHash;
    expect(await stored()).toMatch(/^scrypt\$1024\$/);
    const raised = accountsFor(db(), { settings: { scryptN: 2048 } });
    await rejectsWith(
      operatorLogin(raised.accounts.deps, { username, password: 'wrong' }, null),
      'login_failed',
    );
    expect(await stored()).toMatch(/^scrypt\$1024\$/);
    await operatorLogin(raised.accounts.deps, { username, password }, null);
    expect(await stored()).toMatch(/^scrypt\$2048\$/);
    expect(await verifyPassword(password, await stored())).toBe(true);
  });

  it('ends an operator’s session after a shift, a trader’s after a week', async () => {
    const { username, password } = await createOperator(h.accounts.deps, cli, 'shift');
    const { token } = await operatorLogin(h.accounts.deps, { username, password }, null);
    const trader = await registerUser(h.accounts);
    h.clock.advance(12 * 3_600_000 - 1);
    await h.accounts.authenticateOperator(token);
    h.clock.advance(1);
    await rejectsWith(h.accounts.authenticateOperator(token), 'session_expired');
    await h.accounts.authenticateUser(trader.token);
  });

  it('creates operators with a generated password, and they log in with their own session kind', async () => {
    const operatorsBefore = await h.accounts.deps.uow.store.operators.count();
    const { username, password } = await createOperator(h.accounts.deps, cli, 'reviewer');
    expect(username).toBe('reviewer');
    await rejectsWith(createOperator(h.accounts.deps, cli, 'reviewer'), 'account_exists');
    // Another case is the same name: `Reviewer` beside `reviewer` reads as one operator in the
    // audit log and shares its login throttle (operatorFailureKey folds the case).
    await rejectsWith(createOperator(h.accounts.deps, cli, 'Reviewer'), 'account_exists');
    expect(await h.accounts.deps.uow.store.operators.count()).toBe(operatorsBefore + 1);
    await rejectsWith(createOperator(h.accounts.deps, cli, '1bad name'), 'username_format');
    const { token } = await operatorLogin(h.accounts.deps, { username, password }, '10.0.0.1');
    const p = await h.accounts.authenticateOperator(token);
    expect(p.operator.username).toBe('reviewer');
    // An operator token is no user session.
    await rejectsWith(h.accounts.authenticateUser(token), 'session_expired');
    await rejectsWith(operatorLogin(h.accounts.deps, { username, password: 'wrong' }, null), 'login_failed');
    await rejectsWith(operatorLogin(h.accounts.deps, { username: 'nobody', password }, null), 'login_failed');
    const audit = await listAudit(h.accounts.deps);
    expect(audit[0]).toMatchObject({
      actor: 'cli:tester',
      action: 'operator.create',
      before: null,
      after: { username: 'reviewer' },
    });
    expect(JSON.stringify(audit)).not.toContain(password);
  });

  it('throttles operator logins: a captcha past five failures, so failing on purpose keeps nobody out', async () => {
    const { username, password } = await createOperator(h.accounts.deps, cli, 'reviewer');
    const login = async (pass: string, captcha = false) =>
      operatorLogin(
        h.accounts.deps,
        { username, password: pass, ...(captcha ? await solvedCaptcha(h.accounts) : {}) },
        null,
      );
    for (let i = 0; i < 5; i++) await rejectsWith(login('nope'), 'login_failed');
    await rejectsWith(login(password), 'captcha_required');
    const wrongPicture = { captchaId: (await h.accounts.issueCaptcha()).id, captcha: 'zzzz' };
    await rejectsWith(
      operatorLogin(h.accounts.deps, { username, password, ...wrongPicture }, null),
      'graphic_captcha_incorrect',
    );
    await rejectsWith(login('nope', true), 'login_failed');
    expect((await login(password, true)).token).toBeTruthy();
    // Past the limit with a captcha too, every try is refused.
    for (let i = 0; i < 50; i++) await rejectsWith(login('nope', true), 'login_failed');
    await rejectsWith(login(password, true), 'too_many_requests');
  });

  it('lists pending verifications with image URLs and the full document number', async () => {
    const { user, id } = await submitted();
    const list = await listVerifications(h.accounts.deps, { status: 'pending' });
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id,
      userId: user.userinfo.id,
      username: user.userinfo.username,
      docNumber: 'E1234567',
      status: 'pending',
    });
    expect(list[0]?.frontImage).toMatch(/^\/api\/upload\/[a-f0-9]{32}$/);
    expect(await listVerifications(h.accounts.deps, { status: 'approved' })).toEqual([]);
  });

  it('approves with an audit row in the same transaction, and only a pending submission', async () => {
    const { user, id } = await submitted();
    const v = await approveVerification(h.accounts.deps, cli, id);
    expect(v).toMatchObject({ status: 'approved', reviewedBy: 'cli:tester', reviewedAt: h.clock.now });
    expect((await h.accounts.getUserInfo(user.userinfo.id)).certification).toBe(2);
    await rejectsWith(approveVerification(h.accounts.deps, cli, id), 'record_not_found');
    await rejectsWith(rejectVerification(h.accounts.deps, cli, id, 'late'), 'record_not_found');
    await rejectsWith(approveVerification(h.accounts.deps, cli, 999_999), 'record_not_found');
    const audit = await listAudit(h.accounts.deps);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor: 'cli:tester',
      action: 'verification.approve',
      target: `verification:${id}`,
      before: { status: 'pending', certification: 0 },
      after: { status: 'approved', certification: 2 },
      createdAt: h.clock.now,
    });
  });

  it('decides a submission once when an approval and a rejection race', async () => {
    const { user, id } = await submitted();
    const results = await Promise.allSettled([
      approveVerification(h.accounts.deps, cli, id),
      rejectVerification(h.accounts.deps, cli, id, 'blurred'),
      approveVerification(h.accounts.deps, cli, id),
      rejectVerification(h.accounts.deps, cli, id, 'blurred'),
    ]);
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const r of results)
      if (r.status === 'rejected') expect((r.reason as Error).message).toBe('app.msg.record_not_found');
    const decided = (won[0] as PromiseFulfilledResult<{ status: string }>).value.status;
    // What the operator who won was told is what the user sees, and the only audit row.
    expect((await h.accounts.getUserInfo(user.userinfo.id)).certification).toBe(
      decided === 'approved' ? 2 : 1,
    );
    const audit = await listAudit(h.accounts.deps);
    expect(audit.map((a) => a.action)).toEqual([
      decided === 'approved' ? 'verification.approve' : 'verification.reject',
    ]);
  });

  it('rejects with a reason', async () => {
    const { user, id } = await submitted();
    await rejectVerification(h.accounts.deps, cli, id, '  Document expired  ');
    expect(await h.accounts.getVerificationStatus(user.userinfo.id)).toMatchObject({
      certification: 1,
      rejectReason: 'Document expired',
    });
    expect((await listAudit(h.accounts.deps))[0]).toMatchObject({
      action: 'verification.reject',
      after: { reason: 'Document expired' },
    });
  });

  it('keeps a reason given by its code as its key, which the user reads in their language', async () => {
    const { user, id } = await submitted();
    await rejectVerification(h.accounts.deps, cli, id, 'document_unreadable');
    expect(await h.accounts.getVerificationStatus(user.userinfo.id)).toMatchObject({
      certification: 1,
      rejectReason: 'app.data.reason_document_unreadable',
    });
  });

  it('rolls the review back when the audit row cannot be written', async () => {
    const { user, id } = await submitted();
    const deps = h.accounts.deps;
    const broken = inTransactions(deps, (s) => ({
      ...s,
      audit: { ...s.audit, insert: () => Promise.reject(new Error('disk full')) },
    }));
    await expect(approveVerification(broken, cli, id)).rejects.toThrow('disk full');
    expect((await h.accounts.getUserInfo(user.userinfo.id)).certification).toBe(0);
    expect((await listVerifications(deps, { status: 'pending' })).map((v) => v.id)).toEqual([id]);
  });

  it('sets flags, audits before and after, and a lock ends the sessions', async () => {
    const u = await registerUser(h.accounts);
    const { user: after, changed } = await setUserFlags(h.accounts.deps, cli, {
      userId: u.userinfo.id,
      tradingDisabled: true,
      locked: true,
    });
    expect(changed).toBe(true);
    expect(after).toMatchObject({ tradingDisabled: true, withdrawProhibited: false, locked: true });
    await rejectsWith(h.accounts.authenticateUser(u.token), 'account_locked');
    await setUserFlags(h.accounts.deps, cli, {
      userId: u.userinfo.id,
      locked: false,
      withdrawProhibited: true,
    });
    const info = await h.accounts.getUserInfo(u.userinfo.id);
    expect(info).toMatchObject({ tradingDisabled: true, withdrawProhibited: true });
    const audit = await listAudit(h.accounts.deps);
    expect(audit.map((a) => a.action)).toEqual(['user.flags', 'user.flags']);
    expect(audit[1]).toMatchObject({
      target: `user:${u.userinfo.id}`,
      before: { tradingDisabled: false, withdrawProhibited: false, locked: false },
      after: { tradingDisabled: true, withdrawProhibited: false, locked: true },
    });
    await rejectsWith(
      setUserFlags(h.accounts.deps, cli, { userId: 999_999, locked: true }),
      'account_not_exist',
    );
  });

  it('changes, audits and logs out nothing when the flags asked for are those the user has', async () => {
    const u = await registerUser(h.accounts);
    const userId = u.userinfo.id;
    await setUserFlags(h.accounts.deps, cli, { userId, tradingDisabled: true, locked: true });
    const deps = h.accounts.deps;
    const revoked: number[] = [];
    const watched = inTransactions(deps, (s) => ({
      ...s,
      sessions: {
        ...s.sessions,
        revokeAll: (kind, subjectId, ...rest) => {
          revoked.push(subjectId);
          return s.sessions.revokeAll(kind, subjectId, ...rest);
        },
      },
    }));
    const same = await setUserFlags(watched, cli, { userId, locked: true, tradingDisabled: true });
    expect(same).toMatchObject({
      changed: false,
      user: { id: userId, tradingDisabled: true, withdrawProhibited: false, locked: true },
    });
    expect(revoked).toEqual([]);
    expect((await listAudit(deps)).length).toBe(1);
    // One flag of several changing is a change, audited with all of them as before.
    const one = await setUserFlags(watched, cli, { userId, locked: true, withdrawProhibited: true });
    expect(one).toMatchObject({ changed: true, user: { withdrawProhibited: true, locked: true } });
    expect(revoked).toEqual([]);
    expect((await listAudit(deps)).map((a) => a.after)).toEqual([
      { tradingDisabled: true, withdrawProhibited: true, locked: true },
      { tradingDisabled: true, withdrawProhibited: false, locked: true },
    ]);
  });

  it('finds users by id or part of a name, email or phone, LIKE wildcards literal', async () => {
    const a = await registerUser(h.accounts, { username: 'findme_one', phone: '+12025550111' });
    await registerUser(h.accounts, { username: 'findmeXtwo' });
    expect((await findUsers(h.accounts.deps, 'FINDME')).length).toBe(2);
    expect((await findUsers(h.accounts.deps, 'findme_')).map((u) => u.username)).toEqual(['findme_one']);
    expect((await findUsers(h.accounts.deps, '5550111')).map((u) => u.id)).toEqual([a.userinfo.id]);
    expect((await findUsers(h.accounts.deps, String(a.userinfo.id))).map((u) => u.id)).toContain(
      a.userinfo.id,
    );
    expect(await findUsers(h.accounts.deps, "%' or 1=1 --")).toEqual([]);
    const [found] = await findUsers(h.accounts.deps, 'findme_one');
    expect(JSON.stringify(found)).not.toMatch(/scrypt|password_hash|passwordHash/);
  });

  it('pages the users found, newest first, so that no match is out of reach', async () => {
    const made = [];
    for (const name of ['pageme_a', 'pageme_b', 'pageme_c'])
      made.push(await registerUser(h.accounts, { username: name }));
    const page = (n: number) => findUsers(h.accounts.deps, 'pageme_', { page: n, size: 2 });
    expect((await page(1)).map((u) => u.username)).toEqual(['pageme_c', 'pageme_b']);
    expect((await page(2)).map((u) => u.username)).toEqual(['pageme_a']);
    expect(await page(3)).toEqual([]);
  });

  it('pages the audit log backwards', async () => {
    for (const name of ['op_one', 'op_two', 'op_three']) await createOperator(h.accounts.deps, cli, name);
    const all = await listAudit(h.accounts.deps, 10);
    expect(all).toHaveLength(3);
    const page = await listAudit(h.accounts.deps, 1, all[0]!.id);
    expect(page.map((a) => a.id)).toEqual([all[1]!.id]);
  });

  describe('first-start seed', () => {
    it('creates admin and a verified demo trader once, with working random passwords', async () => {
      const k = db().db.kysely;
      const creds = await seedAccountsIfEmpty(k, { scryptN: 1024 });
      expect(creds).not.toBeNull();
      expect(await seedAccountsIfEmpty(k, { scryptN: 1024 })).toBeNull();
      const op = await h.accounts.deps.uow.store.operators.findByUsername('admin');
      expect(await verifyPassword(creds!.operator.password, op!.passwordHash)).toBe(true);
      const trader = await h.accounts.login(
        { username: 'demo@example.com', password: creds!.trader.password },
        null,
      );
      expect(trader.userinfo).toMatchObject({ username: 'demotrader', certification: 2 });
      expect(creds!.operator.password).not.toBe(creds!.trader.password);
      const box = credentialsBox(creds!);
      expect(box).toContain(creds!.operator.password);
      expect(box).toContain(creds!.trader.password);
      expect(box.split('\n')[0]).toMatch(/^\+-+\+$/);
    });
  });
});
