import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openOwnerIndexWriter, openSqlite, type Db } from '../../../../server/db/connect';
import { migrate } from '../../../../server/db/migrate';
import { OWNERS_SCHEMA } from '../../../../server/db/ownerIndexFile';
import { startUserIndexThread } from '../../../../server/jobs/userIndexThread/start';
import { notIndexed } from '../../helpers/ownerIndex';
import { journalRow, orderRow } from '../../helpers/rows';

describe('the index by owner caught up by a thread of its own (SQLite)', () => {
  let dir: string;
  let file: string;
  let db: Db;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-owners-thread-'));
    file = path.join(dir, 'exchange.db');
    db = openSqlite(file);
    await migrate(db);
  });
  afterEach(async () => {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const waiting = async () => (await notIndexed(db, 'journal')) + (await notIndexed(db, 'spot_orders'));

  it('indexes what the ledger’s connections write, until stopped', async () => {
    const onError = vi.fn();
    const thread = startUserIndexThread(file, onError);
    await db.kysely
      .insertInto('journal')
      .values([journalRow(7, 1), journalRow(8, 2)])
      .execute();
    await db.kysely.insertInto('spot_orders').values(orderRow(1)).execute();
    await vi.waitFor(async () => expect(await waiting()).toBe(0), { timeout: 10_000 });
    await thread.stop();
    await db.kysely.insertInto('journal').values(journalRow(7, 3)).execute();
    await new Promise((r) => setTimeout(r, 400));
    expect(await waiting()).toBe(1);
    expect(onError).not.toHaveBeenCalled();
  });

  it('keeps its process alive until it has stopped', () => {
    // A script whose only work left is the stop: the thread is unreferenced while it runs.
    const script = path.join(dir, 'stop.mts');
    const start = new URL('../../../../server/jobs/userIndexThread/start.ts', import.meta.url).href;
    fs.writeFileSync(
      script,
      `import { startUserIndexThread } from ${JSON.stringify(start)};
      const thread = startUserIndexThread(${JSON.stringify(file)}, (err) => console.error(err));
      setTimeout(() => void thread.stop().then(() => console.log('stopped')), 300);`,
    );
    const out = execFileSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8' });
    expect(out.trim()).toBe('stopped');
  }, 20_000);

  it('reports a failed round and goes on', async () => {
    const errors: unknown[] = [];
    const thread = startUserIndexThread(file, (err) => errors.push(err));
    const other = openOwnerIndexWriter(file);
    const index = sql.table(`${OWNERS_SCHEMA}.spot_orders_by_user`);
    try {
      await sql`drop table ${index}`.execute(other.kysely);
      await db.kysely.insertInto('spot_orders').values(orderRow(1)).execute();
      await vi.waitFor(() => expect(errors.length).toBeGreaterThan(0), { timeout: 10_000 });
      expect(String(errors[0])).toMatch(/no such table/);
      await sql`create table ${index} (user_id integer not null, id bigint not null,
        primary key (user_id, id)) without rowid`.execute(other.kysely);
      await vi.waitFor(async () => expect(await waiting()).toBe(0), { timeout: 10_000 });
    } finally {
      await other.close();
      await thread.stop();
    }
  });

  it('starts a thread that ended unasked again, which then catches up', async () => {
    const later = path.join(dir, 'later', 'exchange.db');
    const errors: unknown[] = [];
    const thread = startUserIndexThread(later, (err) => errors.push(err));
    try {
      // No ledger there yet: the thread cannot open it, ends, and is started again a second later.
      await vi.waitFor(
        () => expect(errors.map(String).filter((e) => /ended/.test(e)).length).toBeGreaterThan(1),
        {
          timeout: 15_000,
        },
      );
      const ledger = openSqlite(later);
      try {
        await migrate(ledger);
        await ledger.kysely.insertInto('journal').values(journalRow(7, 1)).execute();
        await vi.waitFor(async () => expect(await notIndexed(ledger, 'journal')).toBe(0), {
          timeout: 15_000,
        });
      } finally {
        await ledger.close();
      }
    } finally {
      await thread.stop();
    }
  }, 40_000);
});
