import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openSqlite, type Db } from '../../../server/db/connect';
import { walFlusher } from '../../../server/db/walFlush';

type Notes = { notes: { id: number; body: string } };

let dir: string;
const dbs: Db[] = [];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wal-flush-'));
});

afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(dbs.splice(0).map((db) => db.close()));
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Every fdatasync the process starts, by the file it flushes, each finishing only when the
 * test says so (`finish`), or at once with `passThrough`. */
const watchFlushes = (passThrough = false) => {
  const started: string[] = [];
  const pending: Array<() => void> = [];
  const real = fs.fdatasync;
  vi.spyOn(fs, 'fdatasync').mockImplementation(((
    fd: number,
    cb: (err: NodeJS.ErrnoException | null) => void,
  ) => {
    started.push(fs.readlinkSync(`/proc/self/fd/${fd}`));
    if (passThrough) real(fd, cb);
    else pending.push(() => cb(null));
  }) as typeof fs.fdatasync);
  return { started, finish: () => pending.shift()!() };
};

const openNotes = async (opts?: Parameters<typeof openSqlite>[1]) => {
  const db = openSqlite(path.join(dir, 'exchange.db'), opts);
  dbs.push(db);
  const notes = db.kysely.withTables<Notes>();
  await notes.schema
    .createTable('notes')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('body', 'text', (c) => c.notNull())
    .execute();
  return { db, notes };
};

/** Lets promise callbacks and I/O callbacks run. */
const settleLoop = () => new Promise((r) => setTimeout(r, 20));

describe('the write-ahead log flush', () => {
  it('runs two flushes at once; callers that come while two run share the next, begun after them', async () => {
    const file = path.join(dir, 'x.db');
    fs.writeFileSync(`${file}-wal`, '');
    const flushes = watchFlushes();
    const wal = walFlusher(file);
    const done: string[] = [];
    const first = wal.flush().then(() => done.push('first'));
    const second = wal.flush().then(() => done.push('second'));
    await settleLoop();
    // The second caller does not wait for the rest of the first flush: its own runs beside it.
    expect(flushes.started).toHaveLength(2);

    const later = [wal.flush(), wal.flush(), wal.flush()].map((p) => p.then(() => done.push('later')));
    await settleLoop();
    expect(flushes.started).toHaveLength(2);

    flushes.finish();
    await first;
    await settleLoop();
    // What the later callers committed may not have been in either running flush: one more
    // starts as soon as one of them ends, shared by all three.
    expect(done).toEqual(['first']);
    expect(flushes.started).toHaveLength(3);

    flushes.finish();
    await second;
    flushes.finish();
    await Promise.all(later);
    expect(done).toEqual(['first', 'second', 'later', 'later', 'later']);
    expect(flushes.started).toHaveLength(3);
    wal.close();
  });

  it('answers a write only once the log holding it is flushed; reads wait for nothing', async () => {
    const { db, notes } = await openNotes();
    expect(
      (await sql<{ synchronous: number }>`pragma synchronous`.execute(db.kysely)).rows[0]!.synchronous,
    ).toBe(1);
    const flushes = watchFlushes();
    let written = false;
    const write = notes
      .insertInto('notes')
      .values({ id: 1, body: 'first' })
      .execute()
      .then(() => (written = true));
    await settleLoop();
    expect(flushes.started).toEqual([path.join(dir, 'exchange.db-wal')]);
    expect(written).toBe(false);
    // The connection is free meanwhile: a read sees the committed row at once, with no flush.
    expect(await notes.selectFrom('notes').select('body').execute()).toEqual([{ body: 'first' }]);
    expect(flushes.started).toHaveLength(1);

    flushes.finish();
    await write;
    expect(written).toBe(true);
  });

  it('flushes a transaction once, after its commit, and not a read-only one', async () => {
    const { db, notes } = await openNotes();
    const flushes = watchFlushes(true);
    await db.kysely.transaction().execute(async (trx) => {
      const t = trx.withTables<Notes>();
      await t.insertInto('notes').values({ id: 1, body: 'a' }).execute();
      await t.insertInto('notes').values({ id: 2, body: 'b' }).execute();
      expect(flushes.started).toHaveLength(0);
    });
    expect(flushes.started).toHaveLength(1);
    await db.kysely.transaction().execute(async (trx) => {
      await trx.withTables<Notes>().selectFrom('notes').selectAll().execute();
    });
    await notes.selectFrom('notes').selectAll().execute();
    expect(flushes.started).toHaveLength(1);
  });
  it('counts the transactions and lone statements that wrote, as each ends; reads count nothing', async () => {
    const { db: other } = await openNotes({ deferFlush: true });
    const notes = other.kysely.withTables<Notes>();
    const before = other.writes();
    await other.kysely.transaction().execute(async (trx) => {
      const t = trx.withTables<Notes>();
      await t.insertInto('notes').values({ id: 1, body: 'a' }).execute();
      await t.insertInto('notes').values({ id: 2, body: 'b' }).execute();
      // Not ended yet: a flush asked for now need not cover it.
      expect(other.writes()).toBe(before);
    });
    expect(other.writes()).toBe(before + 1);
    await notes.insertInto('notes').values({ id: 3, body: 'c' }).execute();
    expect(other.writes()).toBe(before + 2);
    await notes.selectFrom('notes').selectAll().execute();
    await other.kysely
      .transaction()
      .execute((trx) => trx.withTables<Notes>().selectFrom('notes').selectAll().execute());
    expect(other.writes()).toBe(before + 2);
    // A transaction that wrote and rolled back counts too: a flush more, never one fewer.
    await expect(
      other.kysely.transaction().execute(async (trx) => {
        await trx.withTables<Notes>().insertInto('notes').values({ id: 4, body: 'd' }).execute();
        throw new Error('changed its mind');
      }),
    ).rejects.toThrow('changed its mind');
    expect(other.writes()).toBe(before + 3);
  });

  it('answers a larger count at every call where it keeps none (in memory), so every caller flushes', async () => {
    const memory = openSqlite(':memory:');
    dbs.push(memory);
    const first = memory.writes();
    expect(memory.writes()).toBeGreaterThan(first);
  });

  it("flushes, on another connection's behalf, what that connection committed without a flush", async () => {
    const { db: main } = await openNotes();
    const other = openSqlite(path.join(dir, 'exchange.db'), { deferFlush: true });
    dbs.push(other);
    const flushes = watchFlushes();
    await other.kysely.withTables<Notes>().insertInto('notes').values({ id: 1, body: 'deferred' }).execute();
    expect(flushes.started).toHaveLength(0);

    let flushed = false;
    const done = main.flushLog().then(() => (flushed = true));
    await settleLoop();
    expect(flushes.started).toEqual([path.join(dir, 'exchange.db-wal')]);
    expect(flushed).toBe(false);
    flushes.finish();
    await done;
    expect(flushed).toBe(true);
  });
});

