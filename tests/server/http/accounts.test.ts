import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminUserSchema,
  adminVerificationSchema,
  type AdminVerification,
  captchaSchema,
  sentCodeSchema,
  inviteSchema,
  sessionSchema,
  userInfoSchema,
  verificationStatusSchema,
} from '../../../protocol';
import { buildAccountService } from '../../../server/accounts';
import type { AccountService } from '../../../server/domain/accounts';
import { createOperator } from '../../../server/domain/operators';
import { buildApp } from '../../../server/http/app';
import {
  ID_CARD,
  IMAGES,
  pngDeclaring,
  newUserRequest,
  registrationCode,
  tempDataDir,
  testClock,
  type TestClock,
} from '../helpers/accounts';
import { forEachEngine, type TestDb } from '../helpers/testDb';

const MIN = 60_000;

interface Part {
  name: string;
  filename?: string;
  type?: string;
  content: Buffer | string;
}

/** A multipart/form-data body. */
const multipart = (parts: Part[]) => {
  const boundary = '----testboundary7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.filename ? `Content-Type: ${p.type ?? 'application/octet-stream'}\r\n` : ''}\r\n`;
    chunks.push(
      Buffer.from(head),
      Buffer.isBuffer(p.content) ? p.content : Buffer.from(p.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

const failure = (code: number, name: string) => ({ code, msg: `app.msg.${name}` });

describe.each(forEachEngine())('account API on %s', (_engine, open) => {
  let t: TestDb;
  let app: FastifyInstance;
  let accounts: AccountService;
  let clock: TestClock;
  let dataDir: string;
  const logLines: string[] = [];
  let operator: { username: string; password: string };

  beforeAll(async () => {
    t = await open({ seed: true });
    clock = testClock();
    dataDir = tempDataDir();
    const stream = new Writable({
      write(chunk, _enc, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    app = await buildApp({
      config: {
        logLevel: 'trace',
        rateLimitPerMinute: 100_000,
        rateLimitPerAddressPerMinute: 100_000,
        webRoot: dataDir,
        trustProxy: false,
        dataDir,
      },
      db: t.db,
      logger: { level: 'trace', stream, redact: ['req.headers.token'] },
      accounts: (log) => {
        accounts = buildAccountService({
          db: t.db,
          config: { dataDir, codeDailyLimit: 3 },
          log,
          clock: () => clock.now,
          settings: { scryptN: 1024 },
        });
        return accounts;
      },
    });
    await app.ready();
    operator = await createOperator(accounts.deps, { operatorId: null, name: 'cli:test' }, 'reviewer');
  });

  afterAll(async () => {
    await app?.close();
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, token?: string) => {
    const res = await app.inject({
      method,
      url,
      headers: token ? { token } : {},
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    return { status: res.statusCode, body: res.json(), headers: res.headers, raw: res };
  };

  const captcha = async () => {
    const { body } = await call('GET', '/api/user/captcha');
    const { id } = captchaSchema.parse(body.data);
    const stored = await accounts.deps.uow.store.captchas.peek(id);
    return { captchaId: id, captcha: stored!.answer };
  };

  const register = async (over: Record<string, unknown> = {}) => {
    const fields = newUserRequest(over);
    const req = { ...fields, ...(await registrationCode(accounts, fields.email)) };
    const res = await call('POST', '/api/user/register', req);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { ...sessionSchema.parse(res.body.data), password: req.password as string };
  };

  /** Asks for a code for the withdrawal password of the account behind `token`, and reads it off
   * the outbox of its address `email`, with the send's ticket. */
  const withdrawPwdCode = async (token: string, email: string) => {
    const sent = await call('POST', '/api/user/withdrawPwd/code', {}, token);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const out = await accounts.deps.uow.store.outbox.listFor(email);
    const code = /\b(\d{6})\b/.exec(out[out.length - 1]!.body)![1]!;
    return { code, codeTicket: sentCodeSchema.parse(sent.body.data).codeTicket };
  };

  const operatorToken = async () => {
    const res = await call('POST', '/api/admin/login', {
      username: operator.username,
      password: operator.password,
    });
    expect(res.status).toBe(200);
    return res.body.data.token as string;
  };

  const upload = async (token: string | undefined, parts: Part[]) => {
    const mp = multipart(parts);
    const res = await app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: mp.payload,
      headers: { ...mp.headers, ...(token ? { token } : {}) },
    });
    return { status: res.statusCode, body: res.json() };
  };
  const png = (token: string) =>
    upload(token, [{ name: 'file', filename: 'a.png', type: 'image/png', content: IMAGES.png }]);

  describe('registration and login', () => {
    it('GET /api/user/captcha answers an id and an SVG', async () => {
      const { status, body, headers } = await call('GET', '/api/user/captcha');
      expect(status).toBe(200);
      expect(body.data.svg).toMatch(/^<svg/);
      expect(headers['content-type']).toMatch(/json/);
    });

    it('registers and logs in by username, email and phone', async () => {
      const s = await register({ phone: '+33612345678' });
      expect(userInfoSchema.strict().parse(s.userinfo)).toEqual(s.userinfo);
      for (const name of [s.userinfo.username, s.userinfo.email, '+33612345678']) {
        const res = await call('POST', '/api/user/login', { username: name, password: s.password });
        expect(res.status).toBe(200);
        expect(sessionSchema.parse(res.body.data).userinfo.id).toBe(s.userinfo.id);
      }
    });

    it.each([
      ['no body', undefined, 400, 'parameter_error'],
      ['empty object', {}, 400, 'parameter_error'],
      ['an array', [], 400, 'parameter_error'],
      ['wrong type', { username: 123 }, 400, 'parameter_error'],
      ['unknown field', { extra: 1 }, 400, 'unknown_parameter'],
      ['short password', { password: 'a1', confirmPassword: 'a1' }, 400, 'password_length'],
      ['no password', { password: '', confirmPassword: '' }, 400, 'field_required'],
      [
        'long password',
        { password: 'a1'.repeat(5000), confirmPassword: 'a1'.repeat(5000) },
        400,
        'password_length',
      ],
      [
        'password without digit',
        { password: 'abcdefg', confirmPassword: 'abcdefg' },
        400,
        'password_letter_digit',
      ],
      ['password with a space', { password: 'abc 123', confirmPassword: 'abc 123' }, 400, 'password_charset'],
      ['mismatch', { confirmPassword: 'other123' }, 400, 'password_mismatch'],
      ['no confirmation', { confirmPassword: '' }, 400, 'field_required'],
      ['SQL in username', { username: "x' OR '1'='1" }, 400, 'username_format'],
      ['script in username', { username: '<script>alert(1)</script>' }, 400, 'username_format'],
      ['huge username', { username: 'a'.repeat(100_000) }, 400, 'username_length'],
      ['short username', { username: 'abc' }, 400, 'username_length'],
      ['no username', { username: '' }, 400, 'field_required'],
      ['bad email', { email: 'not-an-email' }, 400, 'email_format'],
      // Nothing typed is missing, not wrong (spec §5), spaces alone included.
      ['no email', { email: '  ' }, 400, 'field_required'],
      ['huge email', { email: `${'a'.repeat(300)}@example.com` }, 400, 'email_format'],
      // 'İ' is two characters lower-cased: the address kept would not fit.
      ['email too long lower-cased', { email: `${'İ'.repeat(200)}@example.com` }, 400, 'email_format'],
      ['bad phone', { phone: '12ab' }, 400, 'phone_format'],
      ['lower-case invite code', { inviteCode: 'abcdefgh' }, 400, 'invite_code_not_exist'],
      ['unknown invite code', { inviteCode: 'ZZZZ9999' }, 400, 'invite_code_not_exist'],
      ['long nickname', { nickname: 'n'.repeat(31) }, 400, 'nickname_length'],
      ['no code', { code: '' }, 400, 'field_required'],
      ['a short code', { code: '123' }, 400, 'captcha_incorrect'],
      ['a wrong code', { code: 'wrong' }, 400, 'captcha_incorrect'],
      // Without its send's ticket a code is refused as a wrong one is.
      ['no ticket', { codeTicket: undefined }, 400, 'captcha_incorrect'],
      ['another send’s ticket', { codeTicket: 'another-send' }, 400, 'captcha_incorrect'],
      ['a huge ticket', { codeTicket: 't'.repeat(100_000) }, 400, 'captcha_incorrect'],
      [
        'a captcha, which only the code send takes',
        { captchaId: 'x', captcha: 'abcd' },
        400,
        'unknown_parameter',
      ],
    ])('POST /api/user/register refuses %s', async (_name, over, status, error) => {
      const usersBefore = await t.db.kysely.selectFrom('users').select('id').execute();
      const fields = newUserRequest();
      const sent = await registrationCode(accounts, fields.email);
      const wrong = sent.code === '000000' ? '111111' : '000000';
      const body =
        over === undefined ||
        Array.isArray(over) ||
        Object.keys(over).length === 0 ||
        ('username' in over && typeof over.username === 'number')
          ? over
          : {
              ...fields,
              ...sent,
              ...over,
              ...('code' in over && over.code === 'wrong' ? { code: wrong } : {}),
            };
      const res = await call('POST', '/api/user/register', body);
      expect(res.status).toBe(status);
      expect(res.body).toMatchObject(failure(status, error));
      expect(await t.db.kysely.selectFrom('users').select('id').execute()).toHaveLength(usersBefore.length);
    });

    it('stores injection strings in a nickname literally and harmlessly', async () => {
      const s = await register({ nickname: "Robert'); DROP TABLE users;--" });
      expect(s.userinfo.nickname).toBe("Robert'); DROP TABLE users;--");
      const x = await register({ nickname: '<script>alert(1)</script>' });
      const info = await call('GET', '/api/user/info', undefined, x.token);
      expect(info.body.data.nickname).toBe('<script>alert(1)</script>');
      expect(info.headers['content-type']).toMatch(/^application\/json/);
      expect((await t.db.kysely.selectFrom('users').select('id').execute()).length).toBeGreaterThan(1);
    });

    it('answers duplicates with their own keys as 409', async () => {
      const s = await register({ phone: '+491701234567', nickname: 'Unique Nick' });
      for (const [over, error] of [
        [{ username: s.userinfo.username.toUpperCase() }, 'username_exists'],
        [{ email: s.userinfo.email }, 'email_exists'],
        [{ phone: '+491701234567' }, 'mobile_exists'],
        [{ nickname: 'Unique Nick' }, 'nickname_exists'],
        [{ nickname: 'unique NICK' }, 'nickname_exists'],
        [{ nickname: 'Ｕｎｉｑｕｅ\u3000Ｎｉｃｋ' }, 'nickname_exists'],
        // Cyrillic е and і, Greek Ν: other letters, the same look.
        [{ nickname: 'Uniqu\u0435 Nick' }, 'nickname_exists'],
        [{ nickname: 'Unique \u039dick' }, 'nickname_exists'],
        [{ nickname: 'Un\u0456que N\u0456ck' }, 'nickname_exists'],
      ] as const) {
        const fields = newUserRequest(over);
        const res = await call('POST', '/api/user/register', {
          ...fields,
          ...(await registrationCode(accounts, fields.email)),
        });
        expect(res.body).toMatchObject(failure(409, error));
      }
    });

    it.each([
      ['missing password', { username: 'someone' }, 'parameter_error'],
      ['unknown field', { username: 'a', password: 'b', remember: true }, 'unknown_parameter'],
      ['wrong type', { username: ['a'], password: 'b' }, 'parameter_error'],
      ['huge name', { username: 'a'.repeat(1000), password: 'b' }, 'parameter_error'],
      ['SQL', { username: "' OR 1=1 --", password: "' OR 1=1 --" }, 'login_failed'],
      // PostgreSQL refuses any text holding a NUL: sent on, it failed the request with a 500.
      ['NUL in the name', { username: 'a\u0000b', password: 'b' }, 'parameter_error'],
    ])('POST /api/user/login refuses %s', async (_name, body, error) => {
      const res = await call('POST', '/api/user/login', body);
      expect(res.body).toMatchObject(failure(400, error));
    });

    it('names the first of several unknown fields, not a path made of all of them', async () => {
      const res = await call('POST', '/api/user/login', {
        username: 'a',
        password: 'b',
        remember: 1,
        device: 2,
      });
      expect(res.body).toEqual({ code: 400, msg: 'app.msg.unknown_parameter', data: { field: 'remember' } });
    });

    it('refuses a NUL in a captcha id or an operator name, which are looked up as sent', async () => {
      const reg = await call('POST', '/api/user/sendCode', {
        target: 'nul.check@example.com',
        purpose: 'register',
        captchaId: 'c\u0000',
        captcha: 'abcd',
      });
      expect(reg.body).toMatchObject(failure(400, 'parameter_error'));
      const admin = await call('POST', '/api/admin/login', { username: 'op\u0000', password: 'x' });
      expect(admin.body).toMatchObject(failure(400, 'parameter_error'));
    });

    it('answers an unknown account and a wrong password alike, and asks for a captcha per account', async () => {
      const s = await register();
      const unknown = await call('POST', '/api/user/login', {
        username: 'nobody_at_all',
        password: 'x1x1x1',
      });
      const wrong = await call('POST', '/api/user/login', {
        username: s.userinfo.username,
        password: 'x1x1x1',
      });
      expect(unknown.body).toEqual(wrong.body);
      expect(wrong.body).toEqual({ code: 400, msg: 'app.msg.login_failed', data: null });
      for (let i = 0; i < 4; i++)
        await call('POST', '/api/user/login', { username: s.userinfo.username, password: 'x1x1x1' });
      const limited = await call('POST', '/api/user/login', {
        username: s.userinfo.username,
        password: s.password,
      });
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject(failure(429, 'captcha_required'));
      const solved = await call('POST', '/api/user/login', {
        username: s.userinfo.username,
        password: s.password,
        ...(await captcha()),
      });
      expect(solved.status, JSON.stringify(solved.body)).toBe(200);
    });

    it.each([
      ['an empty captcha', { captchaId: 'x', captcha: '' }, 'field_required'],
      ['a captcha without its id', { captcha: 'abcd' }, 'field_required'],
      ['an id without its captcha', { captchaId: 'x' }, 'field_required'],
      ['a wrong captcha', { captchaId: 'x', captcha: 'abcd' }, 'graphic_captcha_incorrect'],
    ])('refuses a login with %s', async (_name, over, key) => {
      const s = await register();
      const res = await call('POST', '/api/user/login', {
        username: s.userinfo.username,
        password: s.password,
        ...over,
      });
      expect(res.body).toMatchObject(failure(400, key));
    });

    it('counts failed logins from one IPv6 /64 as from one address', async () => {
      const s = await register();
      const login = (username: string, password: string, remoteAddress: string) =>
        app.inject({
          method: 'POST',
          url: '/api/user/login',
          payload: { username, password },
          remoteAddress,
        });
      // Twenty failures, each from a new address in the same /64, as one subscriber can send them.
      for (let i = 1; i <= 20; i++)
        expect((await login(`ghost_v6_${i}`, 'x1x1x1', `2001:db8:0:1::${i.toString(16)}`)).json().msg).toBe(
          'app.msg.login_failed',
        );
      expect((await login(s.userinfo.username, s.password, '2001:db8:0:1::99')).json().msg).toBe(
        'app.msg.too_many_requests',
      );
      expect((await login(s.userinfo.username, s.password, '2001:db8:0:2::1')).statusCode).toBe(200);
    });

    it('tells a locked account to contact customer service', async () => {
      const s = await register();
      await accounts.deps.uow.store.users.update(s.userinfo.id, { locked: true });
      const res = await call('POST', '/api/user/login', {
        username: s.userinfo.username,
        password: s.password,
      });
      expect(res.body).toMatchObject(failure(403, 'account_locked'));
    });
  });

  describe('sessions (401 behaviour)', () => {
    const protectedCalls: Array<['GET' | 'POST' | 'PUT', string, unknown]> = [
      ['POST', '/api/user/logout', {}],
      ['GET', '/api/user/info', undefined],
      ['PUT', '/api/user/info', { nickname: 'x' }],
      ['POST', '/api/user/changePwd', { oldPassword: 'a', password: 'abc123', confirmPassword: 'abc123' }],
      ['POST', '/api/user/withdrawPwd/code', {}],
      ['POST', '/api/user/withdrawPwd/set', { password: 'abc123', confirmPassword: 'abc123' }],
      ['POST', '/api/user/withdrawPwd/reset', { password: 'abc123', confirmPassword: 'abc123' }],
      [
        'POST',
        '/api/user/withdrawPwd/change',
        { oldPassword: 'a', password: 'abc123', confirmPassword: 'abc123' },
      ],
      ['POST', '/api/user/authentication', {}],
      ['GET', '/api/user/authentication', undefined],
      ['GET', '/api/user/invite', undefined],
      ['GET', '/api/user/invitees?generation=first', undefined],
      ['GET', `/api/upload/${'a'.repeat(32)}`, undefined],
    ];

    it.each(protectedCalls)(
      '%s %s without a token → 401 not_logged_in, with a bad one → 401 session_expired',
      async (method, url, body) => {
        const none = await call(method, url, body);
        expect(none.status).toBe(401);
        expect(none.body).toEqual({ code: 401, msg: 'app.msg.not_logged_in', data: null });
        const bad = await call(method, url, body, 'not-a-real-token');
        expect(bad.status).toBe(401);
        expect(bad.body).toEqual({ code: 401, msg: 'app.msg.session_expired', data: null });
      },
    );

    it('POST /api/upload without a token → 401', async () => {
      expect(
        (await upload(undefined, [{ name: 'file', filename: 'a.png', content: IMAGES.png }])).body,
      ).toMatchObject(failure(401, 'not_logged_in'));
    });

    it('revokes the token on logout', async () => {
      const s = await register();
      expect((await call('POST', '/api/user/logout', {}, s.token)).body).toEqual({
        code: 1,
        msg: 'app.msg.success',
        data: {},
      });
      expect((await call('GET', '/api/user/info', undefined, s.token)).body).toMatchObject(
        failure(401, 'session_expired'),
      );
    });

    it('expires a token after the session lifetime', async () => {
      const s = await register();
      clock.advance(168 * 60 * MIN);
      expect((await call('GET', '/api/user/info', undefined, s.token)).status).toBe(401);
    });

    it('revokes other sessions on a password change, keeps this one, and locks withdrawals', async () => {
      const s = await register();
      const other = (
        await call('POST', '/api/user/login', { username: s.userinfo.username, password: s.password })
      ).body.data.token;
      const wrong = await call(
        'POST',
        '/api/user/changePwd',
        { oldPassword: 'nope123', password: 'newpass1', confirmPassword: 'newpass1' },
        s.token,
      );
      expect(wrong.body).toMatchObject(failure(400, 'old_password_wrong'));
      const same = await call(
        'POST',
        '/api/user/changePwd',
        { oldPassword: s.password, password: s.password, confirmPassword: s.password },
        s.token,
      );
      expect(same.body).toMatchObject(failure(400, 'password_same'));
      const res = await call(
        'POST',
        '/api/user/changePwd',
        { oldPassword: s.password, password: 'newpass1', confirmPassword: 'newpass1' },
        s.token,
      );
      expect(res.status).toBe(200);
      expect(res.body.data.withdrawLockedUntil).toBe(clock.now + 24 * 60 * MIN);
      expect((await call('GET', '/api/user/info', undefined, s.token)).status).toBe(200);
      expect((await call('GET', '/api/user/info', undefined, other)).body).toMatchObject(
        failure(401, 'session_expired'),
      );
    });
  });

  describe('personal info and passwords', () => {
    it('reads and changes the nickname', async () => {
      const s = await register();
      const got = await call('GET', '/api/user/info', undefined, s.token);
      expect(got.body.data).toEqual(s.userinfo);
      const put = await call('PUT', '/api/user/info', { nickname: '  New Name ' }, s.token);
      expect(put.body.data.nickname).toBe('New Name');
      expect((await call('PUT', '/api/user/info', { nickname: '' }, s.token)).body).toMatchObject(
        failure(400, 'field_required'),
      );
      // Control characters are no part of a name: dropped, and a tab or a line break is a space.
      const typed = await call('PUT', '/api/user/info', { nickname: 'New\u0000\tName\u0007' }, s.token);
      expect(typed.body.data.nickname).toBe('New Name');
      expect((await call('PUT', '/api/user/info', { nickname: '\u0000' }, s.token)).body).toMatchObject(
        failure(400, 'field_required'),
      );
      expect(
        (await call('PUT', '/api/user/info', { nickname: 'x', username: 'hack' }, s.token)).body,
      ).toMatchObject(failure(400, 'unknown_parameter'));
      expect((await call('PUT', '/api/user/info', { nickname: 5 }, s.token)).body).toMatchObject(
        failure(400, 'parameter_error'),
      );
      expect((await call('GET', '/api/user/info?x=1', undefined, s.token)).body).toMatchObject(
        failure(400, 'unknown_parameter'),
      );
    });

    it('refuses a nickname that looks like another’s, and lets its owner recase their own', async () => {
      const owner = await register({ nickname: 'Look Alike' });
      const other = await register();
      for (const nickname of ['look alike', 'LOOK ALIKE', 'Ｌｏｏｋ Ａｌｉｋｅ'])
        expect((await call('PUT', '/api/user/info', { nickname }, other.token)).body).toMatchObject(
          failure(409, 'nickname_exists'),
        );
      for (const nickname of ['LOOK ALIKE', 'Ｌｏｏｋ Ａｌｉｋｅ']) {
        const put = await call('PUT', '/api/user/info', { nickname }, owner.token);
        expect(put.body.data.nickname).toBe(nickname);
      }
      expect((await call('GET', '/api/user/info', undefined, owner.token)).body.data.nickname).toBe(
        'Ｌｏｏｋ Ａｌｉｋｅ',
      );
    });

    it('refuses a nickname that only looks like another’s in other letters, and lets its owner take one', async () => {
      const owner = await register({ nickname: 'Mirror' });
      const other = await register();
      // Cyrillic М and о, Greek ο, a digit 0: other characters, the same look; and the same in
      // capitals, with a Greek Ο or a Cyrillic М.
      for (const nickname of [
        '\u041cirror',
        'Mirr\u043er',
        'Mirr\u03bfr',
        'Mirr0r',
        'MIRR\u039fR',
        '\u041cIRROR',
      ])
        expect((await call('PUT', '/api/user/info', { nickname }, other.token)).body).toMatchObject(
          failure(409, 'nickname_exists'),
        );
      const put = await call('PUT', '/api/user/info', { nickname: 'Mirr\u043er' }, owner.token);
      expect(put.body.data.nickname).toBe('Mirr\u043er');
      expect((await call('PUT', '/api/user/info', { nickname: 'Mirror' }, other.token)).body).toMatchObject(
        failure(409, 'nickname_exists'),
      );
    });

    it('sets the withdrawal password with a code to the account’s address, changes it, resets it', async () => {
      const s = await register({ email: 'draw.set@example.com' });
      const draw = (password: string) => ({ password, confirmPassword: password });
      const first = await withdrawPwdCode(s.token, 'draw.set@example.com');
      // No code, or a reset while none is set: refused, and the code is still good.
      expect((await call('POST', '/api/user/withdrawPwd/set', draw('draw1234'), s.token)).body).toMatchObject(
        failure(400, 'parameter_error'),
      );
      expect(
        (await call('POST', '/api/user/withdrawPwd/reset', { ...first, ...draw('draw1234') }, s.token)).body,
      ).toMatchObject(failure(403, 'withdraw_pwd_not_set'));
      const set = await call('POST', '/api/user/withdrawPwd/set', { ...first, ...draw('draw1234') }, s.token);
      expect(set.body.data).toMatchObject({ hasWithdrawPassword: true, withdrawLockedUntil: 0 });
      expect(
        (await call('POST', '/api/user/withdrawPwd/set', { ...first, ...draw('draw1234') }, s.token)).body,
      ).toMatchObject(failure(409, 'password_exists'));
      expect(
        (
          await call(
            'POST',
            '/api/user/withdrawPwd/change',
            { oldPassword: 'wrong12', password: 'draw5678', confirmPassword: 'draw5678' },
            s.token,
          )
        ).body,
      ).toMatchObject(failure(400, 'old_withdraw_pwd_wrong'));
      expect(
        (
          await call(
            'POST',
            '/api/user/withdrawPwd/change',
            { oldPassword: 'draw1234', password: 'draw5678', confirmPassword: 'draw5678' },
            s.token,
          )
        ).status,
      ).toBe(200);
      expect(
        (
          await call(
            'POST',
            '/api/user/withdrawPwd/set',
            { ...first, password: 'short', confirmPassword: 'short' },
            s.token,
          )
        ).body,
      ).toMatchObject(failure(400, 'password_length'));
      clock.advance(MIN);
      const forgotten = await withdrawPwdCode(s.token, 'draw.set@example.com');
      const reset = await call(
        'POST',
        '/api/user/withdrawPwd/reset',
        { ...forgotten, ...draw('draw9012') },
        s.token,
      );
      expect(reset.status).toBe(200);
      expect(reset.body.data.withdrawLockedUntil).toBe(clock.now + 24 * 60 * MIN);
      const mail = await accounts.deps.uow.store.outbox.listFor('draw.set@example.com');
      expect(mail).toHaveLength(2);
    });

    it('refuses a field on the withdrawal password code, which only ever goes to the account’s own address', async () => {
      const s = await register({ email: 'draw.own@example.com' });
      const res = await call('POST', '/api/user/withdrawPwd/code', { target: 'victim@example.com' }, s.token);
      expect(res.body).toEqual({ code: 400, msg: 'app.msg.unknown_parameter', data: { field: 'target' } });
      expect(await accounts.deps.uow.store.outbox.listFor('draw.own@example.com')).toEqual([]);
      expect(await accounts.deps.uow.store.outbox.listFor('victim@example.com')).toEqual([]);
    });
  });

  describe('verification codes', () => {
    it('registers with the code sent to the email address, and sends none to an address in use', async () => {
      const send = async (target: string) =>
        call('POST', '/api/user/sendCode', { target, purpose: 'register', ...(await captcha()) });
      // Spaces around an address, as a phone keyboard leaves them, are no part of it.
      const sent = await send(' First.Timer@example.com ');
      expect(sent.status).toBe(200);
      const [mail] = await accounts.deps.uow.store.outbox.listFor('first.timer@example.com');
      const code = /\b(\d{6})\b/.exec(mail!.body)![1]!;
      const res = await call('POST', '/api/user/register', {
        ...newUserRequest({ username: 'first_timer', email: 'first.timer@example.com ' }),
        code,
        codeTicket: sentCodeSchema.parse(sent.body.data).codeTicket,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.userinfo.email).toBe('first.timer@example.com');
      clock.advance(61_000);
      expect((await send('first.timer@example.com')).body).toMatchObject(failure(409, 'email_exists'));
    });

    it('takes a code and a captcha as typed or pasted: spaces, full-width characters, capitals', async () => {
      const { captchaId, captcha: answer } = await captcha();
      // An input method's full-width characters and a pasted space: the same answer.
      const typed = ` ${answer.toUpperCase().normalize('NFKC')} `.replace(/[A-Z0-9]/g, (c) =>
        String.fromCharCode(c.charCodeAt(0) + 0xfee0),
      );
      const sent = await call('POST', '/api/user/sendCode', {
        target: 'pasted.code@example.com',
        purpose: 'register',
        captchaId,
        captcha: typed,
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      const [mail] = await accounts.deps.uow.store.outbox.listFor('pasted.code@example.com');
      const code = /\b(\d{6})\b/.exec(mail!.body)![1]!;
      const res = await call('POST', '/api/user/register', {
        ...newUserRequest({ username: 'pasted_code', email: 'pasted.code@example.com' }),
        code: ` ${code.slice(0, 3)} ${[...code.slice(3)].map((d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0)).join('')}`,
        codeTicket: sentCodeSchema.parse(sent.body.data).codeTicket,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });

    it('writes the code in the language the app asks in', async () => {
      await register({ email: 'en.francais@example.com' });
      const res = await app.inject({
        method: 'POST',
        url: '/api/user/sendCode',
        headers: { lang: 'fr' },
        payload: { target: 'en.francais@example.com', purpose: 'forgetPwd', ...(await captcha()) },
      });
      expect(res.statusCode).toBe(200);
      const [sent] = await accounts.deps.uow.store.outbox.listFor('en.francais@example.com');
      expect(sent?.subject).toBe('Votre code de vérification');
      expect(sent?.body).toMatch(/^Votre code de vérification est \d{6}\. Il expire dans 10 minutes\./);
    });

    it('sends a code, limits frequency and count, and resets the password with it', async () => {
      const s = await register({ email: 'reset.me@example.com' });
      const send = async () =>
        call('POST', '/api/user/sendCode', {
          target: 'reset.me@example.com',
          purpose: 'forgetPwd',
          ...(await captcha()),
        });
      const first = await send();
      expect(first.body).toEqual({
        code: 1,
        msg: 'app.msg.success',
        data: { codeTicket: expect.stringMatching(/^[\w-]{43}$/) },
      });
      expect((await send()).body).toMatchObject(failure(429, 'code_frequent'));
      clock.advance(61_000);
      expect((await send()).status).toBe(200);
      clock.advance(61_000);
      const last = await send();
      expect(last.status).toBe(200);
      clock.advance(61_000);
      expect((await send()).body).toMatchObject(failure(429, 'code_limit_reached'));

      const out = await accounts.deps.uow.store.outbox.listFor('reset.me@example.com');
      // Anyone who knows the address can spend its day of reset codes; not the owner's own codes
      // for the withdrawal password, asked for signed in.
      expect((await call('POST', '/api/user/withdrawPwd/code', {}, s.token)).status).toBe(200);
      const code = /\b(\d{6})\b/.exec(out[out.length - 1]!.body)![1]!;
      const { codeTicket } = sentCodeSchema.parse(last.body.data);
      const bad = await call('POST', '/api/user/forgetPwd', {
        target: 'reset.me@example.com',
        code: '12345',
        codeTicket,
        password: 'fresh123',
        confirmPassword: 'fresh123',
      });
      expect(bad.body).toMatchObject(failure(400, 'captcha_incorrect'));
      const none = await call('POST', '/api/user/forgetPwd', {
        target: 'reset.me@example.com',
        code: '',
        codeTicket,
        password: 'fresh123',
        confirmPassword: 'fresh123',
      });
      expect(none.body).toMatchObject({ code: 400, msg: 'app.msg.field_required', data: { field: 'code' } });
      // The right code without its send's ticket, or with an earlier send's: a wrong code.
      for (const other of [{}, { codeTicket: sentCodeSchema.parse(first.body.data).codeTicket }]) {
        const unbound = await call('POST', '/api/user/forgetPwd', {
          target: 'reset.me@example.com',
          code,
          ...other,
          password: 'fresh123',
          confirmPassword: 'fresh123',
        });
        expect(unbound.body).toMatchObject(failure(400, 'captcha_incorrect'));
      }
      const ok = await call('POST', '/api/user/forgetPwd', {
        target: 'reset.me@example.com',
        code,
        codeTicket,
        password: 'fresh123',
        confirmPassword: 'fresh123',
      });
      expect(ok.status).toBe(200);
      expect((await call('GET', '/api/user/info', undefined, s.token)).status).toBe(401);
      expect(
        (await call('POST', '/api/user/login', { username: 'reset.me@example.com', password: 'fresh123' }))
          .status,
      ).toBe(200);
      const again = await call('POST', '/api/user/forgetPwd', {
        target: 'reset.me@example.com',
        code,
        codeTicket,
        password: 'fresh456',
        confirmPassword: 'fresh456',
      });
      expect(again.body).toMatchObject(failure(400, 'captcha_incorrect'));
    });

    it('keeps the owner’s code from guesses without its ticket and from a newer send', async () => {
      await register({ email: 'owner@example.com' });
      const send = async () => {
        const res = await call('POST', '/api/user/sendCode', {
          target: 'owner@example.com',
          purpose: 'forgetPwd',
          ...(await captcha()),
        });
        return sentCodeSchema.parse(res.body.data).codeTicket;
      };
      const owners = await send();
      const [mail] = await accounts.deps.uow.store.outbox.listFor('owner@example.com');
      const code = /\b(\d{6})\b/.exec(mail!.body)![1]!;
      const wrong = code === '000000' ? '111111' : '000000';
      clock.advance(61_000);
      const others = await send();
      const reset = (guess: string, ticket: { codeTicket?: string }) =>
        call('POST', '/api/user/forgetPwd', {
          target: 'owner@example.com',
          code: guess,
          ...ticket,
          password: 'fresh123',
          confirmPassword: 'fresh123',
        });
      for (const ticket of [{}, { codeTicket: others }])
        for (let i = 0; i < 6; i++)
          expect((await reset(wrong, ticket)).body).toMatchObject(failure(400, 'captcha_incorrect'));
      expect((await reset(code, { codeTicket: owners })).status).toBe(200);
    });

    it.each([
      [{ target: 'nobody@example.com', purpose: 'forgetPwd' }, 404, 'account_not_exist'],
      [{ target: 'x', purpose: 'forgetPwd' }, 400, 'phone_format'],
      [{ target: '+44 77', purpose: 'forgetPwd' }, 400, 'phone_format'],
      [{ target: 'a@example', purpose: 'forgetPwd' }, 400, 'email_format'],
      [{ target: `${'İ'.repeat(200)}@example.com`, purpose: 'forgetPwd' }, 400, 'email_format'],
      [{ target: ' ', purpose: 'forgetPwd' }, 400, 'field_required'],
      [{ target: 42, purpose: 'forgetPwd' }, 400, 'parameter_error'],
      [{ target: 'a@example.com', purpose: 'steal' }, 400, 'parameter_error'],
      [{ target: 'a@example.com', purpose: 'forgetPwd', extra: 1 }, 400, 'unknown_parameter'],
      [{ target: '+447700900123', purpose: 'register' }, 400, 'email_format'],
      [{ target: '', purpose: 'register' }, 400, 'field_required'],
    ])('POST /api/user/sendCode refuses %j', async (body, status, error) => {
      const res = await call('POST', '/api/user/sendCode', { ...body, ...(await captcha()) });
      expect(res.body).toMatchObject(failure(status, error));
    });

    it('POST /api/user/sendCode requires the graphic captcha', async () => {
      const res = await call('POST', '/api/user/sendCode', {
        target: 'a@example.com',
        purpose: 'forgetPwd',
        captchaId: 'x',
        captcha: 'abcd',
      });
      expect(res.body).toMatchObject(failure(400, 'graphic_captcha_incorrect'));
    });
  });

  describe('uploads', () => {
    it('reads at most two uploads of one account at once, and the next once one is done', async () => {
      const s = await register();
      const head = 'Content-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png';
      // Two uploads whose bodies are still arriving, as a phone on a slow network sends them.
      const held = [new PassThrough(), new PassThrough()];
      const pending = held.map((payload) =>
        app.inject({
          method: 'POST',
          url: '/api/upload',
          headers: { token: s.token, 'content-type': 'multipart/form-data; boundary=held' },
          payload,
        }),
      );
      for (const body of held) body.write(`--held\r\n${head}\r\n\r\n`);
      await new Promise((r) => setTimeout(r, 50));
      expect((await png(s.token)).body).toMatchObject(failure(429, 'too_many_requests'));
      expect((await png((await register()).token)).status).toBe(200);
      for (const body of held) body.end(Buffer.concat([IMAGES.png, Buffer.from('\r\n--held--\r\n')]));
      expect((await Promise.all(pending)).map((r) => r.statusCode)).toEqual([200, 200]);
      expect((await png(s.token)).status).toBe(200);
    });

    it('stores an image and serves it to its owner and operators only, privately', async () => {
      const a = await register();
      const b = await register();
      const res = await png(a.token);
      expect(res.status).toBe(200);
      const { id, url } = res.body.data;
      expect(url).toBe(`/api/upload/${id}`);
      const mine = await app.inject({ method: 'GET', url, headers: { token: a.token } });
      expect(mine.statusCode).toBe(200);
      expect(mine.headers['content-type']).toBe('image/png');
      expect(mine.headers['cache-control']).toBe('private, no-store');
      expect(mine.headers['x-content-type-options']).toBe('nosniff');
      expect(mine.rawPayload.equals(IMAGES.png)).toBe(true);
      // Someone else's document is answered exactly as one that does not exist.
      const theirs = await call('GET', url, undefined, b.token);
      const none = await call('GET', `/api/upload/${'b'.repeat(32)}`, undefined, b.token);
      expect(none.body).toMatchObject(failure(404, 'record_not_found'));
      expect([theirs.status, theirs.body]).toEqual([none.status, none.body]);
      const op = await app.inject({ method: 'GET', url, headers: { token: await operatorToken() } });
      expect(op.statusCode).toBe(200);
      expect((await call('GET', '/api/upload/..%2F..%2Fexchange.db', undefined, a.token)).status).toBe(404);
    });

    it('accepts a 3 MB image (the 1 MB JSON limit does not apply) and refuses one over 5 MB', async () => {
      const a = await register();
      const big = Buffer.concat([IMAGES.jpeg, Buffer.alloc(3 * 1024 * 1024, 7)]);
      expect((await upload(a.token, [{ name: 'file', filename: 'big.jpg', content: big }])).status).toBe(200);
      const huge = Buffer.concat([IMAGES.jpeg, Buffer.alloc(5 * 1024 * 1024, 7)]);
      const res = await upload(a.token, [{ name: 'file', filename: 'huge.jpg', content: huge }]);
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject(failure(413, 'upload_size'));
    });

    it.each([
      [
        'text bytes named .png',
        [{ name: 'file', filename: 'x.png', type: 'image/png', content: IMAGES.text }],
        400,
        'upload_not_image',
      ],
      [
        'a GIF',
        [{ name: 'file', filename: 'x.gif', type: 'image/gif', content: IMAGES.gif }],
        400,
        'upload_format',
      ],
      [
        'an empty file',
        [{ name: 'file', filename: 'x.png', content: Buffer.alloc(0) }],
        400,
        'upload_not_image',
      ],
      [
        'two files',
        [
          { name: 'file', filename: 'a.png', content: IMAGES.png },
          { name: 'file', filename: 'b.png', content: IMAGES.png },
        ],
        400,
        'upload_count',
      ],
      [
        'a text field',
        [
          { name: 'note', content: 'hi' },
          { name: 'file', filename: 'a.png', content: IMAGES.png },
        ],
        400,
        'unknown_parameter',
      ],
      [
        'another field name',
        [{ name: 'image', filename: 'a.png', content: IMAGES.png }],
        400,
        'unknown_parameter',
      ],
      ['no part at all', [], 400, 'image_required'],
    ] as const)('refuses %s', async (_name, parts, status, error) => {
      const a = await register();
      const res = await upload(a.token, [...parts]);
      expect(res.status).toBe(status);
      expect(res.body).toMatchObject(failure(status, error));
    });

    it('refuses an image declaring more pixels than the caps (a decompression bomb), and stores nothing', async () => {
      const a = await register();
      const stored = () => fs.readdirSync(path.join(dataDir, 'uploads'));
      await png(a.token);
      const before = stored();
      for (const [width, height] of [
        [16_385, 1],
        [10_000, 10_001],
        [65_536, 65_536],
      ] as const) {
        const bomb = pngDeclaring(width, height);
        const res = await upload(a.token, [
          { name: 'file', filename: 'id.png', type: 'image/png', content: bomb },
        ]);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject(failure(400, 'upload_dimensions'));
      }
      expect(stored()).toEqual(before);
      const phone = pngDeclaring(8_160, 6_120);
      const res = await upload(a.token, [
        { name: 'file', filename: 'id.png', type: 'image/png', content: phone },
      ]);
      expect(res.status).toBe(200);
    });

    it('refuses a PNG cut off after its header as no image, and stores nothing', async () => {
      const a = await register();
      const stored = () => fs.readdirSync(path.join(dataDir, 'uploads'));
      await png(a.token);
      const before = stored();
      // The signature and the start of IHDR: a header image-size reads, with no image behind it.
      const cut = IMAGES.png.subarray(0, 30);
      const res = await upload(a.token, [
        { name: 'file', filename: 'id.png', type: 'image/png', content: cut },
      ]);
      expect(res.body).toMatchObject(failure(400, 'upload_not_image'));
      expect(stored()).toEqual(before);
      expect(await accounts.deps.uow.store.uploads.countSince(a.userinfo.id, 0)).toBe(1);
    });

    it.each([
      ['with no boundary', 'multipart/form-data', 'garbage'],
      ['that is not multipart', 'multipart/form-data; boundary=xyz', 'garbage'],
      [
        'cut off in the middle of the file',
        'multipart/form-data; boundary=xyz',
        '--xyz\r\ncontent-disposition: form-data; name="file"; filename="a.png"\r\ncontent-type: image/png\r\n\r\n\x89PNG',
      ],
    ])(
      'refuses a body %s as a parameter error, not a failure of the server',
      async (_name, type, payload) => {
        const a = await register();
        const res = await app.inject({
          method: 'POST',
          url: '/api/upload',
          payload,
          headers: { 'content-type': type, token: a.token },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject(failure(400, 'parameter_error'));
      },
    );

    it('refuses a JSON body', async () => {
      const a = await register();
      expect(
        (await call('POST', '/api/upload', { file: 'data:image/png;base64,AAAA' }, a.token)).body,
      ).toMatchObject(failure(400, 'parameter_error'));
    });
  });

  describe('verification, referrals and the operator API', () => {
    const submit = async (s: { token: string }, over: Record<string, unknown> = {}) => {
      const front = (await png(s.token)).body.data.id;
      const back = (await png(s.token)).body.data.id;
      return call(
        'POST',
        '/api/user/authentication',
        {
          name: 'Li Lei',
          docType: 'idCard',
          docNumber: ID_CARD,
          frontImage: front,
          backImage: back,
          ...over,
        },
        s.token,
      );
    };

    it.each([
      ['unknown document type', { docType: 'driverLicense' }, 'document_type_error'],
      ['bad ID card check digit', { docNumber: '110105194912310021' }, 'doc_number_invalid'],
      ['ID card number too short', { docNumber: 'AB12' }, 'doc_number_invalid'],
      ['ID card number with symbols', { docNumber: 'L01X-00T47' }, 'doc_number_invalid'],
      ['bad passport', { docType: 'passport', docNumber: "'; DROP--" }, 'doc_number_invalid'],
      ['short name', { name: 'L' }, 'real_name_invalid'],
      ['name of one letter and control characters', { name: 'L\u0000\u0001' }, 'real_name_invalid'],
      ['huge name', { name: 'L'.repeat(10_000) }, 'real_name_invalid'],
      ['empty name', { name: ' \u0000 ' }, 'field_required'],
      ['empty document number', { docNumber: '  ' }, 'field_required'],
      ['missing image', { frontImage: '' }, 'image_required'],
      ['NUL in an image id', { backImage: 'u\u0000' }, 'parameter_error'],
      ['unknown field', { selfie: 'x' }, 'unknown_parameter'],
      ['wrong type', { name: 42 }, 'parameter_error'],
    ])('POST /api/user/authentication refuses %s', async (_name, over, error) => {
      const s = await register();
      const res = await submit(s, over);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject(failure(400, error));
      expect(
        (await call('GET', '/api/user/authentication', undefined, s.token)).body.data.certification,
      ).toBeNull();
    });

    it.each([
      ['a German ID card', 'L01X00T47'],
      ['a Taiwanese ID card', 'A123456789'],
      ['a mainland ID card with its check digit', '440300199001011238'],
    ])('POST /api/user/authentication takes %s as printed', async (_name, docNumber) => {
      const s = await register();
      expect((await submit(s, { docNumber })).status).toBe(200);
    });

    it('keeps users apart: another user’s images, status and invitees stay theirs', async () => {
      const a = await register();
      const b = await register({ inviteCode: a.userinfo.inviteCode });
      const bFront = (await png(b.token)).body.data.id;
      // Answered as an image that does not exist: the id tells a of nothing b holds.
      const res = await submit(a, { frontImage: bFront });
      const none = await submit(a, { frontImage: 'c'.repeat(32) });
      expect(none.body).toMatchObject(failure(404, 'record_not_found'));
      expect([res.status, res.body]).toEqual([none.status, none.body]);
      const aStatus = await call('GET', '/api/user/authentication', undefined, a.token);
      expect(aStatus.body.data.certification).toBeNull();
      expect((await call('GET', '/api/user/invite', undefined, a.token)).body.data.firstTotal).toBe(1);
      expect((await call('GET', '/api/user/invite', undefined, b.token)).body.data.firstTotal).toBe(0);
      // The API takes no user id anywhere: the token decides whose data it is.
      expect(
        (await call('GET', `/api/user/info?id=${a.userinfo.id}`, undefined, b.token)).body,
      ).toMatchObject(failure(400, 'unknown_parameter'));
    });

    it('runs the review end to end: submit → pending list → reject → resubmit → approve, with audit', async () => {
      const s = await register();
      const first = await submit(s);
      expect(first.status).toBe(200);
      expect(verificationStatusSchema.parse(first.body.data)).toMatchObject({
        certification: 0,
        docNumber: '1****************X',
      });
      expect((await submit(s)).body).toMatchObject(failure(409, 'verification_pending'));

      const other = await register();
      expect((await submit(other)).body).toMatchObject(failure(409, 'duplicate_document_number'));

      const op = await operatorToken();
      const list = await call('GET', '/api/admin/verifications?status=pending', undefined, op);
      const mine = list.body.data
        .map((v: unknown) => adminVerificationSchema.parse(v))
        .find((v: { userId: number }) => v.userId === s.userinfo.id);
      expect(mine).toMatchObject({ docNumber: ID_CARD, status: 'pending' });
      expect(
        (await app.inject({ method: 'GET', url: mine.frontImage, headers: { token: op } })).statusCode,
      ).toBe(200);

      expect(
        (await call('POST', '/api/admin/verifications/reject', { id: mine.id, reason: '' }, op)).body,
      ).toMatchObject(failure(400, 'parameter_error'));
      expect(
        (await call('POST', '/api/admin/verifications/reject', { id: mine.id, reason: 'r'.repeat(201) }, op))
          .body,
      ).toMatchObject(failure(400, 'parameter_error'));
      expect(
        (await call('POST', '/api/admin/verifications/reject', { id: String(mine.id), reason: 'x' }, op))
          .body,
      ).toMatchObject(failure(400, 'parameter_error'));
      expect(
        (
          await call(
            'POST',
            '/api/admin/verifications/reject',
            { id: mine.id, reason: 'withdraw_address_risk' },
            op,
          )
        ).body,
      ).toMatchObject(failure(400, 'parameter_error'));
      const rejected = await call(
        'POST',
        '/api/admin/verifications/reject',
        { id: mine.id, reason: 'Photo too dark' },
        op,
      );
      expect(rejected.body.data).toMatchObject({
        status: 'rejected',
        rejectReason: 'Photo too dark',
        reviewedBy: 'reviewer',
      });
      expect((await call('GET', '/api/user/authentication', undefined, s.token)).body.data).toMatchObject({
        certification: 1,
        rejectReason: 'Photo too dark',
      });

      expect((await submit(s)).status).toBe(200);
      const again = (await call('GET', '/api/admin/verifications', undefined, op)).body.data.find(
        (v: { userId: number }) => v.userId === s.userinfo.id,
      );
      const approved = await call('POST', '/api/admin/verifications/approve', { id: again.id }, op);
      expect(approved.body.data.status).toBe('approved');
      expect((await call('GET', '/api/user/info', undefined, s.token)).body.data.certification).toBe(2);
      expect((await submit(s)).body).toMatchObject(failure(409, 'verification_done'));
      expect(
        (await call('POST', '/api/admin/verifications/approve', { id: again.id }, op)).body,
      ).toMatchObject(failure(404, 'record_not_found'));

      const audit = await call('GET', '/api/admin/audit?limit=5', undefined, op);
      expect(
        audit.body.data.slice(0, 2).map((a: { action: string; actor: string }) => [a.action, a.actor]),
      ).toEqual([
        ['verification.approve', 'reviewer'],
        ['verification.reject', 'reviewer'],
      ]);
    });

    it('pages through every approved verification, newest first, and finds one user’s by id or username', async () => {
      const op = await operatorToken();
      const list = async (query: string) => {
        const res = await call('GET', `/api/admin/verifications?${query}`, undefined, op);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return (res.body.data as unknown[]).map((v) => adminVerificationSchema.parse(v));
      };
      // A user approved long ago, who complains now.
      const a = await register();
      expect((await submit(a, { docType: 'passport', docNumber: 'K7000001' })).status).toBe(200);
      const mine = (await list(`status=pending&user=${a.userinfo.username}`))[0]!;
      expect((await call('POST', '/api/admin/verifications/approve', { id: mine.id }, op)).status).toBe(200);
      // 250 approvals since: more than a page.
      const b = await register();
      const row = await t.db.kysely
        .selectFrom('verifications')
        .selectAll()
        .where('id', '=', mine.id)
        .executeTakeFirstOrThrow();
      const later = Array.from({ length: 250 }, (_, i) => ({
        ...row,
        id: undefined,
        user_id: b.userinfo.id,
        doc_number: `K${8_000_000 + i}`,
        submitted_at: Number(row.submitted_at) + 1_000_000_000 + i,
      }));
      await t.db.kysely.insertInto('verifications').values(later).execute();

      const first = await list('status=approved');
      expect(first).toHaveLength(200);
      expect(first.map((v) => v.id)).not.toContain(mine.id);
      const all = [...first];
      for (let page = 2; ; page++) {
        const rows = await list(`status=approved&page=${page}`);
        all.push(...rows);
        if (rows.length < 200) break;
      }
      expect(all.filter((v) => v.id === mine.id)).toHaveLength(1);
      expect(new Set(all.map((v) => v.id)).size).toBe(all.length);
      const times = all.map((v) => v.submittedAt);
      expect(times).toEqual([...times].sort((x, y) => y - x));

      for (const user of [
        a.userinfo.username,
        String(a.userinfo.id),
        ` ${a.userinfo.username.toUpperCase()} `,
      ])
        expect((await list(`status=approved&user=${encodeURIComponent(user)}`)).map((v) => v.id)).toEqual([
          mine.id,
        ]);
      expect(await list(`status=pending&user=${a.userinfo.username}`)).toEqual([]);
      const bPage3 = await list(`status=approved&user=${b.userinfo.id}&size=100&page=3`);
      expect(bPage3.map((v) => v.docNumber)).toEqual(
        Array.from({ length: 50 }, (_, i) => `K${8_000_049 - i}`),
      );
    });

    it.each([
      ['an unknown username', 'user=nobody_at_all', 404, 'account_not_exist'],
      ['an unknown user id', 'user=99999999', 404, 'account_not_exist'],
      ['an id past any row', 'user=99999999999', 404, 'account_not_exist'],
      ['an empty user', 'user=', 400, 'parameter_error'],
      ['page 0', 'page=0', 400, 'parameter_error'],
      ['a page past 10 000', 'page=10001', 400, 'parameter_error'],
      ['a page of 201', 'size=201', 400, 'parameter_error'],
      ['an unknown filter', 'userId=1', 400, 'unknown_parameter'],
    ])('GET /api/admin/verifications refuses %s', async (_name, query, status, error) => {
      const res = await call('GET', `/api/admin/verifications?${query}`, undefined, await operatorToken());
      expect(res.body).toMatchObject(failure(status, error));
    });

    it('keeps pending verifications oldest first, page after page', async () => {
      const op = await operatorToken();
      for (const n of [1, 2, 3]) {
        expect(
          (await submit(await register(), { docType: 'passport', docNumber: `K900000${n}` })).status,
        ).toBe(200);
        clock.advance(1000);
      }
      const res = await call('GET', '/api/admin/verifications?status=pending', undefined, op);
      const pending = (res.body.data as AdminVerification[]).map((v) => [v.submittedAt, v.id]);
      expect(pending.length).toBeGreaterThanOrEqual(3);
      expect(pending).toEqual([...pending].sort((x, y) => x[0]! - y[0]! || x[1]! - y[1]!));
      const paged = [];
      for (let page = 1; page <= pending.length; page++) {
        const one = await call('GET', `/api/admin/verifications?size=1&page=${page}`, undefined, op);
        paged.push(...(one.body.data as AdminVerification[]).map((v) => [v.submittedAt, v.id]));
      }
      expect(paged).toEqual(pending);
    });

    it('keeps operator and user credentials apart', async () => {
      const s = await register();
      const op = await operatorToken();
      const asUser = await call('GET', '/api/admin/verifications', undefined, s.token);
      expect(asUser.status).toBe(403);
      expect(asUser.body).toMatchObject(failure(403, 'no_permission'));
      expect((await call('GET', '/api/admin/users', undefined)).body).toMatchObject(
        failure(401, 'not_logged_in'),
      );
      expect((await call('GET', '/api/admin/users', undefined, 'forged')).body).toMatchObject(
        failure(401, 'session_expired'),
      );
      expect((await call('GET', '/api/user/info', undefined, op)).body).toMatchObject(
        failure(401, 'session_expired'),
      );
      expect(
        (await call('POST', '/api/admin/login', { username: s.userinfo.username, password: s.password }))
          .body,
      ).toMatchObject(failure(400, 'login_failed'));
      expect(
        (await call('POST', '/api/admin/login', { username: 'reviewer', password: 'x', extra: 1 })).body,
      ).toMatchObject(failure(400, 'unknown_parameter'));
    });

    it('lets an operator change their own password, ending their other sessions, and log out', async () => {
      // An operator of this test's own: the shared reviewer keeps its password for the others.
      const own = await createOperator(accounts.deps, { operatorId: null, name: 'cli:test' }, 'night_owl');
      const login = (password: string) =>
        call('POST', '/api/admin/login', { username: 'night_owl', password });
      const [here, elsewhere] = [
        (await login(own.password)).body.data.token as string,
        (await login(own.password)).body.data.token as string,
      ];
      const change = (body: Record<string, unknown>) => call('POST', '/api/admin/password', body, here);
      expect(
        (await change({ oldPassword: 'wrong1', password: 'Fresh2026', confirmPassword: 'Fresh2026' })).body,
      ).toMatchObject(failure(400, 'old_password_wrong'));
      expect(
        (await change({ oldPassword: own.password, password: 'short', confirmPassword: 'short' })).body,
      ).toMatchObject(failure(400, 'password_length'));
      expect(
        (
          await change({
            oldPassword: own.password,
            password: 'Fresh2026',
            confirmPassword: 'Fresh2026',
          })
        ).body,
      ).toEqual({ code: 1, msg: 'app.msg.success', data: {} });
      expect((await call('GET', '/api/admin/audit', undefined, here)).status).toBe(200);
      expect((await call('GET', '/api/admin/audit', undefined, elsewhere)).body).toMatchObject(
        failure(401, 'session_expired'),
      );
      expect((await login(own.password)).body).toMatchObject(failure(400, 'login_failed'));
      expect((await login('Fresh2026')).status).toBe(200);
      // What was done is in the log; the passwords are not.
      const audit = await call('GET', '/api/admin/audit', undefined, here);
      expect(audit.body.data.map((a: { action: string }) => a.action)).toContain('operator.password');
      expect(JSON.stringify(audit.body)).not.toContain('Fresh2026');

      expect((await call('POST', '/api/admin/logout', {}, here)).status).toBe(200);
      expect((await call('GET', '/api/admin/audit', undefined, here)).body).toMatchObject(
        failure(401, 'session_expired'),
      );
    });

    it('finds users and sets flags; a locked user is logged out', async () => {
      const s = await register({ username: 'flagged_user' });
      const op = await operatorToken();
      const found = await call('GET', '/api/admin/users?query=flagged_', undefined, op);
      expect(found.body.data.map((u: unknown) => adminUserSchema.parse(u).username)).toEqual([
        'flagged_user',
      ]);
      expect(JSON.stringify(found.body)).not.toMatch(/scrypt|Hash/);
      await register({ username: 'flagged_later' });
      const paged = async (page: number) =>
        (
          await call('GET', `/api/admin/users?query=flagged_&size=1&page=${page}`, undefined, op)
        ).body.data.map((u: { username: string }) => u.username);
      expect([await paged(1), await paged(2), await paged(3)]).toEqual([
        ['flagged_later'],
        ['flagged_user'],
        [],
      ]);
      expect((await call('GET', '/api/admin/users?size=201', undefined, op)).body).toMatchObject(
        failure(400, 'parameter_error'),
      );
      expect(
        (await call('POST', '/api/admin/users/flags', { userId: s.userinfo.id }, op)).body,
      ).toMatchObject(failure(400, 'parameter_error'));
      expect(
        (await call('POST', '/api/admin/users/flags', { userId: s.userinfo.id, locked: 'yes' }, op)).body,
      ).toMatchObject(failure(400, 'parameter_error'));
      expect(
        (await call('POST', '/api/admin/users/flags', { userId: s.userinfo.id, admin: true }, op)).body,
      ).toMatchObject(failure(400, 'unknown_parameter'));
      const res = await call(
        'POST',
        '/api/admin/users/flags',
        { userId: s.userinfo.id, tradingDisabled: true, withdrawProhibited: true, locked: true },
        op,
      );
      expect(res.body.data).toMatchObject({ tradingDisabled: true, withdrawProhibited: true, locked: true });
      // Logged out, and told why: the app's expiry alert shows the answer's message.
      const after = await call('GET', '/api/user/info', undefined, s.token);
      expect(after.status).toBe(403);
      expect(after.body).toEqual({ code: 401, msg: 'app.msg.account_locked', data: null });
      const audit = (await call('GET', '/api/admin/audit', undefined, op)).body.data[0];
      expect(audit).toMatchObject({
        actor: 'reviewer',
        action: 'user.flags',
        target: `user:${s.userinfo.id}`,
        after: { locked: true },
      });
      // Asked again, nothing changes: the same answer, and no audit row of a change of nothing.
      const again = await call('POST', '/api/admin/users/flags', { userId: s.userinfo.id, locked: true }, op);
      expect(again.body).toEqual({ code: 1, msg: 'app.msg.success', data: res.body.data });
      const flagsAudit = async () =>
        (await call('GET', `/api/admin/audit?target=user:${s.userinfo.id}`, undefined, op)).body.data;
      expect(await flagsAudit()).toHaveLength(1);
      // One record's history among everyone's changes, as the CLI shows it.
      const ofUser = await call('GET', `/api/admin/audit?target=user:${s.userinfo.id}`, undefined, op);
      expect(ofUser.body.data.map((a: { target: string }) => a.target)).toEqual([`user:${s.userinfo.id}`]);
      // No id, or a kind the log never names (AUDIT_TARGET_KINDS); a count not in plain digits.
      for (const query of ['target=user', 'target=foo:1', 'limit=1e2', 'limit=01', 'limit='])
        expect((await call('GET', `/api/admin/audit?${query}`, undefined, op)).body).toMatchObject(
          failure(400, 'parameter_error'),
        );
      expect(
        (await call('POST', '/api/admin/users/flags', { userId: 99_999, locked: true }, op)).body,
      ).toMatchObject(failure(404, 'account_not_exist'));
    });

    it('answers the invite page', async () => {
      const root = await register();
      const child = await register({ inviteCode: root.userinfo.inviteCode });
      await register({ inviteCode: child.userinfo.inviteCode });
      const res = await call('GET', '/api/user/invite', undefined, root.token);
      const invite = inviteSchema.parse(res.body.data);
      expect(invite).toEqual({ inviteCode: root.userinfo.inviteCode, firstTotal: 1, secondTotal: 1 });
      const first = await call('GET', '/api/user/invitees?generation=first', undefined, root.token);
      expect(first.body.data.list[0]?.username).toMatch(/^\w\w\*{4}\w\w$/);
    });
  });

  describe('secrets stay out of answers and logs', () => {
    it('never logs a password, token, captcha answer or code (except the embedded sender’s code line)', async () => {
      const s = await register({ email: 'logs.check@example.com' });
      const login = await call('POST', '/api/user/login', {
        username: s.userinfo.username,
        password: s.password,
      });
      const token = login.body.data.token as string;
      await call(
        'POST',
        '/api/user/changePwd',
        { oldPassword: s.password, password: 'Other9876', confirmPassword: 'Other9876' },
        token,
      );
      const drawCode = await withdrawPwdCode(token, 'logs.check@example.com');
      const drawSet = await call(
        'POST',
        '/api/user/withdrawPwd/set',
        { ...drawCode, password: 'Draw4567', confirmPassword: 'Draw4567' },
        token,
      );
      expect(drawSet.status).toBe(200);
      clock.advance(24 * 60 * MIN);
      const cap = await captcha();
      const sent = await call('POST', '/api/user/sendCode', {
        target: 'logs.check@example.com',
        purpose: 'forgetPwd',
        ...cap,
      });
      const out = await accounts.deps.uow.store.outbox.listFor('logs.check@example.com');
      const code = /\b(\d{6})\b/.exec(out[out.length - 1]!.body)![1]!;
      const { codeTicket } = sentCodeSchema.parse(sent.body.data);
      const reset = await call('POST', '/api/user/forgetPwd', {
        target: 'logs.check@example.com',
        code,
        codeTicket,
        password: 'Third4567',
        confirmPassword: 'Third4567',
      });
      expect(reset.status).toBe(200);
      const opToken = await operatorToken();

      const text = logLines.join('');
      expect(text.length).toBeGreaterThan(1000);
      for (const secret of [
        s.password,
        'Other9876',
        'Third4567',
        'Draw4567',
        s.token,
        token,
        opToken,
        operator.password,
        codeTicket,
        drawCode.codeTicket,
      ]) {
        expect(text, `log holds ${secret}`).not.toContain(secret);
      }
      // The short secrets as whole words: four letters or six digits turn up by chance inside the
      // log's times, ids and words (one run in a few hundred failed so).
      const word = (secret: string) => new RegExp(`(?<![a-z0-9])${secret}(?![a-z0-9])`, 'i');
      expect(text, `log holds ${cap.captcha}`).not.toMatch(word(cap.captcha));
      // The embedded sender says a code went to the outbox, and not which.
      expect(logLines.filter((l) => word(code).test(l) || word(drawCode.code).test(l))).toEqual([]);
      expect(logLines.some((l) => l.includes('embedded sender'))).toBe(true);
      // Nor in the database in the clear.
      const sessions = JSON.stringify(await t.db.kysely.selectFrom('sessions').selectAll().execute());
      expect(sessions).not.toContain(token);
      const users = JSON.stringify(await t.db.kysely.selectFrom('users').selectAll().execute());
      expect(users).not.toContain('Third4567');
    });

    it('publishes the account endpoints in the OpenAPI document', async () => {
      const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      for (const p of [
        '/api/user/register',
        '/api/user/login',
        '/api/user/authentication',
        '/api/admin/verifications/approve',
      ])
        expect(doc.paths).toHaveProperty([p]);
    });
  });
});
