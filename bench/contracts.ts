import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildContracts, DEFAULT_CONTRACT_CONFIG, type ContractConfig } from '../server/contracts';
import { openSqlite } from '../server/db/connect';
import { migrate } from '../server/db/migrate';
import { contractStore } from '../server/db/repos/contracts';
import { seedContractsIfEmpty } from '../server/db/seed/contracts';
import { seedFundsIfEmpty } from '../server/db/seed/funds';
import { seedIfEmpty } from '../server/db/seed/seed';
import { createLedger } from '../server/domain/ledger/ledger';
import { transfer } from '../server/domain/ledger/post';
import { SYSTEM_ACCOUNTS } from '../server/domain/ledger/types';

interface ContractFigures {
  contracts: number;
  windowSeconds: number;
  settleDelayMs: number;
  settled: number;
  p50LagMs: number;
  p99LagMs: number;
  maxLagMs: number;
}

const PAIRS = ['btcusdt', 'ethusdt', 'solusdt'];
const USERS = 1000;
const AMOUNT = 10_00000000n; // 10 USDT
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/**
 * `count` contracts closing within one `windowSeconds` window, settled by the real sweeper on the
 * real clock against a SQLite file (synchronous=FULL, as in production). The figure is the lag
 * from each close time to the commit of its settlement, which includes the configured settle
 * delay (the wait for ticks recorded a moment late). Setup (placing the contracts and recording a
 * tick every 100 ms) is done in bulk before the window opens and is not measured.
 */
export const measureContracts = async (
  count = 10_000,
  windowSeconds = Number(process.env.BENCH_CONTRACT_WINDOW_S ?? 60),
): Promise<ContractFigures> => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-bench-contracts-'));
  const db = openSqlite(path.join(dir, 'bench.db'));
  const config: ContractConfig = DEFAULT_CONTRACT_CONFIG;
  try {
    await migrate(db);
    await seedIfEmpty(db.kysely);
    await seedContractsIfEmpty(db.kysely);
    const ledger = createLedger(db);
    await seedFundsIfEmpty(db, ledger);
    const windowMs = windowSeconds * 1000;
    const start = Date.now();
    const end = start + windowMs;

    // The recorded feed: a tick every 100 ms per pair from before the first open to the last close.
    const ticks = [];
    for (let ts = start - 65_000; ts <= end; ts += 100) {
      for (const [i, pair] of PAIRS.entries()) {
        ticks.push({
          pair,
          ts,
          price: (100 + i + Math.sin(ts / 7000)).toFixed(2),
          qty: '1',
          source: 'bench',
        });
      }
    }
    for (let i = 0; i < ticks.length; i += 500) {
      await db.kysely
        .insertInto('ticks')
        .values(ticks.slice(i, i + 500))
        .execute();
    }
    const tickIds = new Map<string, { id: number; ts: number; price: string }>();
    for (const row of await db.kysely
      .selectFrom('ticks')
      .select(['id', 'pair', 'ts', 'price'])
      .where('ts', '<=', start)
      .orderBy('id')
      .execute()) {
      tickIds.set(row.pair, { id: Number(row.id), ts: Number(row.ts), price: row.price });
    }

    // Users funded and contracts placed in bulk, closing evenly across the window.
    await ledger.post(
      Array.from({ length: USERS }, (_, u) => ({
        userId: 10_000 + u,
        asset: 'USDT',
        available: AMOUNT * BigInt(Math.ceil(count / USERS)),
        frozen: 0n,
        type: 'app.data.demo_funding' as const,
        ref: 'bench',
      })),
    );
    const batch = 500;
    for (let i = 0; i < count; i += batch) {
      await db.kysely.transaction().execute(async (trx) => {
        const store = contractStore(trx);
        const movements = [];
        for (let k = i; k < Math.min(count, i + batch); k++) {
          const pair = PAIRS[k % PAIRS.length]!;
          const closeAt = start + Math.floor((k * windowMs) / count);
          const open = tickIds.get(pair)!;
          const id = await store.insert({
            userId: 10_000 + (k % USERS),
            requestKey: `bench-${k}`,
            pair,
            asset: 'USDT',
            direction: k % 2 ? 'up' : 'down',
            cycleMinutes: 1,
            rateBp: 8000,
            amount: AMOUNT,
            openAt: closeAt - 60_000,
            closeAt,
            openTick: { ...open, source: 'bench' },
          });
          movements.push(
            ...transfer(
              10_000 + (k % USERS),
              SYSTEM_ACCOUNTS.house,
              'USDT',
              AMOUNT,
              'app.data.contract_open',
              `contract:${id}`,
            ),
          );
        }
        await ledger.postIn(trx, movements, Date.now());
      });
    }

    // Setup takes a while: move the whole scene (ticks, open and close times) so the window opens
    // two seconds from now, whatever the setup cost.
    const shift = Date.now() + 2000 - start;
    await db.kysely
      .updateTable('ticks')
      .set((eb) => ({ ts: eb('ts', '+', shift) }))
      .execute();
    await db.kysely
      .updateTable('contracts')
      .set((eb) => ({
        open_at: eb('open_at', '+', shift),
        close_at: eb('close_at', '+', shift),
        open_tick_ts: eb('open_tick_ts', '+', shift),
      }))
      .execute();

    const closeOf = new Map<number, number>();
    for (const r of await db.kysely.selectFrom('contracts').select(['id', 'close_at']).execute()) {
      closeOf.set(r.id, Number(r.close_at));
    }
    const lags: number[] = [];
    let done: () => void = () => undefined;
    const finished = new Promise<void>((r) => (done = r));
    const { service, sweeper } = buildContracts({ db, ledger, config, onError: (e) => console.error(e) });
    // The lag is taken once each settlement has committed (what the sweeper publishes).
    service.onChange((_u, o) => {
      if (o.status !== 'completed') return;
      lags.push(Date.now() - closeOf.get(o.id)!);
      if (lags.length === count) done();
    });
    await sweeper.start();
    const timeout = setTimeout(done, windowMs + 30_000);
    await finished;
    clearTimeout(timeout);
    await sweeper.stop();
    lags.sort((a, b) => a - b);
    return {
      contracts: count,
      windowSeconds,
      settleDelayMs: config.settleDelayMs,
      settled: lags.length,
      p50LagMs: percentile(lags, 0.5),
      p99LagMs: percentile(lags, 0.99),
      maxLagMs: lags.at(-1) ?? NaN,
    };
  } finally {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
};

if (import.meta.url === `file://${process.argv[1]}`) {
  measureContracts().then(
    (f) => console.table([f]),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
