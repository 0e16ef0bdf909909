import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUDIT_TARGET_KINDS } from '../../../protocol';
import { run, useFreshCliDatabase } from './cliHarness';

const dataDir = useFreshCliDatabase({ migrate: false });

describe('operator CLI: config', () => {
  // The first run on a fresh database prints the first-start credentials box; get it out of the way.
  beforeEach(async () => {
    await run('migrate');
  });

  it('shows the seeded config', async () => {
    const { code, out } = await run('config', 'show');
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ companyName: 'Nova Exchange', certification: true });
  });

  it('sets a text and a boolean setting', async () => {
    expect((await run('config', 'set', 'companyName', 'Acme Exchange')).out).toBe(
      'companyName = "Acme Exchange"',
    );
    expect((await run('config', 'set', 'certification', 'false')).code).toBe(0);
    expect(JSON.parse((await run('config', 'show')).out)).toMatchObject({
      companyName: 'Acme Exchange',
      certification: false,
    });
    // Each change is in the audit log, with what it was before.
    const audit = (await run('audit')).out;
    expect(audit).toMatch(/config\.set\tconfig:certification\t.*"certification":true.*"certification":false/);
    expect(audit).toMatch(/config\.set\tconfig:companyName/);
  });

  it('pages the audit log back from the oldest entry shown, by its id', async () => {
    expect((await run('audit')).out).toBe('the audit log is empty');
    for (const name of ['One', 'Two', 'Three']) await run('config', 'set', 'companyName', name);
    const newest = (await run('audit', '2')).out.split('\n');
    expect(newest).toHaveLength(3);
    expect(newest[0]).toMatch(/^#\d+\t.*\tconfig\.set\tconfig:companyName\t.*"Three"/);
    const older = /^#(\d+)\t/.exec(newest[1]!)![1];
    expect(newest[2]).toBe(`(2 shown; older: audit 2 --before=${older})`);
    const next = (await run('audit', '2', `--before=${older}`)).out.split('\n');
    expect(next).toEqual([expect.stringMatching(/"One"/)]);
    const oldest = /^#(\d+)\t/.exec(next[0]!)![1];
    expect((await run('audit', `--before=${oldest}`, 'config:companyName')).out).toBe(
      `nothing in the audit log about config:companyName before #${oldest}`,
    );
    // More than a page is refused, not cut short without a word.
    expect(await run('audit', '1001')).toMatchObject({
      code: 2,
      out: expect.stringMatching(/^not a number of entries \(1 to 1000\): 1001\n/),
    });
    expect((await run('audit', '--before=x')).code).toBe(2);
  });

  it('refuses an audit target of a kind the log never names, naming the kinds it does', async () => {
    for (const [args, typed] of [
      [['foo:1'], 'foo:1'],
      [['5', 'foo:1'], 'foo:1'],
      [['Withdrawal:7'], 'Withdrawal:7'],
    ] as const) {
      const res = await run('audit', ...args);
      expect(res.code).toBe(2);
      expect(res.out.split('\n')[0]).toBe(
        `not a target (KIND:ID, KIND one of ${AUDIT_TARGET_KINDS.join(', ')}): ${typed}`,
      );
    }
    expect(AUDIT_TARGET_KINDS).toEqual(expect.arrayContaining(['withdrawal', 'network', 'config', 'user']));
    expect((await run('audit', 'withdrawal:7')).out).toBe('nothing in the audit log about withdrawal:7');
  });

  it('refuses an unknown key or a bad value and changes nothing', async () => {
    expect((await run('config', 'set', 'price', '1')).code).toBe(2);
    const bad = await run('config', 'set', 'certification', 'maybe');
    expect(bad.code).toBe(2);
    expect(bad.out).toContain('invalid value for certification');
    const lang = await run('config', 'set', 'lang', 'German');
    expect(lang.code).toBe(2);
    expect(JSON.parse((await run('config', 'show')).out)).toMatchObject({
      certification: true,
      lang: 'en-us',
    });
  });

  it('says what a setting takes when a value would break the display, and keeps the old one', async () => {
    const lang = await run('config', 'set', 'lang', 'xx-yy');
    expect(lang.code).toBe(2);
    expect(lang.out).toBe(
      'invalid value for lang: "xx-yy" must be xx-yy where yy is one of the app\'s languages: ' +
        'us, cn, tw, br, jp, kr, de, es, fr, ru, it (ko-kr for Korean)',
    );
    const logo = await run('config', 'set', 'logo', 'javascript:alert(1)');
    expect(logo.out).toContain('must be empty, a path on this site (/logo.svg) or an http(s) address');
    expect(JSON.parse((await run('config', 'show')).out)).toMatchObject({ lang: 'en-us', logo: '/logo.svg' });
    // Blank is no company name: titles read "Home", not "   - Home".
    expect((await run('config', 'set', 'companyName', '   ')).out).toBe('companyName = ""');
    expect((await run('config', 'set', 'lang', 'ko-kr')).out).toBe('lang = "ko-kr"');
  });

  it('prints usage for an unknown command', async () => {
    const { code, out } = await run('frobnicate');
    expect(code).toBe(2);
    expect(out).toContain('npm run admin -- config show');
  });

  it('prints usage, done, when asked for it', async () => {
    for (const asked of [[], ['--help'], ['help'], ['-h']]) {
      const { code, out } = await run(...asked);
      expect(code).toBe(0);
      expect(out).toContain('npm run admin -- config show');
    }
  });

  it('prints the usage of one area, done, when asked for it after the area', async () => {
    for (const asked of ['--help', 'help', '-h']) {
      const { code, out } = await run('deposits', asked);
      expect(code).toBe(0);
      expect(out.split('\n')[0]).toBe(
        '  npm run admin -- deposits list [pending|confirming|success|fail] [--page=N]',
      );
      expect(out).not.toContain('withdrawals');
    }
    expect((await run('audit', '--help')).out).toMatch(/^ {2}npm run admin -- audit \[LIMIT\]/);
    expect((await run('config', '--help')).out).toContain('npm run admin -- config set KEY VALUE');
  });
});

