import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { startCheckpoints } from '../../../server/db/checkpoints';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

it('stops its thread once, and a second stop (or one after the thread ended) answers at once', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkpoints-'));
  dirs.push(dir);
  const file = path.join(dir, 'x.db');
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.exec('create table t (x)');
  const errors: string[] = [];
  const thread = startCheckpoints(file, (m) => errors.push(m), 10);
  await new Promise((r) => setTimeout(r, 50));
  await thread.stop();
  await expect(
    Promise.race([thread.stop(), new Promise((r) => setTimeout(() => r('hung'), 1000))]),
  ).resolves.toBe(undefined);
  expect(errors).toEqual([]);
  db.close();
});
