import readline from 'node:readline';
import { openSqlite } from '../../../server/db/connect';

/**
 * The other process on a SQLite file (in production the operator CLI beside the server), for
 * connect.test.ts: `node --import tsx tests/server/db/secondProcess.ts <file>`. It has to be a
 * process of its own because better-sqlite3 waits for a lock synchronously: a second connection in
 * the test's own process would freeze the very event loop the first one needs to commit.
 *
 * Commands arrive on stdin one a line and are answered on stdout:
 * `read` → `read <value>`; `write` → `writing`, then `wrote` once committed (or `failed <code>`).
 */

const file = process.argv[2];
if (!file) throw new Error('usage: secondProcess.ts <sqlite file>');

const db = openSqlite(file);
const counter = db.kysely.withTables<{ counter: { id: number; value: number } }>();
const say = (line: string) => process.stdout.write(`${line}\n`);

const commands: Record<string, () => Promise<void>> = {
  read: async () => {
    const row = await counter
      .selectFrom('counter')
      .select('value')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    say(`read ${row.value}`);
  },
  write: async () => {
    // Said before the statement: the parent then knows this process is about to ask for the lock.
    say('writing');
    try {
      await counter
        .updateTable('counter')
        .set((eb) => ({ value: eb('value', '*', 2) }))
        .where('id', '=', 1)
        .execute();
      say('wrote');
    } catch (e) {
      say(`failed ${(e as { code?: string }).code ?? String(e)}`);
    }
  },
};

const lines = readline.createInterface({ input: process.stdin });
let queue = Promise.resolve();
lines.on('line', (line) => {
  const run = commands[line.trim()];
  if (run) queue = queue.then(run);
});
lines.on('close', () => {
  void queue.then(() => db.close());
});
say('ready');
