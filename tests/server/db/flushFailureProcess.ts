import fs from 'node:fs';
import { openSqlite } from '../../../server/db/connect';

/**
 * A process whose write-ahead log cannot be flushed, for walFlush.test.ts: `node --import tsx
 * tests/server/db/flushFailureProcess.ts <file>`. It commits one row, has its log removed from
 * under it (the flusher then cannot open the log to flush it), commits another, and says on stdout
 * what became of that write: `answered` or `failed`. A server's process must never say either.
 */
const file = process.argv[2];
if (!file) throw new Error('usage: flushFailureProcess.ts <sqlite file>');

const db = openSqlite(file);
const notes = db.kysely.withTables<{ notes: { id: number } }>();
await notes.schema
  .createTable('notes')
  .addColumn('id', 'integer', (c) => c.primaryKey())
  .execute();
await notes.insertInto('notes').values({ id: 1 }).execute();
process.stdout.write('first\n');
fs.unlinkSync(`${file}-wal`);
await notes
  .insertInto('notes')
  .values({ id: 2 })
  .execute()
  .then(
    () => process.stdout.write('answered\n'),
    () => process.stdout.write('failed\n'),
  );
await db.close();
