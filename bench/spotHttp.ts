import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildAccountService } from '../server/accounts';
import pg from 'pg';
import { openPostgres, openSqlite, type Db } from '../server/db/connect';
import { migrate } from '../server/db/migrate';
import { seedAccountsIfEmpty } from '../server/db/seed/accounts';
import { seedFundsIfEmpty } from '../server/db/seed/funds';
import { seedIfEmpty } from '../server/db/seed/seed';
import { createLedger } from '../server/domain/ledger/ledger';
import { ok } from '../server/http/envelope';
import { measureColdWake } from './coldWake';
import { LoadClient } from './loadClient';
import { fundTrader, SPOT_MIX_PERIOD, spotOrderAt } from './spotMix';
import { cpuMs, percentile, startServerProcess } from './serverProcess';
import { machineTimes, stealPctSince } from './steal';
import { threadCounts, threadSharesSince, type CoreShare } from './schedstat';

export interface SpotHttpFigures {
  offeredPerSec: number;
  achievedPerSec: number;
  ok: number;
  refused: number;
  p50Ms: number;
  p99Ms: number;
  /** The server process's CPU time (every thread) per order answered, and the load client's. */
  serverCpuUsPerOrder: number;
  clientCpuUsPerOrder: number;
  /** Of the time the machine's threads wanted during the rate, the share in % the hypervisor gave
   * to other machines (`stealPctSince`). */
  stealPct: number;
  /** The mean time a connection waited for its answer (`LoadClient.meanRoundTripMs`), and what
   * the load's connections can carry a second at that round trip: one request in flight each, so
   * a rate near it leaves no slack, and any stall queues the requests due behind it. */
  roundTripMs: number;
  connectionsCarryPerSec: number;
  /** How the server's main thread, its busiest other thread (the spot thread) and the load client
   * used the cores during the rate: the share of the time each ran, and the share it was ready
   * but waited for a core (`threadSharesSince`). */
  mainThread: CoreShare;
  spotThread: CoreShare;
  loadClient: CoreShare;
}

const CONNECTIONS = 100;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
const lcm = (a: number, b: number) => (a / gcd(a, b)) * b;

/** A database with `users` verified, funded traders and a session token each, made with the
 * server's own account rules (real tokens, each registered with the code sent to its address),
 * before the server opens it. */
const prepare = async (db: Db, dataDir: string, users: number): Promise<string[]> => {
  await migrate(db);
  await seedIfEmpty(db.kysely);
  await seedAccountsIfEmpty(db.kysely, { scryptN: 1024 });
  const ledger = createLedger(db);
  await seedFundsIfEmpty(db, ledger);
  const accounts = buildAccountService({
    db,
    config: { dataDir },
    log: { info: () => undefined, error: () => undefined },
    settings: { scryptN: 1024 },
  });
  const tokens: string[] = [];
  for (let i = 0; i < users; i++) {
    const { id } = await accounts.issueCaptcha();
    const captcha = (await accounts.deps.uow.store.captchas.peek(id))!.answer;
    const username = `bench_trader_${i}`;
    const email = `${username}@example.com`;
    const { codeTicket } = await accounts.sendCode({
      target: email,
      purpose: 'register',
      captchaId: id,
      captcha,
    });
    const [mail] = await accounts.deps.uow.store.outbox.listFor(email);
    const s = await accounts.register({
      username,
      email,
      password: 'bench2026',
      confirmPassword: 'bench2026',
      code: /\b(\d{6})\b/.exec(mail!.body)![1]!,
      codeTicket,
    });
    const userId = s.userinfo.id as number;
    await db.kysely.updateTable('users').set({ certification: 2 }).where('id', '=', userId).execute();
    await fundTrader(ledger, userId);
    tokens.push(s.token);
  }
  await db.close();
  return tokens;
};

/** How the envelope of an accepted call begins (`ok`'s code is its first field): read without
 * parsing the whole answer, as a load generator should spend as little as it can per answer. */
const OK_PREFIX = `{"code":${ok(null).code},`;

/** Orders at a constant offered rate over 100 keep-alive connections: each request is due at
 * start + i / rate and its latency counts from then (a server that falls behind shows it in the
 * tail). The orders are `spotOrderAt`'s mix, from 100 traders.
 *
 * The load generator shares its process's collector and the two cores with what it times: its
 * own pauses delay the requests due during them and the reading of the answers that arrive, which
 * counts as the server's latency, and its CPU is the server's loss. So each request is made once
 * for every order of the mix and token it pairs (`SPOT_MIX_PERIOD`), and nothing is kept once it
 * is answered but its latency, in an array made at its full length. Before, each request was made
 * as it was sent, its answer parsed whole, and its promise kept to the end of the rate, which every
 * young collection copied: 4.1 ms a collection (9.9 at most) twice a second at 6 000/s, and 45–64 µs
 * of CPU a request from 4 000/s (docs/spot-performance.md, thirty-second session). */
