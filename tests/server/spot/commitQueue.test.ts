import { afterEach, describe, expect, it, vi } from 'vitest';
import { openSqlite, type Db } from '../../../server/db/connect';
import { AppError } from '../../../server/domain/appError';
import { CommitQueue } from '../../../server/spot/commitQueue';

interface Ctx {
  done: string[];
}

/** A queue whose batches record the jobs that ran in them and what `finish` wrote. */
const setup = (db: Db, failFirst?: Error, durable: () => Promise<void> = () => Promise.resolve()) => {
  const log = {
    batches: [] as string[][],
    committed: [] as string[][],
    aborts: 0,
    publishErrors: [] as unknown[],
  };
  let fail = failFirst;
  const queue = new CommitQueue<Ctx>({
    db: db.kysely,
    begin: () => ({ done: [] }),
    finish: async (ctx) => {
      if (fail) {
        const err = fail;
        fail = undefined;
        throw err;
      }
      log.batches.push(ctx.done);
    },
    committed: (ctx) => void log.committed.push(ctx.done),
    onAbort: async () => void (log.aborts += 1),
    afterBatch: () => undefined,
    durable,
    onPublishError: (err) => void log.publishErrors.push(err),
  });
  const job = (name: string) => queue.push(async (ctx) => (ctx.done.push(name), { value: name }));
  return { log, queue, job };
};

describe('commit queue', () => {
  let db: Db;
  afterEach(async () => db.close());

  it('answers and publishes a batch once it is on disk, running the next batch meanwhile', async () => {
    db = openSqlite(':memory:');
    // Each batch's flush finishes only when the test says so.
    const flushes: Array<() => void> = [];
    const { log, queue } = setup(db, undefined, () => new Promise<void>((r) => flushes.push(r)));
    const answered: string[] = [];
    const published: string[] = [];
    const place = (name: string) =>
      queue
        .push(async (ctx) => {
          ctx.done.push(name);
          return { value: name, publish: () => void published.push(name) };
        })
        .then((v) => void answered.push(v));
    const a = place('a');
    await vi.waitFor(() => expect(flushes).toHaveLength(1));
    // Committed, not yet on disk: nobody has heard of it, and the next command still runs.
    const b = place('b');
    await vi.waitFor(() => expect(flushes).toHaveLength(2));
    expect(log.batches).toEqual([['a'], ['b']]);
    expect(answered).toEqual([]);
    expect(published).toEqual([]);
    flushes[0]!();
    await a;
    expect(answered).toEqual(['a']);
    expect(published).toEqual(['a']);
    flushes[1]!();
    await b;
    await queue.idle();
    expect(answered).toEqual(['a', 'b']);
    expect(published).toEqual(['a', 'b']);
  });

  it('tells no one of a batch whose flush failed', async () => {
    db = openSqlite(':memory:');
    const disk = new Error('fdatasync failed');
    const { log, queue } = setup(db, undefined, () => Promise.reject(disk));
    const published: string[] = [];
    const placed = queue.push(async (ctx) => {
      ctx.done.push('a');
      return { value: 'a', publish: () => void published.push('a') };
    });
    await expect(placed).rejects.toBe(disk);
    expect(published).toEqual([]);
    expect(log.publishErrors).toEqual([disk]);
  });

  it('runs the commands that arrive together in one transaction, in arrival order', async () => {
    db = openSqlite(':memory:');
    const { log, job } = setup(db);
    expect(await Promise.all([job('a'), job('b'), job('c')])).toEqual(['a', 'b', 'c']);
    expect(log.batches).toEqual([['a', 'b', 'c']]);
    expect(await job('d')).toBe('d');
    expect(log.batches).toEqual([['a', 'b', 'c'], ['d']]);
  });

  it('runs a command pushed by the caller of the last one as soon as that one is answered', async () => {
    db = openSqlite(':memory:');
    const { log, job } = setup(db);
    // The caller places its next command straight from the answer, before any I/O: the queue must
    // not take it for one its finishing drain will still run.
    const next = job('a').then(() => job('b'));
    const stranded = new Promise((resolve) => setTimeout(() => resolve('stranded'), 500));
    expect(await Promise.race([next, stranded])).toBe('b');
    expect(log.batches).toEqual([['a'], ['b']]);
  });

  it('answers every command of a committed batch when a publish fails, and goes on', async () => {
    db = openSqlite(':memory:');
    const { log, queue, job } = setup(db);
    const broken = new Error('listener failed');
    const published: string[] = [];
    const publishing = (name: string, fail = false) =>
      queue.push(async (ctx) => {
        ctx.done.push(name);
        return {
          value: name,
          publish: () => {
            if (fail) throw broken;
            published.push(name);
          },
        };
      });
    expect(await Promise.all([publishing('a'), publishing('b', true), publishing('c')])).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(published).toEqual(['a', 'c']);
    expect(log.publishErrors).toEqual([broken]);
    expect(await job('d')).toBe('d');
    expect(log.batches).toEqual([['a', 'b', 'c'], ['d']]);
  });

  it('refuses a command alone when it fails with a catalogued error', async () => {
    db = openSqlite(':memory:');
    const { log, queue, job } = setup(db);
    const refused = queue.push(async () => {
      throw new AppError('insufficient_balance');
    });
    const results = await Promise.allSettled([job('a'), refused, job('b')]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(log.batches).toEqual([['a', 'b']]);
  });

  it('runs a batch again when its transaction was a deadlock victim', async () => {
    db = openSqlite(':memory:');
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    const { log, job } = setup(db, deadlock);
    expect(await Promise.all([job('a'), job('b')])).toEqual(['a', 'b']);
    expect(log.aborts).toBe(1);
    expect(log.batches).toEqual([['a', 'b']]);
    // Only the run that committed is told of.
    expect(log.committed).toEqual([['a', 'b']]);
  });

  it('fails the whole batch on any other error, once, after rebuilding', async () => {
    db = openSqlite(':memory:');
    const { log, job } = setup(db, new Error('disk full'));
    const results = await Promise.allSettled([job('a'), job('b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(log.aborts).toBe(1);
    expect(log.batches).toEqual([]);
    expect(log.committed).toEqual([]);
    expect(await job('c')).toBe('c');
    expect(log.committed).toEqual([['c']]);
  });
  it('calls `prepare` once a batch, before any command runs, with the hints its commands gave (none for some)', async () => {
    db = openSqlite(':memory:');
    const batches: string[][] = [];
    const queue = new CommitQueue<Ctx, string>({
      db: db.kysely,
      begin: () => ({ done: [] }),
      prepare: async (ctx, hints) => void ctx.done.push(`prepare ${hints.join(' ')}`),
      finish: async (ctx) => void batches.push(ctx.done),
      onAbort: async () => undefined,
      afterBatch: () => undefined,
      durable: () => Promise.resolve(),
      onPublishError: () => undefined,
    });
    const job = (name: string, hint?: string) =>
      queue.push(async (ctx) => (ctx.done.push(name), { value: name }), hint);
    await Promise.all([job('a', 'x'), job('b'), job('c', 'y')]);
    await job('d');
    expect(batches).toEqual([
      ['prepare x y', 'a', 'b', 'c'],
      ['prepare ', 'd'],
    ]);
  });
});
