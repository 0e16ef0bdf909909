import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach } from 'vitest';
import { runCli } from '../../../server/admin/cli';

/** Runs the operator CLI in-process and answers its exit code and printed lines. */
export const run = async (...argv: string[]) => {
  const lines: string[] = [];
  const code = await runCli(argv, (l) => lines.push(l), undefined);
  return { code, out: lines.join('\n') };
};

/** As `run`, at a terminal whose operator answers `answer` to any question; answers the questions
 * asked too. */
export const runAnswering = async (answer: boolean, ...argv: string[]) => {
  const lines: string[] = [];
  const asked: string[] = [];
  const code = await runCli(
    argv,
    (l) => lines.push(l),
    async (question) => {
      asked.push(question);
      return answer;
    },
  );
  return { code, out: lines.join('\n'), asked };
};

/** Each test of the calling file gets a fresh embedded database of its own, migrated unless it
 * asks not to; answers the data directory of the test running. */
export const useFreshCliDatabase = ({ migrate = true } = {}): (() => string) => {
  let dataDir: string;
  const saved = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };
  beforeEach(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-cli-'));
    process.env.DATA_DIR = dataDir;
    delete process.env.DATABASE_URL;
    if (migrate) await run('migrate');
  });
  afterEach(() => {
    process.env.DATA_DIR = saved.DATA_DIR;
    if (saved.DATABASE_URL) process.env.DATABASE_URL = saved.DATABASE_URL;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return () => dataDir;
};

/** Every row of every table of the embedded database in `dataDir`: equal before and after a
 * command that changed nothing. */
export const dbSnapshot = (dataDir: string) => {
  const db = new SQLite(path.join(dataDir, 'exchange.db'), { readonly: true });
  try {
    const tables = db.prepare("select name from sqlite_master where type = 'table' order by name").all() as {
      name: string;
    }[];
    return Object.fromEntries(tables.map(({ name }) => [name, db.prepare(`select * from "${name}"`).all()]));
  } finally {
    db.close();
  }
};
