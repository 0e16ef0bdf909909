import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, type DatabaseConnection, type QueryResult } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqlite, type Db } from '../../../server/db/connect';
import { waitingForLock } from '../../../server/db/lockWait';

const busy = () => Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
const query = CompiledQuery.raw('insert into t values (1)');

/** A connection that fails with the given errors, in turn, before it succeeds. */
const failing = (errors: Error[]) => {
  let calls = 0;
  const conn: DatabaseConnection = {
    executeQuery: <R>() => {
      calls += 1;
      const err = errors.shift();
      return err ? Promise.reject(err) : Promise.resolve({ rows: [] } as QueryResult<R>);
    },
    streamQuery: () => {
      throw new Error('not used');
    },
  };
  return { conn, calls: () => calls };
};

describe('waitingForLock', () => {
  it('runs a statement again while the lock is taken, then answers', async () => {
    const f = failing([busy(), busy(), busy()]);
    await expect(waitingForLock(f.conn, () => false).executeQuery(query)).resolves.toEqual({ rows: [] });
    expect(f.calls()).toBe(4);
  });

  it('fails at once inside a transaction: the lock is held there, so busy is real', async () => {
    const f = failing([busy()]);
    await expect(waitingForLock(f.conn, () => true).executeQuery(query)).rejects.toMatchObject({
      code: 'SQLITE_BUSY',
    });
    expect(f.calls()).toBe(1);
  });

  it('fails at once on any other error, a stale snapshot included', async () => {
    const f = failing([Object.assign(new Error('snapshot'), { code: 'SQLITE_BUSY_SNAPSHOT' })]);
    await expect(waitingForLock(f.conn, () => false).executeQuery(query)).rejects.toMatchObject({
      code: 'SQLITE_BUSY_SNAPSHOT',
    });
    expect(f.calls()).toBe(1);
  });

  it('gives up with the busy failure once its wait is over', async () => {
    const f = failing(Array.from({ length: 1000 }, busy));
    await expect(waitingForLock(f.conn, () => false, 30).executeQuery(query)).rejects.toMatchObject({
      code: 'SQLITE_BUSY',
    });
    expect(f.calls()).toBeGreaterThan(1);
  });
});

describe('a SQLite connection waiting for another writer', () => {
  let dir: string;
  let file: string;
  let other: SQLite.Database;
  let db: Db;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-wait-'));
    file = path.join(dir, 'exchange.sqlite');
    db = openSqlite(file);
    await db.kysely.schema.createTable('t').addColumn('v', 'integer').execute();
    other = new SQLite(file);
  });

  afterEach(async () => {
    other.close();
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const count = () => (other.prepare('select count(*) as n from t').get() as { n: number }).n;

  /** The other connection holds the write lock until a timer of this thread lets it go: with
   * SQLite's own busy wait the thread would sleep inside the statement, the timer could not fire,
   * and the statement would fail after five seconds. */
  const heldUntilTimer = () => {
    other.exec('begin immediate');
    other.exec('insert into t values (0)');
    let released = false;
    setTimeout(() => {
      other.exec('commit');
      released = true;
    }, 20);
    return () => released;
  };

  it('a write on its own waits without holding the thread, and lands after the other', async () => {
    const released = heldUntilTimer();
    await db.kysely.withTables<{ t: { v: number } }>().insertInto('t').values({ v: 1 }).execute();
    expect(released()).toBe(true);
    expect(count()).toBe(2);
  });

  it('a transaction waits the same way for its BEGIN IMMEDIATE', async () => {
    const released = heldUntilTimer();
    await db.kysely.transaction().execute(async (trx) => {
      expect(released()).toBe(true);
      await trx.withTables<{ t: { v: number } }>().insertInto('t').values({ v: 1 }).execute();
    });
    expect(count()).toBe(2);
  });
});
