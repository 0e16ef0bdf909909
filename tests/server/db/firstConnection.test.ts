import { afterEach, describe, expect, it } from 'vitest';
import { openPostgres, openSqlite, type Db } from '../../../server/db/connect';
import { firstConnection, retryPauseMs } from '../../../server/db/firstConnection';
import { isUnreachable } from '../../../server/db/unreachable';
import { REFUSED_URL } from '../helpers/silentServer';
import { TEST_DATABASE_URL } from '../helpers/testDb';

const opened: Db[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.close();
});
const open = (db: Db) => (opened.push(db), db);

/** A clock that the pauses move on, so thirty seconds of waiting take none. */
const fakeTime = () => {
  let now = 0;
  const pauses: number[] = [];
  return {
    pauses,
    now: () => now,
    sleep: async (ms: number) => {
      pauses.push(ms);
      now += ms;
    },
  };
};

describe('firstConnection', () => {
  it('resolves at once on a database that answers', async () => {
    const time = fakeTime();
    const retries: number[] = [];
    await firstConnection(open(openSqlite(':memory:')), {
      forMs: 30_000,
      onRetry: (_e, n) => retries.push(n),
      ...time,
    });
    expect(retries).toEqual([]);
  });

  it('tries a refused database again, saying each attempt, for forMs, then rejects with the last failure', async () => {
    const time = fakeTime();
    const retries: Array<[number, number]> = [];
    let failure: unknown;
    try {
      await firstConnection(open(openPostgres(REFUSED_URL)), {
        forMs: 30_000,
        onRetry: (err, n, next) => {
          expect(isUnreachable(err)).toBe(true);
          retries.push([n, next]);
        },
        ...time,
      });
    } catch (err) {
      failure = err;
    }
    expect(isUnreachable(failure)).toBe(true);
    expect(retries.map(([, next]) => next)).toEqual(time.pauses);
    expect(time.pauses.slice(0, 5)).toEqual([500, 1000, 2000, 4000, 5000]);
    expect(time.pauses.reduce((a, b) => a + b, 0)).toBe(30_000);
    expect(retries.map(([n]) => n)).toEqual(retries.map((_, i) => i + 1));
  });

  it('waits no longer than forMs, and not at all with 0', async () => {
    const time = fakeTime();
    await expect(
      firstConnection(open(openPostgres(REFUSED_URL)), { forMs: 0, onRetry: () => undefined, ...time }),
    ).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(time.pauses).toEqual([]);
  });

  it('grows its pause to five seconds', () => {
    expect([1, 2, 3, 4, 5, 9].map(retryPauseMs)).toEqual([500, 1000, 2000, 4000, 5000, 5000]);
  });

  it.runIf(TEST_DATABASE_URL)(
    'rejects at once a failure that waiting does not cure (no such database)',
    async () => {
      const url = new URL(TEST_DATABASE_URL!);
      url.pathname = '/no_such_database_here';
      const time = fakeTime();
      await expect(
        firstConnection(open(openPostgres(url.href)), { forMs: 30_000, onRetry: () => undefined, ...time }),
      ).rejects.toMatchObject({ code: '3D000' });
      expect(time.pauses).toEqual([]);
    },
  );
});
