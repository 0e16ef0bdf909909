import SQLite from 'better-sqlite3';
import { percentile } from './serverProcess';

interface ColdWake {
  /** µs a read, the reads run back to back (the median of the rounds). */
  warmUs: number;
  /** µs a read, each round run right after the thread slept 1 ms, and 5 ms. */
  after1MsUs: number;
  after5MsUs: number;
  /** How many times slower the work is after a 5 ms sleep than back to back. */
  factor5Ms: number;
}

const READS = 20;
const ROWS = 10_000;

/**
 * What an idle pause costs the work after it: rounds of 20 point reads of a SQLite table (the
 * kind of work an order does), timed back to back and right after the thread slept 1 or 5 ms. On
 * a virtual machine a core that idles is halted and handed to other work; the caches and branch
 * predictors come back cold, and the same reads take longer. Below saturation every order comes
 * after such a pause, which is why the server's CPU an order at 1 000 to 2 000 orders/s is two to
 * four times what it is at saturation (docs/spot-performance.md, twenty-seventh session).
 */
export const measureColdWake = async (rounds = 300): Promise<ColdWake> => {
  const db = new SQLite(':memory:');
  try {
    db.exec('create table t (id integer primary key, v text not null)');
    const insert = db.prepare('insert into t (v) values (?)');
    db.transaction(() => {
      for (let i = 0; i < ROWS; i++) insert.run(`value ${i}`);
    })();
    const read = db.prepare<[number], { v: string }>('select v from t where id = ?');
    const round = (r: number) => {
      const t0 = process.hrtime.bigint();
      for (let i = 0; i < READS; i++) read.get(1 + (((r * READS + i) * 7919) % ROWS));
      return Number(process.hrtime.bigint() - t0) / READS / 1000;
    };
    const timed = async (pause: () => Promise<unknown>) => {
      const us: number[] = [];
      for (let r = 0; r < rounds; r++) {
        await pause();
        us.push(round(r));
      }
      return +percentile(
        us.sort((a, b) => a - b),
        0.5,
      ).toFixed(2);
    };
    const sleep = (ms: number) => () => new Promise((resolve) => setTimeout(resolve, ms));
    await timed(() => Promise.resolve()); // warm-up: compiled code, the table in the cache
    const warmUs = await timed(() => Promise.resolve());
    const after1MsUs = await timed(sleep(1));
    const after5MsUs = await timed(sleep(5));
    return { warmUs, after1MsUs, after5MsUs, factor5Ms: +(after5MsUs / warmUs).toFixed(1) };
  } finally {
    db.close();
  }
};

if (import.meta.url === `file://${process.argv[1]}`) void measureColdWake().then((f) => console.log(f));
