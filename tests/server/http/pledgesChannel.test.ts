import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pledgeRecordSchema } from '../../../protocol';
import { openDb, type Db } from '../../../server/db/connect';
import { buildApp } from '../../../server/http/app';
import { fakeMarket } from '../ws/fakeMarket';
import { accountsFor, registerUser } from '../helpers/accounts';
import { TEST_APP_CONFIG } from '../helpers/appConfig';
import { listeningSocket, until } from '../helpers/listeningSocket';
import { forEachSharedEngine, type SharedTestDb } from '../helpers/testDb';
import { stakingHarness, UNIT } from '../staking/helpers';

describe.each(forEachSharedEngine())('the private pledges channel on %s', (_engine, open) => {
  let t: SharedTestDb;
  let other: Db;
  let app: FastifyInstance;
  let url: string;

  beforeAll(async () => {
    t = await open({ seed: true });
    // The operator CLI, as far as this server knows: a process with a connection of its own.
    other = openDb(t.database);
    app = await buildApp({
      config: TEST_APP_CONFIG,
      db: t.db,
      logger: false,
      accounts: accountsFor(t).accounts,
      market: fakeMarket().market,
      journalTailMs: 20,
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    url = `${address.replace('http', 'ws')}/ws`;
  });

  afterAll(async () => {
    await app?.close();
    await other?.close();
    await t?.close();
  });

  it("brings the owner a pledge's new record when another process releases its income", async () => {
    const session = await registerUser(accountsFor(t).accounts);
    const userId = session.userinfo.id;
    await t.db.kysely.updateTable('users').set({ certification: 2 }).where('id', '=', userId).execute();
    const cli = stakingHarness({ ...t, db: other });
    await cli.fundHouse('USDT', 1_000n * UNIT);
    await cli.ledger.post([
      { userId, asset: 'USDT', available: 100n * UNIT, frozen: 0n, type: 'app.data.deposit', ref: 'test' },
    ]);
    const pledge = await cli.staking.pledge({ id: userId, certification: 2 }, await cli.product(), '10');

    const tab = await listeningSocket(url);
    tab.send({ op: 'auth', token: session.token });
    tab.send({ op: 'sub', ch: ['pledges', 'balances'] });
    await tab.settled();
    expect(tab.heard.filter((m) => 'op' in m && m.op === 'error')).toEqual([]);

    cli.advanceDays(1);
    expect(await cli.staking.accrue()).toMatchObject({ days: 1, failed: 0 });
    await until(() => tab.on('pledges').length === 1);
    const heard = pledgeRecordSchema.parse((tab.on('pledges')[0] as { data: unknown }).data);
    expect(heard).toMatchObject({ id: pledge.id, daysPaid: 1, cumulativeIncome: '0.05000000' });
    await until(() => tab.on('balances').length > 0);
    tab.ws.terminate();
  });
});
