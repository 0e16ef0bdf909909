import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { foldCase, sqliteLower } from '../../../server/db/caseFold';
import { openSqlite } from '../../../server/db/connect';
import { sql } from 'kysely';
import { TEST_DATABASE_URL } from '../helpers/testDb';

/** Upper-case and title-case letters of several scripts, and the characters whose full lower case
 * differs from the simple one. */
const SAMPLE = 'ABCÜÖÄÉÈÑÇŁŒÆØÅİIΣΟΔΥΣΣΕΥΣẞǄǅДЖЯЁԱՉႠᏴＡＺ𐐀𐐧ÀÁÂÃ';

describe('foldCase', () => {
  it('folds every script one code point for one, never lengthening the text', () => {
    expect(foldCase('ÜLRICH')).toBe('ülrich');
    expect(foldCase('İSTANBUL')).toBe('istanbul');
    expect(foldCase('ΟΔΥΣΣΕΥΣ')).toBe('οδυσσευσ');
    expect(foldCase('Hello World')).toBe('hello world');
    expect([...foldCase(SAMPLE)]).toHaveLength([...SAMPLE].length);
  });

  it('is SQLite’s lower() on every connection, where the built-in folds ASCII only', async () => {
    const db = openSqlite(':memory:');
    try {
      const row = await sql<{
        a: string;
        b: null;
        c: string;
      }>`select lower(${'ÜLRICH Σ'}) as a, lower(null) as b, lower(12) as c`.execute(db.kysely);
      expect(row.rows[0]).toEqual({ a: 'ülrich σ', b: null, c: '12' });
    } finally {
      await db.close();
    }
    expect(sqliteLower(Buffer.from('ÄB'))).toBe('äb');
  });

  it.runIf(TEST_DATABASE_URL)('agrees with PostgreSQL’s lower() on this database', async () => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    try {
      const chars = [...SAMPLE];
      const { rows } = await client.query<{ l: string }>('select lower(c) as l from unnest($1::text[]) c', [
        chars,
      ]);
      expect(chars.map(foldCase)).toEqual(rows.map((r) => r.l));
    } finally {
      await client.end();
    }
  });
});
