import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { TableNode } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqlite, type Db } from '../../../../server/db/connect';
import { migrate } from '../../../../server/db/migrate';
import { balanceCache, type BalanceCache, type KeptStore } from '../../../../server/db/repos/balanceCache';
import { AppError } from '../../../../server/domain/appError';
import { createLedger } from '../../../../server/domain/ledger/ledger';
import { openLedgerSession } from '../../../../server/domain/ledger/post';
import type { AccountKey } from '../../../../server/domain/ledger/ports';
import type { Movement } from '../../../../server/domain/ledger/types';

/** Counts the statements that read the balances table. */
class BalanceReads implements KyselyPlugin {
  n = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node;
    if (node.kind === 'SelectQueryNode') {
      const from = node.from?.froms[0];
      if (from && TableNode.is(from) && from.table.identifier.name === 'balances') this.n++;
    }
    return node;
  }
  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}

const move = (userId: number, asset: string, available: bigint): Movement => ({
  userId,
  asset,
  available,
  frozen: 0n,
  type: 'app.data.demo_funding',
  ref: 'test',
});

const USDT = (userId: number): AccountKey => ({ userId, asset: 'USDT' });
const BTC = (userId: number): AccountKey => ({ userId, asset: 'BTC' });

describe('balances kept between one SQLite connection’s transactions', () => {
  let dir: string;
  /** The connection that keeps balances, and another on the same file (the main thread's, say). */
  let own: Db;
  let other: Db;
  let reads: BalanceReads;
  let kept: BalanceCache;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balance-cache-'));
    own = openSqlite(path.join(dir, 'db.sqlite'));
    await migrate(own);
    other = openSqlite(path.join(dir, 'db.sqlite'));
    reads = new BalanceReads();
    kept = balanceCache();
  });
  afterEach(async () => {
    await own.close();
    await other.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A transaction on the keeping connection through its store, sealed and committed unless
   * `fail` (thrown after the work, so the transaction rolls back) or `unsealed`. */
  const inTransaction = async <T>(
    work: (store: KeptStore) => Promise<T>,
    opts: { fail?: boolean; unsealed?: boolean; cache?: BalanceCache } = {},
  ): Promise<T> => {
    let store: KeptStore | undefined;
    const out = await own.kysely
      .withPlugin(reads)
      .transaction()
      .execute(async (trx) => {
        store = (opts.cache ?? kept).open(trx);
        const value = await work(store);
        if (!opts.unsealed) await store.seal();
        if (opts.fail) throw new Error('rolled back');
        return value;
      })
      .catch((err: unknown) => {
        if (!opts.fail) throw err;
        return undefined as T;
      });
    if (!opts.fail) store!.committed();
    return out;
  };

  /** Posts through a ledger session on the keeping connection's store. */
  const post = (movements: Movement[], opts?: Parameters<typeof inTransaction>[1]) =>
    inTransaction(async (store) => {
      const session = openLedgerSession(store);
      await session.post(movements, 1);
      await session.flush();
    }, opts);

  /** What the store answers for `keys`, and how many reads of the table that took. */
  const lock = async (keys: AccountKey[], cache?: BalanceCache) => {
    const before = reads.n;
    const found = await inTransaction((store) => store.lock(keys), { cache });
    return {
      found: Object.fromEntries([...found].map(([k, b]) => [k, b.available])),
      reads: reads.n - before,
    };
  };

  it('serves what a committed transaction read or wrote to the next without reading it again', async () => {
    await createLedger(own).post([move(1, 'USDT', 500n)]);
    expect(await lock([USDT(1), BTC(1)])).toEqual({ found: { '1:USDT': 500n, '1:BTC': 0n }, reads: 1 });
    await post([move(1, 'USDT', -200n), move(1, 'BTC', 3n)]);
    expect(await lock([USDT(1), BTC(1)])).toEqual({ found: { '1:USDT': 300n, '1:BTC': 3n }, reads: 0 });
    // An account it has not met is read, alone.
    expect(await lock([USDT(1), USDT(2)])).toEqual({ found: { '1:USDT': 300n, '2:USDT': 0n }, reads: 1 });
  });

  it('reads everything again once another connection has committed, and sees its change', async () => {
    await post([move(1, 'USDT', 500n)]);
    expect((await lock([USDT(1)])).reads).toBe(0);
    await createLedger(other).post([move(1, 'USDT', -450n)]);
    expect(await lock([USDT(1)])).toEqual({ found: { '1:USDT': 50n }, reads: 1 });
    // Another connection's transaction that wrote nothing and rolled back moves nothing.
    await other.kysely
      .transaction()
      .execute(async (trx) => {
        await trx.selectFrom('balances').selectAll().execute();
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect((await lock([USDT(1)])).reads).toBe(0);
  });

  it('reads again once this connection has written by another path (a plain ledger post)', async () => {
    await post([move(1, 'USDT', 500n)]);
    await createLedger(own).post([move(1, 'USDT', -500n)]);
    expect(await lock([USDT(1)])).toEqual({ found: { '1:USDT': 0n }, reads: 1 });
  });

  it('keeps nothing a transaction wrote unless it committed, sealed', async () => {
    await post([move(1, 'USDT', 500n)]);
    await post([move(1, 'USDT', 1000n)], { fail: true });
    expect(await lock([USDT(1)])).toEqual({ found: { '1:USDT': 500n }, reads: 1 });
    await post([move(1, 'USDT', 1n)], { unsealed: true });
    expect(await lock([USDT(1)])).toEqual({ found: { '1:USDT': 501n }, reads: 1 });
  });

  it('a transaction that never compared keeps only what it wrote itself', async () => {
    await post([move(1, 'USDT', 500n), move(2, 'USDT', 500n)]);
    await createLedger(other).post([move(2, 'USDT', -500n)]);
    // Writes without reading through the store first (its session read nothing: it locks only to
    // read, and this post is the store's save alone).
    await inTransaction(async (store) => {
      await store.save([{ userId: 1, asset: 'USDT', available: 7n, frozen: 0n }], 1);
    });
    expect(await lock([USDT(1), USDT(2)])).toEqual({ found: { '1:USDT': 7n, '2:USDT': 0n }, reads: 1 });
  });

  it('answers what its own transaction wrote, before it commits', async () => {
    await post([move(1, 'USDT', 500n)]);
    const seen = await inTransaction(async (store) => {
      await store.save([{ userId: 1, asset: 'USDT', available: 9n, frozen: 1n }], 1);
      return store.lock([USDT(1)]);
    });
    expect(seen.get('1:USDT')).toEqual({ available: 9n, frozen: 1n });
    expect((await lock([USDT(1)])).found).toEqual({ '1:USDT': 9n });
  });

  it('keeps at most its limit, dropping the account read or written longest ago', async () => {
    const small = balanceCache(2);
    await lock([USDT(1), USDT(2)], small);
    await post([move(1, 'USDT', 5n)], { cache: small });
    await lock([USDT(3)], small);
    expect((await lock([USDT(1)], small)).reads).toBe(0);
    expect((await lock([USDT(2)], small)).reads).toBe(1);
  });

  it('always answers what the database holds, whoever wrote it and whatever rolled back', async () => {
    const accounts = [USDT(1), BTC(1), USDT(2), BTC(2)];
    const step = fc.record({
      by: fc.constantFrom('kept', 'kept-fails', 'kept-unsealed', 'own-plain', 'other'),
      account: fc.nat(accounts.length - 1),
      amount: fc.bigInt(-300n, 300n),
    });
    const truth = async () => {
      const rows = await other.kysely
        .selectFrom('balances')
        .select(['user_id', 'asset', 'available'])
        .execute();
      const out: Record<string, bigint> = {};
      for (const k of accounts) out[`${k.userId}:${k.asset}`] = 0n;
      for (const r of rows) out[`${r.user_id}:${r.asset}`] = BigInt(r.available);
      return out;
    };
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        for (const s of steps) {
          const k = accounts[s.account]!;
          const m = [move(k.userId, k.asset, s.amount)];
          try {
            if (s.by === 'own-plain') await createLedger(own).post(m);
            else if (s.by === 'other') await createLedger(other).post(m);
            else await post(m, { fail: s.by === 'kept-fails', unsealed: s.by === 'kept-unsealed' });
          } catch (err) {
            if (!(err instanceof AppError)) throw err;
          }
          expect((await lock(accounts)).found).toEqual(await truth());
        }
      }),
      { numRuns: 40 },
    );
  });
});