describe('a flush that fails', () => {
  it('is reported before the write it held is answered, and the write is not answered as done', async () => {
    const heard: string[] = [];
    const { notes } = await openNotes({ onFlushFailure: (err) => heard.push(`halt: ${String(err)}`) });
    vi.spyOn(fs, 'fdatasync').mockImplementation(((
      _fd: number,
      cb: (err: NodeJS.ErrnoException | null) => void,
    ) => cb(Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' }))) as typeof fs.fdatasync);
    await notes
      .insertInto('notes')
      .values({ id: 1, body: 'lost?' })
      .execute()
      .then(
        () => heard.push('answered'),
        () => heard.push('failed'),
      );
    expect(heard).toEqual(['halt: Error: EIO: i/o error, fdatasync', 'failed']);
  });

  it('stops the server’s process at once, by default, before the write is answered either way', () => {
    const file = path.join(dir, 'exchange.db');
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'flushFailureProcess.ts'), file],
      { encoding: 'utf8', timeout: 30_000 },
    );
    expect(child.stdout).toBe('first\n');
    expect(child.signal).toBe('SIGKILL');
    expect(child.stderr).toContain("FATAL: the database's write-ahead log could not be flushed to disk");
  });
});

describe('checkpoints on their own thread', () => {
  it('copy the log into the database file while the writer never checkpoints itself', async () => {
    const errors: string[] = [];
    const { db, notes } = await openNotes({ backgroundCheckpoints: (m) => errors.push(m) });
    expect(
      (await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db.kysely)).rows[0]!
        .wal_autocheckpoint,
    ).toBeGreaterThanOrEqual(10_000);
    const file = path.join(dir, 'exchange.db');
    const before = fs.statSync(file).size;
    const body = 'x'.repeat(1000);
    for (let i = 0; i < 20; i++) {
      await notes
        .insertInto('notes')
        .values(Array.from({ length: 50 }, (_, k) => ({ id: i * 50 + k + 1, body })))
        .execute();
    }
    // A megabyte written: far below the writer's own threshold, so only the thread copies it.
    await vi.waitFor(() => expect(fs.statSync(file).size).toBeGreaterThan(before + 1_000_000), {
      timeout: 5000,
    });
    expect(errors).toEqual([]);
  });
});