describe('operator CLI: first start', () => {
  it('prints the seeded credentials once, in a box, and never again', async () => {
    const first = await run('migrate');
    expect(first.code).toBe(0);
    expect(first.out).toContain('FIRST START');
    expect(first.out).toMatch(/admin \/ \S{16}/);
    expect(first.out).toMatch(/demotrader \/ \S{16}/);
    const second = await run('migrate');
    expect(second.out).toBe('database is up to date');
    // Stored nowhere but as hashes: no file under DATA_DIR holds the password.
    const password = /admin \/ (\S{16})/.exec(first.out)![1]!;
    for (const f of fs.readdirSync(dataDir())) {
      const p = path.join(dataDir(), f);
      if (fs.statSync(p).isFile()) expect(fs.readFileSync(p).includes(password), f).toBe(false);
    }
  });
});

describe('operator CLI: first start with DEMO_PASSWORD', () => {
  const saved = process.env.DEMO_PASSWORD;
  afterEach(() => {
    if (saved === undefined) delete process.env.DEMO_PASSWORD;
    else process.env.DEMO_PASSWORD = saved;
  });

  it('gives the demo trader that password when the command line makes the first start, as the server does', async () => {
    process.env.DEMO_PASSWORD = 'Demo2026cli';
    const first = await run('migrate');
    expect(first.code).toBe(0);
    expect(first.out).toContain('demotrader / Demo2026cli');
    expect(first.out).toMatch(/admin \/ \S{16}/);
  });
});

