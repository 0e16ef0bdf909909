import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { createOperator, operatorLogin } from '../../../server/domain/operators';
import { buildApp, type AppDeps } from '../../../server/http/app';
import { accountsFor, IMAGES, registerUser, type AccountsHarness } from '../helpers/accounts';
import { forEachEngine, type TestDb } from '../helpers/testDb';
import { attemptSocket } from '../helpers/wsAttempt';
import { fakeMarket } from '../ws/fakeMarket';

const PER_CALLER = 3;
const PER_ADDRESS = 8;
const tooMany = { code: 429, msg: 'app.msg.too_many_requests', data: null };

const [[, openSqlite]] = forEachEngine();

/** The app with small allowances, behind `trustProxy` proxies. */
const limitedApp = (t: TestDb, trustProxy: false | number, deps: Omit<AppDeps, 'config' | 'db'> = {}) =>
  buildApp({
    config: {
      logLevel: 'silent',
      rateLimitPerMinute: PER_CALLER,
      rateLimitPerAddressPerMinute: PER_ADDRESS,
      webRoot: '/nonexistent',
      trustProxy,
    },
    db: t.db,
    ...deps,
  });

/** The allowances are counted in memory, whichever database is behind them: one engine is enough. */
describe('rate limits: per account, then per address', () => {
  let t: TestDb;
  let h: AccountsHarness;
  let app: FastifyInstance;
  let address = 0;
  let from: string;

  beforeAll(async () => {
    t = await openSqlite({ seed: true });
    h = accountsFor(t);
    app = await limitedApp(t, false, { accounts: h.accounts, market: fakeMarket().market });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await t?.close();
    fs.rmSync(h.dataDir, { recursive: true, force: true });
  });

  // Each case comes from an address of its own, so no case spends another's allowance.
  beforeEach(() => {
    address += 1;
    from = `10.1.0.${address}`;
  });

  const get = (url: string, token?: string) =>
    app.inject({ method: 'GET', url, remoteAddress: from, headers: token ? { token } : {} });
  const trader = async () => (await registerUser(h.accounts)).token;

  it('gives each signed-in account behind one address its own allowance', async () => {
    const [a, b] = [await trader(), await trader()];
    for (let i = 0; i < PER_CALLER; i++) expect((await get('/api/user/info', a)).statusCode).toBe(200);
    const refused = await get('/api/user/info', a);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(tooMany);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get('/api/user/info', b)).statusCode).toBe(200);
  });

  it('follows the account, not the address: a second address does not refill it', async () => {
    const a = await trader();
    for (let i = 0; i < PER_CALLER; i++) expect((await get('/api/user/info', a)).statusCode).toBe(200);
    from = '10.1.1.1';
    expect((await get('/api/user/info', a)).json()).toEqual(tooMany);
  });

  it('still bounds one address, however many accounts share it', async () => {
    const tokens = [await trader(), await trader(), await trader()];
    const answers: number[] = [];
    for (const token of tokens)
      for (let i = 0; i < PER_CALLER; i++) answers.push((await get('/api/user/info', token)).statusCode);
    expect(answers.slice(0, PER_ADDRESS)).toEqual(Array(PER_ADDRESS).fill(200));
    expect(answers.slice(PER_ADDRESS)).toEqual([429]);
  });

  it('gives made-up tokens no allowance of their own: they spend the address', async () => {
    const answers: number[] = [];
    for (let i = 0; i < PER_ADDRESS + 1; i++)
      answers.push((await get('/api/user/info', `made-up-${i}`)).statusCode);
    expect(answers.slice(0, PER_ADDRESS)).toEqual(Array(PER_ADDRESS).fill(401));
    expect(answers[PER_ADDRESS]).toBe(429);
  });

  it('counts callers not signed in by address, open routes and unknown paths alike', async () => {
    expect((await get('/api/health')).statusCode).toBe(200);
    expect((await get('/api/nowhere')).statusCode).toBe(404);
    expect((await get('/api/health')).statusCode).toBe(200);
    expect((await get('/api/nowhere')).json()).toEqual(tooMany);
    // A signed-in account behind the same address keeps its own allowance.
    expect((await get('/api/user/info', await trader())).statusCode).toBe(200);
  });

  it('counts a path written with percent-escapes as the /api route it reaches', async () => {
    const tokens = [await trader(), await trader(), await trader()];
    const answers: number[] = [];
    for (const token of tokens)
      for (const url of ['/%61pi/user/info', '/ap%69/user/info', '/api%2Fuser/info'])
        answers.push((await get(url, token)).statusCode);
    expect(answers.slice(0, PER_ADDRESS)).not.toContain(429);
    expect(answers.slice(PER_ADDRESS)).toEqual([429]);
    // Unknown, it is a catalogued 404 of /api, counted too, not the app's page.
    from = `10.1.2.${address}`;
    expect((await get('/%61pi/nowhere')).json()).toMatchObject({ code: 404 });
  });

  it('counts an operator as an account of its own', async () => {
    const actor = { operatorId: null, name: 'cli:test' };
    const { username, password } = await createOperator(h.accounts.deps, actor, `limits${address}`);
    const { token } = await operatorLogin(h.accounts.deps, { username, password }, null);
    for (let i = 0; i < PER_CALLER; i++) expect((await get('/api/admin/users', token)).statusCode).toBe(200);
    expect((await get('/api/admin/users', token)).json()).toEqual(tooMany);
    expect((await get('/api/user/info', await trader())).statusCode).toBe(200);
  });

  it('counts image uploads and reads against the account too', async () => {
    const a = await trader();
    const { id } = await h.accounts.saveUpload((await h.accounts.authenticateUser(a)).user.id, IMAGES.png);
    for (let i = 0; i < PER_CALLER; i++) expect((await get(`/api/upload/${id}`, a)).statusCode).toBe(200);
    expect((await get(`/api/upload/${id}`, a)).json()).toEqual(tooMany);
    const b = await trader();
    const upload = () =>
      app.inject({
        method: 'POST',
        url: '/api/upload',
        remoteAddress: from,
        headers: { token: b, 'content-type': 'multipart/form-data; boundary=x' },
        payload: Buffer.concat([
          Buffer.from('--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n'),
          Buffer.from('Content-Type: image/png\r\n\r\n'),
          IMAGES.png,
          Buffer.from('\r\n--x--\r\n'),
        ]),
      });
    for (let i = 0; i < PER_CALLER; i++) expect((await upload()).statusCode).toBe(200);
    expect((await upload()).json()).toEqual(tooMany);
  });

  it('counts attempts to open a socket against the address too', async () => {
    const url = `${(await app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws`;
    const sockets: WebSocket[] = [];
    const attempt = () => attemptSocket(url, sockets);
    try {
      const answers: Array<number | 'open'> = [];
      for (let i = 0; i < PER_ADDRESS + 1; i++) answers.push(await attempt());
      expect(answers).toEqual([...Array(PER_ADDRESS).fill('open'), 429]);
      // Written with an escape, the path reaches the same socket and the same count.
      expect(await attemptSocket(url.replace(/\/ws$/, '/%77s'), sockets)).toBe(429);
      from = '127.0.0.1';
      expect((await get('/api/health')).json()).toEqual(tooMany);
    } finally {
      sockets.forEach((ws) => ws.terminate());
    }
  });
});

describe('rate limits behind one proxy (TRUST_PROXY=1)', () => {
  let t: TestDb;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await openSqlite({ seed: true });
    app = await limitedApp(t, 1);
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  // The proxy appends the address it saw; whatever the client wrote before that is the client's.
  const viaProxy = (forwardedFor: string) =>
    app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('counts the address the proxy saw, whatever the client wrote in front of it', async () => {
    for (let i = 0; i < PER_CALLER; i++)
      expect((await viaProxy(`203.0.113.${i}, 198.51.100.7`)).statusCode).toBe(200);
    expect((await viaProxy('203.0.113.99, 198.51.100.7')).json()).toEqual(tooMany);
    expect((await viaProxy('198.51.100.8')).statusCode).toBe(200);
  });
});
