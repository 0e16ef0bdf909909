import { afterEach, describe, expect, it } from 'vitest';
import { openPostgres, type Db } from '../../../server/db/connect';
import { databaseProbe, ProbeTimeout } from '../../../server/db/probe';
import { isUnreachable } from '../../../server/db/unreachable';
import { REFUSED_URL, silentServer } from '../helpers/silentServer';
import { forEachEngine, useTestDb } from '../helpers/testDb';

/** The Db with its queries counted. */
const counted = (inner: Db) => {
  let queries = 0;
  const kysely = inner.kysely.withPlugin({
    transformQuery: (args) => {
      queries += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  return { db: { ...inner, kysely }, queries: () => queries };
};

describe.each(forEachEngine())('databaseProbe on %s', (_engine, open) => {
  const t = useTestDb(open, { migrate: false });

  it('answers up, and asks the database at most once per cacheMs however often it is asked', async () => {
    let now = 0;
    const s = counted(t().db);
    const probe = databaseProbe(s.db, { cacheMs: 1000, now: () => now });
    const answers = await Promise.all(Array.from({ length: 50 }, () => probe()));
    expect(answers.every((a) => a.up)).toBe(true);
    for (let i = 0; i < 20; i++) {
      now += 40;
      expect((await probe()).up).toBe(true);
    }
    expect(s.queries()).toBe(1);
    now += 1000;
    await probe();
    expect(s.queries()).toBe(2);
  });
});

describe('databaseProbe of a database out of reach', () => {
  const closing: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const c of closing.splice(0)) await c();
  });

  it('answers down with the failure when the connection is refused', async () => {
    const db = openPostgres(REFUSED_URL);
    closing.push(() => db.close());
    const result = await databaseProbe(db)();
    expect(result.up).toBe(false);
    expect(isUnreachable(result.error)).toBe(true);
  });

  it('answers down after timeoutMs when the database does not answer, and never piles up queries', async () => {
    const silent = await silentServer();
    const db = openPostgres(silent.url);
    closing.push(
      () => silent.close(),
      () => db.close(),
    );
    let now = 0;
    const probe = databaseProbe(db, { timeoutMs: 50, cacheMs: 1000, now: () => now });
    const started = Date.now();
    const first = await probe();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(first.up).toBe(false);
    expect(first.error).toBeInstanceOf(ProbeTimeout);
    expect(isUnreachable(first.error)).toBe(true);
    // The first query still hangs: the next probe does not send another, it answers down at once.
    now += 1000;
    const again = Date.now();
    expect((await probe()).up).toBe(false);
    expect(Date.now() - again).toBeLessThan(40);
    expect(silent.connections()).toBe(1);
  });
});
