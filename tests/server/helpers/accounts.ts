import fs from 'node:fs';
import { crc32 } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { CODE_LENGTH, type CodeUse, type RegisterRequest, type Session } from '../../../protocol';
import { utcDayStart } from '../../../server/domain/accounts/deps';
import { newToken, randomDigits, sha256Hex } from '../../../server/domain/accounts/secrets';
import { buildAccountService } from '../../../server/accounts';
import type { AccountService } from '../../../server/domain/accounts';
import type { AccountSettings } from '../../../server/domain/accounts/deps';
import type { Logger } from '../../../server/domain/accounts/ports';
import type { CodeSender } from '../../../server/domain/accounts/senders';
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { createOperator } from '../../../server/domain/operators';
import type { TestDb } from './testDb';

/** 2027-01-15 10:00 UTC: a fixed start for every test clock. */
export const T0 = Date.UTC(2027, 0, 15, 10, 0, 0);

export interface TestClock {
  now: number;
  advance(ms: number): void;
}

export const testClock = (start = T0): TestClock => ({
  now: start,
  advance(ms: number) {
    this.now += ms;
  },
});

export interface LogLine {
  msg: string;
  [key: string]: unknown;
}

/** A logger that keeps its lines for assertions. */
export const memoryLog = () => {
  const lines: LogLine[] = [];
  const log: Logger = {
    info: (obj, msg) => lines.push({ ...obj, msg }),
    error: (obj, msg) => lines.push({ ...obj, msg, level: 'error' }),
  };
  return { lines, log };
};

/** The uploads folders made for this test file, removed once its tests have run: harnesses made in
 * a hook (`accountsFor`) have no test of their own to remove theirs. */
const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A fresh uploads folder. */
export const tempDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-acc-'));
  made.push(dir);
  return dir;
};

export interface AccountsHarness {
  accounts: AccountService;
  clock: TestClock;
  lines: LogLine[];
  dataDir: string;
}

/** The account rules on a test database, a controllable clock, cheap scrypt and a memory log. */
export const accountsFor = (
  t: TestDb,
  opts: { settings?: Partial<AccountSettings>; sender?: CodeSender; dataDir?: string; log?: Logger } = {},
): AccountsHarness => {
  const clock = testClock();
  const { lines, log } = memoryLog();
  const dataDir = opts.dataDir ?? tempDataDir();
  const accounts = buildAccountService({
    db: t.db,
    config: { dataDir },
    log: opts.log ?? log,
    clock: () => clock.now,
    settings: { scryptN: 1024, ...opts.settings },
    ...(opts.sender ? { sender: opts.sender } : {}),
  });
  return { accounts, clock, lines, dataDir };
};

/** A captcha id and its right answer, read straight from the repository. */
export const solvedCaptcha = async (accounts: AccountService) => {
  const { id } = await accounts.issueCaptcha();
  const stored = await accounts.deps.uow.store.captchas.peek(id);
  return { captchaId: id, captcha: stored!.answer };
};

let counter = 0;
/** A code for `purpose` sent to `email` and the ticket of its send, kept as a sent one is (sending
 * is tested on its own: here it would wait out the interval between sends, and a test's own
 * sender would get the code). It is dated the day before, so the day's count of sends to the
 * address and the wait between them stay the test's own. */
const storedCode = async (accounts: AccountService, email: string, purpose: CodeUse) => {
  const code = randomDigits(CODE_LENGTH);
  const codeTicket = newToken();
  const now = accounts.deps.clock();
  await accounts.deps.uow.store.codes.insert({
    target: email.toLowerCase(),
    purpose,
    codeHash: sha256Hex(code),
    ticketHash: sha256Hex(codeTicket),
    createdAt: utcDayStart(now) - 1,
    expiresAt: now + accounts.deps.settings.codeTtlMs,
  });
  return { code, codeTicket };
};

/** A code for registering with `email` and the ticket of its send (see storedCode). */
export const registrationCode = (accounts: AccountService, email: string) =>
  storedCode(accounts, email, 'register');

/** A code for setting or resetting the withdrawal password of `userId`, sent to its email address,
 * and the ticket of its send (see storedCode). */
const withdrawPwdCode = async (accounts: AccountService, userId: number) =>
  storedCode(accounts, (await accounts.getUser(userId)).email, 'withdrawPwd');

/** Sets the first withdrawal password of `userId`, with a code as sent to its address. */
export const setWithdrawPassword = async (accounts: AccountService, userId: number, password: string) =>
  accounts.setWithdrawPassword(userId, {
    ...(await withdrawPwdCode(accounts, userId)),
    password,
    confirmPassword: password,
  });

/** A valid registration request with unique fields, short of the emailed code and its ticket. */
export const newUserRequest = (
  over: Partial<RegisterRequest> = {},
): Omit<RegisterRequest, 'code' | 'codeTicket'> => {
  counter += 1;
  const username = over.username ?? `trader${String(counter).padStart(4, '0')}`;
  return {
    username,
    password: 'secret123',
    confirmPassword: over.password ?? 'secret123',
    email: `${username.toLowerCase()}@example.com`,
    ...over,
  };
};

export const registerUser = async (
  accounts: AccountService,
  over: Partial<RegisterRequest> = {},
): Promise<Session & { password: string }> => {
  const req = newUserRequest(over);
  const session = await accounts.register({ ...req, ...(await registrationCode(accounts, req.email)) });
  return { ...session, password: req.password };
};

/** Small whole images (1×1, the JPEG 2×2) of each accepted kind, and a refused kind and a text. */
export const IMAGES = {
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  ),
  jpeg: Buffer.from(
    '/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2MBERISGBUYLxoaL2NCOEJjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY//AABEIAAIAAgMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/ACgD/9k=',
    'base64',
  ),
  webp: Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64'),
  gif: Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64, 4)]),
  text: Buffer.from('just some text, not an image'),
};

/** The 1×1 PNG of IMAGES with its header (IHDR, and so its CRC) saying `width` × `height`: a few
 * bytes declaring any number of pixels, as a decompression bomb does. */
export const pngDeclaring = (width: number, height: number) => {
  const out = Buffer.from(IMAGES.png);
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(crc32(out.subarray(12, 29)), 29);
  return out;
};

/** A valid mainland ID card number (check digit computed). */
export const ID_CARD = '11010519491231002X';

/** A new operator (created as the CLI creates one), logged in through `app`: its session token. */
export const operatorToken = async (app: FastifyInstance, accounts: AccountService, name: string) => {
  const op = await createOperator(accounts.deps, { operatorId: null, name: 'cli:test' }, name);
  const res = await app.inject({ method: 'POST', url: '/api/admin/login', payload: op });
  return res.json().data.token as string;
};
