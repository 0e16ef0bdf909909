import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isUnreachable, reasonOf } from '../../../server/db/unreachable';
import { isTransient } from '../../../server/db/transient';
import { AppError } from '../../../server/domain/appError';
import { REFUSED_URL, silentServer } from '../helpers/silentServer';
import { TEST_DATABASE_URL } from '../helpers/testDb';

const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });

/** What a promise rejected with. */
const failure = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('it did not fail');
};

describe('isUnreachable', () => {
  it.each([
    ['57P01', 'terminating connection due to administrator command'],
    ['57P02', 'terminating connection due to crash of another server process'],
    ['57P03', 'the database system is starting up'],
    ['53300', 'sorry, too many clients already'],
    ['08006', 'connection failure'],
    ['08001', 'could not connect'],
    ['08P01', 'protocol violation'],
    ['ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'],
    ['ECONNRESET', 'read ECONNRESET'],
    ['ETIMEDOUT', 'connect ETIMEDOUT'],
    ['EHOSTUNREACH', 'connect EHOSTUNREACH'],
    ['ENOTFOUND', 'getaddrinfo ENOTFOUND db'],
    ['EAI_AGAIN', 'getaddrinfo EAI_AGAIN db'],
    ['SQLITE_CANTOPEN', 'unable to open database file'],
    ['SQLITE_IOERR', 'disk I/O error'],
    ['SQLITE_IOERR_FSYNC', 'disk I/O error'],
  ])('is true of %s', (code, message) => {
    expect(isUnreachable(coded(code, message))).toBe(true);
  });

  it.each([
    ['23505', 'duplicate key'],
    ['23514', 'check constraint'],
    ['40P01', 'deadlock detected'],
    ['40001', 'could not serialize'],
    ['42P01', 'relation does not exist'],
    ['28P01', 'password authentication failed'],
    ['3D000', 'database does not exist'],
    ['57014', 'canceling statement due to statement timeout'],
    ['SQLITE_BUSY', 'database is locked'],
    ['SQLITE_CONSTRAINT_CHECK', 'CHECK constraint failed'],
    ['ENOENT', 'no such file'],
  ])('is false of %s, which waiting does not cure or which is not an outage', (code, message) => {
    expect(isUnreachable(coded(code, message))).toBe(false);
  });

  it('is false of faults and of what is not an error', () => {
    expect(isUnreachable(new TypeError('x is undefined'))).toBe(false);
    expect(isUnreachable(new AppError('unexpected_error'))).toBe(false);
    expect(isUnreachable(null)).toBe(false);
    expect(isUnreachable('ECONNREFUSED')).toBe(false);
    expect(isUnreachable({ code: 8006 })).toBe(false);
  });

  it('reads pg’s uncoded messages of a connection lost or a connect that timed out', () => {
    expect(isUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isUnreachable(new Error('Connection terminated'))).toBe(true);
    expect(isUnreachable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isUnreachable(new Error('Client has encountered a connection error and is not queryable'))).toBe(
      true,
    );
    expect(isUnreachable(new Error('terminated by the user'))).toBe(false);
  });

  it('follows a cause and the errors of an AggregateError', () => {
    const refused = coded('ECONNREFUSED');
    expect(isUnreachable(new Error('wrapped', { cause: refused }))).toBe(true);
    expect(isUnreachable(new AggregateError([coded('ECONNREFUSED'), refused], ''))).toBe(true);
    expect(isUnreachable(new AggregateError([new Error('no')], ''))).toBe(false);
    // A cycle of causes ends.
    const a: Error & { cause?: unknown } = new Error('a');
    a.cause = new Error('b', { cause: a });
    expect(isUnreachable(a)).toBe(false);
  });

  it('is not what transient.ts runs again: a commit cut off may have committed', () => {
    expect(isTransient(coded('ECONNRESET'))).toBe(false);
    expect(isTransient(coded('57P01'))).toBe(false);
  });
});

describe('isUnreachable of what the drivers really throw', () => {
  it('a PostgreSQL address where nothing listens', async () => {
    const pool = new pg.Pool({ connectionString: REFUSED_URL });
    const err = await failure(pool.query('select 1'));
    await pool.end();
    expect(isUnreachable(err)).toBe(true);
    expect(reasonOf(err)).toMatch(/^ECONNREFUSED connect ECONNREFUSED 127\.0\.0\.1:1$/);
  });

  it('a host name that does not resolve', async () => {
    const pool = new pg.Pool({ connectionString: 'postgres://postgres@db.invalid:5432/x' });
    const err = await failure(pool.query('select 1'));
    await pool.end();
    expect(isUnreachable(err)).toBe(true);
  });

  it('a connect that times out, and a wait for a pooled connection that does', async () => {
    const silent = await silentServer();
    try {
      const pool = new pg.Pool({ connectionString: silent.url, connectionTimeoutMillis: 100, max: 1 });
      const [connecting, waiting] = await Promise.all([
        failure(pool.query('select 1')),
        failure(pool.query('select 1')),
      ]);
      await pool.end();
      expect(isUnreachable(connecting)).toBe(true);
      expect(isUnreachable(waiting)).toBe(true);
    } finally {
      await silent.close();
    }
  });

  it('a SQLite file that cannot be opened', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unreachable-'));
    try {
      let err: unknown;
      try {
        // A folder where the file should be.
        new SQLite(dir).prepare('select 1').get();
      } catch (e) {
        err = e;
      }
      expect((err as { code?: string }).code).toBe('SQLITE_CANTOPEN');
      expect(isUnreachable(err)).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it.runIf(TEST_DATABASE_URL)('a PostgreSQL session ended by pg_terminate_backend (57P01)', async () => {
    const victim = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await victim.connect();
    const lost = new Promise<unknown>((resolve) => victim.on('error', resolve));
    const pid = (await victim.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
    const err = await lost;
    expect((err as { code?: string }).code).toBe('57P01');
    expect(isUnreachable(err)).toBe(true);
    expect(isUnreachable(await failure(victim.query('select 1')))).toBe(true);
    await victim.end().catch(() => undefined);
  });
});

describe('reasonOf', () => {
  it('puts the code first unless the message says it already', () => {
    expect(reasonOf(coded('57P03', 'the database system is starting up'))).toBe(
      '57P03 the database system is starting up',
    );
    expect(reasonOf(coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:1'))).toBe(
      'ECONNREFUSED connect ECONNREFUSED 127.0.0.1:1',
    );
    expect(reasonOf(new Error('plain'))).toBe('plain');
    expect(reasonOf('text')).toBe('text');
  });

  it('reads an AggregateError through its first error', () => {
    const agg = Object.assign(
      new AggregateError([coded('ECONNREFUSED', 'connect ECONNREFUSED ::1:5432')], ''),
      {
        code: 'ECONNREFUSED',
      },
    );
    expect(reasonOf(agg)).toBe('ECONNREFUSED connect ECONNREFUSED ::1:5432');
  });
});
