import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AccountService } from '../../../server/domain/accounts';
import { buildApp } from '../../../server/http/app';
import { fakeMarket } from '../ws/fakeMarket';
import { accountsFor, registerUser } from '../helpers/accounts';
import { forEachEngine, type TestDb } from '../helpers/testDb';
import { TEST_APP_CONFIG } from '../helpers/appConfig';

/** The gateway with the real account rules: a socket logged in with a token stops hearing that
 * user's private channels once the session ends over HTTP. */
describe.each(forEachEngine())('WebSocket sessions on %s', (_engine, open) => {
  let t: TestDb;
  let app: FastifyInstance;
  let accounts: AccountService;
  let url: string;

  beforeAll(async () => {
    t = await open({ seed: true });
    accounts = accountsFor(t).accounts;
    app = await buildApp({
      config: TEST_APP_CONFIG,
      db: t.db,
      logger: false,
      accounts,
      market: fakeMarket().market,
    });
    url = `${(await app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws`;
  });

  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  const connect = async (token: string) => {
    const ws = new WebSocket(url);
    const messages: Array<{ op?: string; msg?: string }> = [];
    ws.on('message', (d) => messages.push(JSON.parse(d.toString())));
    await new Promise((r) => ws.once('open', r));
    ws.send(JSON.stringify({ op: 'auth', token }));
    ws.send(JSON.stringify({ op: 'sub', ch: ['orders', 'balances'] }));
    ws.send(JSON.stringify({ op: 'ping', ts: 1 }));
    const waitFor = async (pred: () => boolean) => {
      const until = Date.now() + 5000;
      while (!pred()) {
        if (Date.now() > until) throw new Error(`timed out: ${JSON.stringify(messages)}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    await waitFor(() => messages.some((m) => m.op === 'pong'));
    return {
      ws,
      messages,
      waitFor,
      errors: () => messages.filter((m) => m.op === 'error').map((m) => m.msg),
    };
  };

  it('tells a socket its session ended on logout and refuses its private channels after', async () => {
    const out = await registerUser(accounts);
    const staying = await registerUser(accounts);
    const a = await connect(out.token);
    const b = await connect(staying.token);
    expect(a.errors()).toEqual([]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { token: out.token },
      payload: {},
    });
    expect(res.json()).toMatchObject({ code: 1 });
    await a.waitFor(() => a.errors().length === 1);
    expect(a.errors()).toEqual(['app.msg.session_expired']);
    a.ws.send(JSON.stringify({ op: 'sub', ch: ['orders'] }));
    await a.waitFor(() => a.errors().length === 2);
    expect(a.errors()[1]).toBe('app.msg.not_logged_in');
    // The other user's socket goes on as it was.
    b.ws.send(JSON.stringify({ op: 'ping', ts: 2 }));
    await b.waitFor(() => b.messages.filter((m) => m.op === 'pong').length === 2);
    expect(b.errors()).toEqual([]);
    a.ws.terminate();
    b.ws.terminate();
  });
});
