import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { TRANSIENT_ATTEMPTS, transact } from '../../../server/db/transient';
import { AppError } from '../../../server/domain/appError';
import { forEachEngine, useTestDb } from '../helpers/testDb';

const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });

// A scratch table: what a run wrote, and whether it survived its rollback.
const withNotes = async (db: Kysely<unknown>) => {
  await sql`create table notes (id integer primary key, n integer not null)`.execute(db);
  await sql`insert into notes (id, n) values (1, 0), (2, 0)`.execute(db);
  const bump = (trx: Kysely<unknown>, id: number) =>
    sql`update notes set n = n + 1 where id = ${id}`.execute(trx);
  const read = async () =>
    (await sql<{ n: number }>`select n from notes order by id`.execute(db)).rows.map((r) => Number(r.n));
  return { bump, read };
};

describe.each(forEachEngine())('a transaction on %s', (engine, open) => {
  const t = useTestDb(open, { migrate: false });

  it('that fails transiently runs again in a new one, keeping only the run that committed', async () => {
    const db = t().db.kysely as unknown as Kysely<unknown>;
    const notes = await withNotes(db);
    let runs = 0;
    const answer = await transact(db, async (trx) => {
      runs += 1;
      await notes.bump(trx, 1);
      if (runs === 1) throw deadlock();
      return `run ${runs}`;
    });
    expect(answer).toBe('run 2');
    expect(await notes.read()).toEqual([1, 0]);
  });

  it('refused for a reason of its own runs once and changes nothing', async () => {
    const db = t().db.kysely as unknown as Kysely<unknown>;
    const notes = await withNotes(db);
    let runs = 0;
    const refused = transact(db, async (trx) => {
      runs += 1;
      await notes.bump(trx, 1);
      throw new AppError('insufficient_balance');
    });
    await expect(refused).rejects.toMatchObject({ errorName: 'insufficient_balance' });
    expect(runs).toBe(1);
    expect(await notes.read()).toEqual([0, 0]);
  });

  it('that keeps failing transiently gives up after its attempts with the failure, nothing written', async () => {
    const db = t().db.kysely as unknown as Kysely<unknown>;
    const notes = await withNotes(db);
    let runs = 0;
    const failing = transact(db, async (trx) => {
      runs += 1;
      await notes.bump(trx, 1);
      throw deadlock();
    });
    await expect(failing).rejects.toMatchObject({ code: '40P01' });
    expect(runs).toBe(TRANSIENT_ATTEMPTS);
    expect(await notes.read()).toEqual([0, 0]);
  });

  it.runIf(engine === 'postgres')(
    'two that deadlock both commit: PostgreSQL’s victim runs again once the other is done',
    async () => {
      const db = t().db.kysely as unknown as Kysely<unknown>;
      const notes = await withNotes(db);
      let holding = 0;
      const bothHold = async () => {
        holding += 1;
        while (holding < 2) await new Promise((r) => setTimeout(r, 5));
      };
      // Each takes one row, waits until the other has taken the other, then wants it: a deadlock
      // on the first run. A run again finds the other committed and goes straight through.
      const crossing = (first: number, second: number) => {
        let runs = 0;
        return transact(db, async (trx) => {
          runs += 1;
          await notes.bump(trx, first);
          if (runs === 1) await bothHold();
          await notes.bump(trx, second);
          return runs;
        });
      };
      const runs = await Promise.all([crossing(1, 2), crossing(2, 1)]);
      expect(runs.sort()).toEqual([1, 2]);
      expect(await notes.read()).toEqual([2, 2]);
    },
  );
});
