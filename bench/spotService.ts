import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPostgres, openSqlite } from '../server/db/connect';
import { migrate } from '../server/db/migrate';
import { seedIfEmpty } from '../server/db/seed/seed';
import { seedFundsIfEmpty } from '../server/db/seed/funds';
import { createLedger } from '../server/domain/ledger/ledger';
import { scheduleUserIndex } from '../server/jobs/userIndex';
import { createSpot, type Trader } from '../server/spot/service';
import { fundTrader, spotOrderAt } from './spotMix';
import { scratchDatabase } from './spotHttp';
import { machineTimes, stealPctSince } from './steal';

export interface SpotServiceFigures {
  engine: string;
  inFlight: number;
  /** Orders placed in the measured run. */
  orders: number;
  ordersPerSec: number;
  cpuUsPerOrder: number;
  journalRowsPerOrder: number;
  /** On SQLite, bytes this process handed to the kernel to write (the log, then the checkpoints'
   * copies into the database), an order; NaN where `/proc` cannot tell. Absent on PostgreSQL, whose
   * server does the writing (this process's count would be its socket's bytes). */
  kbWrittenPerOrder?: number;
  /** Of the time the machine's threads wanted during the run, the share in % the hypervisor gave
   * to other machines (`stealPctSince`). */
  stealPct: number;
}

/** Bytes written by every thread of this process so far (Linux's `wchar`). */
const bytesWritten = () => {
  try {
    return Number(/wchar: (\d+)/.exec(fs.readFileSync('/proc/self/io', 'utf8'))?.[1] ?? NaN);
  } catch {
    return NaN;
  }
};

const TRADERS = 100;
const PRICE = 9_700_000n; // 97 000.00 USDT, in ticks

/**
 * The spot service alone, in this process, with `inFlight` orders always waiting (at most the
 * HTTP benchmark's 100 connections; no HTTP, sockets or thread messages): the ceiling of the spot
 * thread, and its CPU per order (every thread of the process, the log's flushes included), most of
 * it the database's writing. Fewer in flight make smaller batches, so the figures also show what
 * each commit costs whatever it holds. The HTTP benchmark's order mix (`spotOrderAt`), from `TRADERS` traders.
 */
export const measureSpotService = async ({
  seconds = 5,
  inFlight = TRADERS,
  databaseUrl,
  timed,
}: {
  seconds?: number;
  inFlight?: number;
  databaseUrl?: string | undefined;
  /** Told when the measured run starts (true) and ends (false), after the warm-up. */
  timed?: (on: boolean) => void;
} = {}): Promise<SpotServiceFigures> => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-bench-service-'));
  const scratch = databaseUrl ? await scratchDatabase(databaseUrl) : undefined;
  // As the spot thread opens it: answers wait for the log's flush, which overlaps the next batch.
  const db = scratch
    ? openPostgres(scratch.url)
    : openSqlite(path.join(dataDir, 'exchange.db'), { deferFlush: true });
  await migrate(db);
  await seedIfEmpty(db.kysely);
  const ledger = createLedger(db);
  await seedFundsIfEmpty(db, ledger);
  const traders: Trader[] = [];
  for (let id = 1_000_001; id <= 1_000_000 + TRADERS; id++) {
    traders.push({ id, certification: 2, tradingDisabled: false, locked: false });
    await fundTrader(ledger, id);
  }
  const spot = createSpot({ db, ledger, certificationOn: async () => false });
  await spot.start();
  // As the server keeps it: the index by owner caught up in rounds beside the books.
  const stopUserIndex = scheduleUserIndex(db, { onError: (err) => console.error(err) });
  const tick = () => spot.onTick({ pair: 'btcusdt', ts: Date.now(), price: PRICE, qty: 1n, source: 'bench' });
  tick();
  const ticker = setInterval(tick, 100);
  const last = Number(PRICE) / 100;
  const countJournal = async () =>
    Number(
      (
        await db.kysely
          .selectFrom('journal')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  let i = 0;
  const order = () => {
    const n = i++;
    const { side, req } = spotOrderAt(n, last);
    return spot.place(traders[n % TRADERS]!, side, req);
  };
  const runFor = async (ms: number) => {
    const end = performance.now() + ms;
    let done = 0;
    const lane = async () => {
      while (performance.now() < end) {
        await order();
        done++;
      }
    };
    await Promise.all(Array.from({ length: inFlight }, lane));
    return done;
  };
  try {
    await runFor(2000); // warm-up: compiled code and a book in its steady state
    const journal0 = await countJournal();
    const w0 = bytesWritten();
    const cpu = process.cpuUsage();
    const machine = machineTimes();
    const t0 = performance.now();
    timed?.(true);
    const done = await runFor(seconds * 1000);
    timed?.(false);
    const elapsed = (performance.now() - t0) / 1000;
    const used = process.cpuUsage(cpu);
    const stealPct = stealPctSince(machine);
    await spot.idle();
    const journal = (await countJournal()) - journal0;
    return {
      engine: db.engine,
      orders: done,
      inFlight,
      ordersPerSec: Math.round(done / elapsed),
      cpuUsPerOrder: Math.round((used.user + used.system) / done),
      journalRowsPerOrder: +(journal / done).toFixed(2),
      ...(scratch ? {} : { kbWrittenPerOrder: +((bytesWritten() - w0) / done / 1024).toFixed(1) }),
      stealPct,
    };
  } finally {
    clearInterval(ticker);
    await spot.stop();
    await stopUserIndex();
    await db.close();
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const [seconds, inFlight] = process.argv.slice(2).map(Number);
  void measureSpotService({ seconds, inFlight, databaseUrl: process.env.BENCH_DATABASE_URL }).then((f) =>
    console.table([f]),
  );
}