describe('operator CLI: accounts', () => {
  const withUsers = async () => {
    await run('migrate');
    const { openDb } = await import('../../../server/db/connect');
    const { loadConfig } = await import('../../../server/config');
    const { buildAccountService } = await import('../../../server/accounts');
    const { IMAGES, registerUser } = await import('../helpers/accounts');
    const config = loadConfig();
    const db = openDb(config);
    const accounts = buildAccountService({
      db,
      config,
      log: { info: () => undefined, error: () => undefined },
      settings: { scryptN: 1024 },
    });
    const user = await registerUser(accounts, { username: 'cli_user_one', phone: '+12025550199' });
    await accounts.submitVerification(user.userinfo.id, {
      name: 'Cli User',
      docType: 'passport',
      docNumber: 'C1234567',
      frontImage: (await accounts.saveUpload(user.userinfo.id, IMAGES.png)).id,
      backImage: (await accounts.saveUpload(user.userinfo.id, IMAGES.jpeg)).id,
    });
    const v = await accounts.deps.uow.store.verifications.latestForUser(user.userinfo.id);
    return { db, accounts, user, verificationId: v!.id };
  };

  it('lists pending verifications with the image files, and approves one', async () => {
    const { db, accounts, user, verificationId } = await withUsers();
    try {
      const list = await run('verifications', 'list');
      expect(list.code).toBe(0);
      expect(list.out).toContain(`#${verificationId} pending user ${user.userinfo.id} (cli_user_one)`);
      expect(list.out).toContain('passport: C1234567');
      expect(list.out).toContain(path.join(dataDir(), 'uploads'));
      const approve = await run('verifications', 'approve', String(verificationId));
      expect(approve).toEqual({ code: 0, out: `verification #${verificationId} of cli_user_one approved` });
      expect((await accounts.getUserInfo(user.userinfo.id)).certification).toBe(2);
      expect((await run('verifications', 'list')).out).toBe('no pending verifications');
      // A repeated decision is refused, and says why: the submission is decided, not unknown.
      const again = await run('verifications', 'approve', String(verificationId));
      expect(again.code).toBe(1);
      expect(again.out).toMatch(
        new RegExp(
          `^refused: app\\.msg\\.record_not_found\nverification #${verificationId} is no longer waiting for review, it is approved \\(by cli:\\S+ at \\d{4}-`,
        ),
      );
      const rejectLate = await run('verifications', 'reject', String(verificationId), 'too', 'late');
      expect(rejectLate.code).toBe(1);
      expect(rejectLate.out).toContain('it is approved');
      expect((await accounts.getUserInfo(user.userinfo.id)).certification).toBe(2);
      expect(await run('verifications', 'approve', '999')).toEqual({
        code: 1,
        out: 'refused: app.msg.record_not_found (no verification #999)',
      });
      const audit = await run('audit');
      expect(audit.out).toMatch(/cli:\S+\tverification\.approve\tverification:\d+/);
    } finally {
      await db.close();
    }
  });

  it('pages through verifications, says how to see the next page, and lists one user’s', async () => {
    const { db, verificationId } = await withUsers();
    try {
      const first = await db.kysely
        .selectFrom('verifications')
        .selectAll()
        .where('id', '=', verificationId)
        .executeTakeFirstOrThrow();
      // Rejected ones: a user has one pending submission at a time, but may have been refused often.
      const rejected = Array.from({ length: 201 }, (_, i) => ({
        ...first,
        id: undefined,
        status: 'rejected' as const,
        reject_reason: 'Photo is blurry',
        submitted_at: Number(first.submitted_at) - i - 1,
      }));
      await db.kysely.insertInto('verifications').values(rejected).execute();
      const shown = (await run('verifications', 'list', 'rejected')).out;
      expect(shown.match(/^#\d+ rejected /gm)).toHaveLength(200);
      expect(shown.split('\n').at(-1)).toBe(
        '(page 1: 200 shown; the next: verifications list rejected --page=2)',
      );
      expect((await run('verifications', 'list')).out).not.toContain('the next');
      // The oldest, past the first page, is reached on the next.
      const next = await run('verifications', 'list', 'rejected', '--page=2');
      expect(next.code).toBe(0);
      expect(next.out.match(/^#\d+ rejected /gm)).toHaveLength(1);
      expect(next.out).not.toContain('the next');
      expect((await run('verifications', 'list', '--page=3', 'rejected')).out).toBe(
        'no rejected verifications on page 3',
      );
      // One user's, by name or id, in either order with the status.
      const ofUser = await run('verifications', 'list', '--user=cli_user_one');
      expect(ofUser.out.match(/^#\d+ pending user \d+ \(cli_user_one\)/gm)).toEqual([
        expect.stringContaining(`#${verificationId} pending`),
      ]);
      const byId = await run('verifications', 'list', `--user=${first.user_id}`, 'rejected', '--page=2');
      expect(byId.out.match(/^#\d+ rejected /gm)).toHaveLength(1);
      expect((await run('verifications', 'list', 'approved', '--user=cli_user_one')).out).toBe(
        'no approved verifications of user cli_user_one',
      );
      expect(await run('verifications', 'list', '--user=nobody_here')).toEqual({
        code: 1,
        out: 'refused: user: app.msg.account_not_exist (nobody_here)',
      });
      expect(await run('verifications', 'list', '--page=0')).toMatchObject({
        code: 2,
        out: 'refused: page: must be at least 1',
      });
      for (const wrong of [['--page=two'], ['--size=10'], ['pending', 'approved'], ['--user=']]) {
        const res = await run('verifications', 'list', ...wrong);
        expect(res.code, res.out).toBe(2);
      }
    } finally {
      await db.close();
    }
  });

  it('rejects with a reason of several words', async () => {
    const { db, accounts, user, verificationId } = await withUsers();
    try {
      // A code of another kind of decision's catalogue is a slip: the user would read the bare code.
      expect(
        await run('verifications', 'reject', String(verificationId), 'deposit_not_received'),
      ).toMatchObject({
        code: 2,
        out: expect.stringContaining('deposit_not_received is a reason for a deposit'),
      });
      // So is a code misspelt, which names no reason at all.
      expect(
        await run('verifications', 'reject', String(verificationId), 'document_unreadble'),
      ).toMatchObject({
        code: 2,
        out: expect.stringContaining(
          "document_unreadble is no reason code: a verification's codes are document_unreadable document_incomplete",
        ),
      });
      expect(await accounts.getVerificationStatus(user.userinfo.id)).toMatchObject({ certification: 0 });
      const res = await run('verifications', 'reject', String(verificationId), 'Photo', 'is', 'blurry');
      expect(res).toEqual({
        code: 0,
        out: `verification #${verificationId} of cli_user_one rejected: Photo is blurry`,
      });
      expect(await accounts.getVerificationStatus(user.userinfo.id)).toMatchObject({
        certification: 1,
        rejectReason: 'Photo is blurry',
      });
      expect((await run('verifications', 'list', 'rejected')).out).toContain('reason: Photo is blurry');
      expect((await run('verifications', 'reject', 'abc', 'x')).code).toBe(2);
      expect((await run('verifications', 'reject', '1', 'x'.repeat(201))).code).toBe(2);
      expect((await run('verifications', 'list', 'everything')).code).toBe(2);
    } finally {
      await db.close();
    }
  });

  it('pages the users found and says how to see the next page', async () => {
    const { db, user } = await withUsers();
    try {
      const one = await db.kysely
        .selectFrom('users')
        .selectAll()
        .where('id', '=', user.userinfo.id)
        .executeTakeFirstOrThrow();
      const many = Array.from({ length: 201 }, (_, i) => ({
        ...one,
        id: undefined,
        username: `paged_${i}`,
        username_key: `paged_${i}`,
        nickname: `paged_${i}`,
        nickname_key: `paged_${i}`,
        nickname_skeleton: `paged_${i}`,
        nickname_folded_skeleton: `paged_${i}`,
        email: `paged_${i}@example.com`,
        phone: null,
        invite_code: `PAGED${i}`,
        created_at: Number(one.created_at) + i + 1,
      }));
      await db.kysely.insertInto('users').values(many).execute();
      const first = (await run('users', 'find', 'paged_')).out.split('\n');
      expect(first.filter((l) => /\tpaged_\d+\t/.test(l))).toHaveLength(200);
      expect(first.at(-1)).toBe('(page 1: 200 shown; the next: users find paged_ --page=2)');
      // The oldest, past the first page, is reached on the next; the option may come first.
      const next = await run('users', 'find', '--page=2', 'paged_');
      expect(next).toEqual({ code: 0, out: expect.stringMatching(/^\d+\tpaged_0\t/) });
      expect(next.out).not.toContain('\n');
      expect((await run('users', 'find', 'paged_', '--page=3')).out).toBe('no users found on page 3');
      expect((await run('users', 'find', 'paged_', '--page=0')).code).toBe(2);
    } finally {
      await db.close();
    }
  });

  it('finds users and sets their flags', async () => {
    const { db, accounts, user } = await withUsers();
    try {
      const found = await run('users', 'find', '5550199');
      expect(found.out).toContain(`${user.userinfo.id}\tcli_user_one\t`);
      expect(found.out).toContain('trading on withdraw on lock off');
      const res = await run(
        'users',
        'flags',
        String(user.userinfo.id),
        '--trading=off',
        '--withdraw=off',
        '--lock=on',
      );
      expect(res).toEqual({
        code: 0,
        out: `user ${user.userinfo.id} (cli_user_one): trading off, withdraw off, lock on`,
      });
      expect(await accounts.getUser(user.userinfo.id)).toMatchObject({
        tradingDisabled: true,
        withdrawProhibited: true,
        locked: true,
      });
      const auditOf = async () => (await run('audit', `user:${user.userinfo.id}`)).out.split('\n');
      const audited = await auditOf();
      expect(await run('users', 'flags', String(user.userinfo.id), '--lock=on', '--trading=off')).toEqual({
        code: 0,
        out: `user ${user.userinfo.id} (cli_user_one): nothing changed: trading off, withdraw off, lock on`,
      });
      expect(await auditOf()).toEqual(audited);
      await run('users', 'flags', String(user.userinfo.id), '--lock=off', '--trading=on');
      expect(await accounts.getUser(user.userinfo.id)).toMatchObject({
        tradingDisabled: false,
        withdrawProhibited: true,
        locked: false,
      });
      expect((await run('users', 'flags', String(user.userinfo.id), '--lock=maybe')).code).toBe(2);
      expect((await run('users', 'flags', '99999', '--lock=on')).out).toBe(
        'refused: app.msg.account_not_exist (no user 99999)',
      );
      expect((await run('users', 'find', 'nobody_like_this')).out).toBe('no users found');
    } finally {
      await db.close();
    }
  });

  it('creates an operator whose printed password logs in', async () => {
    const { db, accounts } = await withUsers();
    try {
      const res = await run('operators', 'create', 'night_shift');
      expect(res.code).toBe(0);
      const password = /password \(shown once\): (\S+)$/.exec(res.out)![1]!;
      const { operatorLogin } = await import('../../../server/domain/operators');
      expect(
        (await operatorLogin(accounts.deps, { username: 'night_shift', password }, null)).token,
      ).toBeTruthy();
      expect((await run('operators', 'create', 'night_shift')).out).toBe('refused: app.msg.account_exists');
      expect(await run('operators', 'create', 'Night_Shift')).toEqual({
        code: 1,
        out: 'refused: app.msg.account_exists',
      });
      expect((await run('operators', 'create', 'bad name!')).code).toBe(1);
    } finally {
      await db.close();
    }
  });

  // The CLI hashes at the production cost (about a third of a second each, seven here): on a
  // loaded machine that outlasts the default 5 s.
  it('gives an operator a new password or disables them, ending their sessions either way', async () => {
    const { db, accounts } = await withUsers();
    try {
      const { operatorLogin } = await import('../../../server/domain/operators');
      const login = (password: string) =>
        operatorLogin(accounts.deps, { username: 'leaky_op', password }, null).then((s) => s.token);
      const first = /password \(shown once\): (\S+)$/.exec(
        (await run('operators', 'create', 'leaky_op')).out,
      )![1]!;
      const token = await login(first);

      const reset = await run('operators', 'password', 'leaky_op');
      expect(reset.code).toBe(0);
      const second = /new password \(shown once\): (\S+);/.exec(reset.out)![1]!;
      await expect(accounts.authenticateOperator(token)).rejects.toMatchObject({
        key: 'app.msg.session_expired',
      });
      await expect(login(first)).rejects.toMatchObject({ key: 'app.msg.login_failed' });
      const again = await login(second);

      expect((await run('operators', 'disable', 'leaky_op')).out).toBe(
        'operator leaky_op disabled; their sessions ended',
      );
      await expect(accounts.authenticateOperator(again)).rejects.toMatchObject({
        key: 'app.msg.session_expired',
      });
      await expect(login(second)).rejects.toMatchObject({ key: 'app.msg.login_failed' });
      expect((await run('operators', 'enable', 'leaky_op')).out).toBe('operator leaky_op enabled');
      expect(await login(second)).toBeTruthy();

      expect((await run('operators', 'disable', 'nobody_here')).out).toBe(
        'refused: app.msg.account_not_exist (no operator nobody_here)',
      );
      const actions = (await run('audit')).out;
      expect(actions).toContain('operator.password_reset');
      expect(actions).toContain('operator.disable');
      expect(actions).not.toContain(second);
    } finally {
      await db.close();
    }
  }, 20_000);

  it('shows what the embedded sender wrote to an address or a phone, and audits the reading', async () => {
    const { db, accounts, user } = await withUsers();
    try {
      const { solvedCaptcha } = await import('../helpers/accounts');
      expect((await run('outbox', user.userinfo.email)).out).toBe(
        `nothing was sent to ${user.userinfo.email}`,
      );
      await accounts.sendCode({
        target: '+1 202 555 0199',
        purpose: 'forgetPwd',
        ...(await solvedCaptcha(accounts)),
      });
      // The number as the operator was told it, in another form than the stored one.
      const shown = await run('outbox', '1-202-555-0199');
      expect(shown.code).toBe(0);
      expect(shown.out).toMatch(/\tsms\t\+12025550199\t.*\b\d{6}\b/);
      expect((await run('audit')).out).toMatch(/cli:\S+\toutbox\.read\toutbox:\+12025550199/);
      expect((await run('outbox')).code).toBe(2);
    } finally {
      await db.close();
    }
  });

  it('shows the account commands in the usage text', async () => {
    const { out } = await run('verifications');
    expect(out).toContain('verifications approve ID');
    expect((await run('help')).out).toContain('users flags USERID');
  });
});
