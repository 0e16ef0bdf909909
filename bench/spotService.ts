import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPostgres, openSqlite } from '../server/db/connect';
import { migrate } from '../server/db/migrate';
import { seedIfEmpty } from '../server/db/seed/seed';
import { seedFundsIfEmpty } from '../server/db/seed/funds';
import { createLedger } from '../server/domain/ledger/ledger';
import { parseExact } from '../server/domain/money/scaled';
import { createSpot, type Trader } from '../server/spot/service';
import { scratchDatabase } from './spotHttp';

export interface SpotServiceFigures {
  engine: string;
  inFlight: number;
  ordersPerSec: number;
  cpuUsPerOrder: number;
  journalRowsPerOrder: number;
}

const TRADERS = 100;
const PRICE = 9_700_000n; // 97 000.00 USDT, in ticks

/**
 * The spot service alone, in this process, with `inFlight` orders always waiting (at most the
 * HTTP benchmark's 100 connections; no HTTP, sockets or thread messages): the ceiling of the spot
 * thread, and its CPU per order (every thread of the process, the log's flushes included), most of
 * it the database's writing. Fewer in flight make smaller batches, so the figures also show what
 * each commit costs whatever it holds. The same order mix as `spotHttp.ts`, from `TRADERS` traders.
 */
export const measureSpotService = async ({
  seconds = 5,
  inFlight = TRADERS,
  databaseUrl,
}: {
  seconds?: number;
  inFlight?: number;
  databaseUrl?: string | undefined;
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
    await ledger.post(
      ['USDT:10000000', 'BTC:100'].map((f) => {
        const [asset, amount] = f.split(':') as [string, string];
        return {
          userId: id,
          asset,
          available: parseExact(amount, 8)!,
          frozen: 0n,
          type: 'app.data.deposit',
          ref: 'bench',
        };
      }),
      Date.now(),
    );
  }
  const spot = createSpot({ db, ledger, certificationOn: async () => false });
  await spot.start();
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
    const side = n % 2 === 0 ? 'buy' : 'sell';
    const market = n % 4 >= 2;
    const price = (last * (1 + ((side === 'buy' ? -1 : 1) * ((n % 50) - 10)) / 10_000)).toFixed(2);
    const req = market
      ? side === 'buy'
        ? { pair: 'btcusdt', type: 'market' as const, amount: '20' }
        : { pair: 'btcusdt', type: 'market' as const, qty: '0.0002' }
      : { pair: 'btcusdt', type: 'limit' as const, price, qty: '0.001' };
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
    const cpu = process.cpuUsage();
    const t0 = performance.now();
    const done = await runFor(seconds * 1000);
    const elapsed = (performance.now() - t0) / 1000;
    const used = process.cpuUsage(cpu);
    await spot.idle();
    const journal = (await countJournal()) - journal0;
    return {
      engine: db.engine,
      inFlight,
      ordersPerSec: Math.round(done / elapsed),
      cpuUsPerOrder: Math.round((used.user + used.system) / done),
      journalRowsPerOrder: +(journal / done).toFixed(2),
    };
  } finally {
    clearInterval(ticker);
    await spot.stop();
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