const runAt = async (
  server: { url: string; pid: number },
  tokens: string[],
  rate: number,
  seconds: number,
  last: number,
) => {
  const client = new LoadClient(server.url, CONNECTIONS);
  const period = lcm(SPOT_MIX_PERIOD, tokens.length);
  const requests = Array.from({ length: period }, (_, k) => {
    const { side, req } = spotOrderAt(k, last);
    return LoadClient.request(`/api/cointransaction/order${side}`, JSON.stringify(req), {
      token: tokens[k % tokens.length]!,
    });
  });
  const n = Math.round(rate * seconds);
  const latencies = new Float64Array(n);
  let timed = 0;
  let ok = 0;
  let refused = 0;
  let allAnswered = () => {};
  const answeredAll = new Promise<void>((resolve) => (allAnswered = resolve));
  const settled = () => {
    if (ok + refused === n) allAnswered();
  };
  const serverCpu = cpuMs(server.pid);
  const clientCpu = process.cpuUsage();
  const machine = machineTimes();
  const serverThreads = threadCounts(server.pid);
  const clientThreads = threadCounts(process.pid);
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    void client.send(requests[i % period]!).then(
      (answer) => {
        latencies[timed++] = performance.now() - due;
        if (answer.body.startsWith(OK_PREFIX)) ok++;
        else refused++;
        settled();
      },
      () => {
        refused++;
        settled();
      },
    );
  }
  if (n > 0) await answeredAll;
  const elapsedMs = performance.now() - start;
  const elapsed = elapsedMs / 1000;
  const stealPct = stealPctSince(machine);
  const threads = threadSharesSince(server.pid, serverThreads, elapsedMs);
  const loadClient = threadSharesSince(process.pid, clientThreads, elapsedMs).main;
  const roundTripMs = client.meanRoundTripMs();
  const answered = ok + refused;
  const clientUsed = process.cpuUsage(clientCpu);
  const serverCpuUsPerOrder = Math.round(((cpuMs(server.pid) - serverCpu) * 1000) / answered);
  const clientCpuUsPerOrder = Math.round((clientUsed.user + clientUsed.system) / answered);
  client.close();
  const sorted = latencies.subarray(0, timed).sort();
  return {
    offeredPerSec: rate,
    achievedPerSec: Math.round(ok / elapsed),
    ok,
    refused,
    p50Ms: +percentile(sorted, 0.5).toFixed(1),
    p99Ms: +percentile(sorted, 0.99).toFixed(1),
    serverCpuUsPerOrder,
    clientCpuUsPerOrder,
    stealPct,
    roundTripMs: +roundTripMs.toFixed(2),
    connectionsCarryPerSec: Math.round((CONNECTIONS * 1000) / roundTripMs),
    mainThread: threads.main,
    spotThread: threads.busiestOther,
    loadClient,
  };
};

/** A fresh PostgreSQL database beside the one `url` names, dropped again by `drop`. */
export const scratchDatabase = async (url: string) => {
  const name = `exchange_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return {
    url: scratch.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
};

/** End to end over HTTP with persistence at a few constant rates: on the embedded SQLite, or on
 * PostgreSQL when `databaseUrl` names a server (a scratch database is made there and dropped). */
export const measureSpotHttp = async (
  rates = [1000, 2000, 4000, 6000, 8000, 10000],
  seconds = 5,
  databaseUrl?: string,
): Promise<SpotHttpFigures[]> => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-bench-spot-'));
  const scratch = databaseUrl ? await scratchDatabase(databaseUrl) : undefined;
  const db = scratch ? openPostgres(scratch.url) : openSqlite(path.join(dataDir, 'exchange.db'));
  const tokens = await prepare(db, dataDir, CONNECTIONS);
  const server = await startServerProcess({ dataDir, env: scratch ? { DATABASE_URL: scratch.url } : {} });
  try {
    // Wait for the first reference price and the house's quotes.
    let last = 0;
    for (let i = 0; i < 100 && last === 0; i++) {
      await new Promise((r) => setTimeout(r, 200));
      const t = (await (await fetch(`${server.url}/api/market/depth?pair=btcusdt&limit=1`)).json()) as {
        data: { bids: [string, string][] };
      };
      last = Number(t.data.bids[0]?.[0] ?? 0);
    }
    return await runRates(server, tokens, rates, seconds, last);
  } finally {
    await server.stop();
    await scratch?.drop();
  }
};

/** `runAt` at each rate in turn, after a few seconds at a modest rate, not counted: the server's
 * code is compiled as it runs, and the first thousands of orders would otherwise put that into the
 * first rate's tail. */
export const runRates = async (
  server: { url: string; pid: number },
  tokens: string[],
  rates: readonly number[],
  seconds: number,
  last: number,
): Promise<SpotHttpFigures[]> => {
  await runAt(server, tokens, 1000, 3, last);
  const out: SpotHttpFigures[] = [];
  for (const rate of rates) out.push(await runAt(server, tokens, rate, seconds, last));
  return out;
};

/** A thread's share of the cores as one cell: % of the time it ran / % it waited for a core. */
export const runWait = (s: CoreShare) => `${s.runPct} / ${s.waitPct} %`;

/** The figures as `console.table` shows them well: each thread's shares in one cell. */
export const printSpotHttp = (figures: SpotHttpFigures[]) =>
  console.table(
    figures.map(({ mainThread, spotThread, loadClient, ...f }) =>
      Object.assign(f, {
        mainThread: runWait(mainThread),
        spotThread: runWait(spotThread),
        loadClient: runWait(loadClient),
      }),
    ),
  );

if (import.meta.url === `file://${process.argv[1]}`)
  void measureSpotHttp(undefined, undefined, process.env.BENCH_DATABASE_URL).then(async (f) => {
    printSpotHttp(f);
    // Below saturation each order comes after an idle pause: what that costs here.
    console.log('work after an idle pause (bench/coldWake.ts):', await measureColdWake());
  });
