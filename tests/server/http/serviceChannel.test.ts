import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { SERVICE_CHANNEL, serviceChannelMessageSchema } from '../../../protocol';
import { runDefiCommand } from '../../../server/admin/defi';
import { cliActor } from '../../../server/admin/cliActor';
import { replyToUser } from '../../../server/content/admin';
import { buildApp } from '../../../server/http/app';
import { fakeMarket } from '../ws/fakeMarket';
import { accountsFor, registerUser } from '../helpers/accounts';
import { TEST_APP_CONFIG } from '../helpers/appConfig';
import { listeningSocket, until } from '../helpers/listeningSocket';
import { apiCaller } from '../helpers/inject';
import { forEachEngine, type TestDb } from '../helpers/testDb';

/** A socket that keeps what it hears, and the service channel's messages among them. */
const socket = async (url: string) => {
  const s = await listeningSocket(url);
  const service = () => s.on(SERVICE_CHANNEL).map((m) => serviceChannelMessageSchema.parse(m));
  return { ...s, service };
};

describe.each(forEachEngine())('the private service channel on %s', (_engine, open) => {
  let t: TestDb;
  let app: FastifyInstance;
  let url: string;
  const users: Array<{ id: number; token: string }> = [];
  const opened: WebSocket[] = [];

  beforeAll(async () => {
    t = await open({ seed: true });
    const { accounts } = accountsFor(t);
    app = await buildApp({
      config: TEST_APP_CONFIG,
      db: t.db,
      logger: false,
      accounts,
      market: fakeMarket().market,
      serviceTailMs: 20,
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    url = `${address.replace('http', 'ws')}/ws`;
    for (let i = 0; i < 2; i++) {
      const s = await registerUser(accounts);
      users.push({ id: s.userinfo.id, token: s.token });
    }
  });

  afterAll(async () => {
    for (const ws of opened) ws.terminate();
    await app?.close();
    await t?.close();
  });

  /** A socket logged in as `user` (or not at all) and subscribed to the service channel. */
  const listener = async (user?: { token: string }) => {
    const s = await socket(url);
    opened.push(s.ws);
    if (user) s.send({ op: 'auth', token: user.token });
    s.send({ op: 'sub', ch: [SERVICE_CHANNEL] });
    await s.settled();
    return s;
  };

  const call = apiCaller(() => app);

  it('refuses a socket that has not logged in, as every private channel', async () => {
    const anonymous = await listener();
    expect(anonymous.heard).toContainEqual({
      op: 'error',
      msg: 'app.msg.not_logged_in',
      ch: SERVICE_CHANNEL,
    });
  });

  it('brings the owner each message of their thread once written, and no one else', async () => {
    const [ann, bob] = users as [(typeof users)[0], (typeof users)[0]];
    const annTab = await listener(ann);
    const annOtherTab = await listener(ann);
    const bobTab = await listener(bob);
    const anonymous = await listener();
    expect(annTab.heard.filter((m) => 'op' in m && m.op === 'error')).toEqual([]);

    // Written in one tab: the other hears it.
    const sent = await call('POST', '/api/service/send', {
      token: ann.token,
      payload: { body: 'Where is my deposit?' },
    });
    expect(sent.statusCode).toBe(200);
    await until(() => annOtherTab.service().length === 1);
    expect(annOtherTab.service()[0]!.data).toMatchObject({ from: 'user', body: 'Where is my deposit?' });

    // Answered by the operator's own function, as the API calls it.
    await replyToUser(t.db, cliActor(), ann.id, 'It is confirming.');
    // Answered from the operator CLI, a process of its own as far as this server knows.
    const lines: string[] = [];
    const cli = await runDefiCommand({ db: t.db, out: (l) => lines.push(l) }, [
      'service',
      'reply',
      String(ann.id),
      'Confirmed now.',
    ]);
    expect(cli, lines.join('\n')).toBe(0);
    await until(() => annTab.service().length === 3);

    const thread = (await call('GET', '/api/service/messages', { token: ann.token })).json().data;
    // What was pushed is what the thread now answers, in its order.
    expect(annTab.service().map((m) => m.data)).toEqual(thread);
    expect(thread.map((m: { from: string }) => m.from)).toEqual(['user', 'operator', 'operator']);
    await until(() => annOtherTab.service().length === 3);

    // Bob's and the anonymous socket heard none of it, even after the tail had time to say more.
    await new Promise((r) => setTimeout(r, 100));
    await bobTab.settled();
    expect(bobTab.service()).toEqual([]);
    expect(anonymous.service()).toEqual([]);
    expect(annTab.service()).toHaveLength(3);
  });
});
