import { spawnSync } from 'node:child_process';
import { PerformanceObserver } from 'node:perf_hooks';
import v8 from 'node:v8';
import { fileURLToPath } from 'node:url';
import { OrderBook } from '../server/domain/spot/book';
import { SpotEngine } from '../server/domain/spot/engine';
import type { Side } from '../server/domain/spot/types';
import { pairUnits } from '../server/domain/spot/units';
import { createRng } from '../server/market/rng';
import { machineTimes, stealPctSince } from './steal';

interface EngineFigures {
  engine: string;
  /** Bytes allocated an operation (measured untimed). */
  bytesPerOp: number;
  offeredPerSec: number;
  achievedPerSec: number;
  p50Us: number;
  p99Us: number;
  p999Us: number;
  /** Operations finished more than the goal's 10 µs after they were due, in %: the p99 is under
   * 10 µs only while this is under 1 %. */
  lateOver10UsPct: number;
  /** Stalls a second (runs of consecutive late operations) and how many operations each held up
   * on average. The harness alone counts the machine's own gaps; a target stalling about as often
   * but holding up more operations each time is slow to catch up after them, not stalling itself. */
  stallsPerSec: number;
  opsPerStall: number;
  resting: number;
  /** Of the CPU time the machine's threads wanted during the run, the share the hypervisor gave to
   * others (`steal.ts`): this process spins on one core while the other idles, so nearly all of
   * it is what that core lost. */
  stealPct: number;
}

const PAIR = { symbol: 'btcusdt', base: 'BTC', quote: 'USDT', pricePrecision: 2, qtyPrecision: 5 };
const MID = 9_700_000;
const WIDE = { low: 1, high: Number.MAX_SAFE_INTEGER };

const GTC = 0;
const IOC = 1;
const CANCEL = 2;
const MOVE = 3;

/** The operations to run, as parallel typed arrays: generated up front, they must not put
 * hundreds of thousands of young objects in the heap that the garbage collector would then copy
 * during the measurement. Ticks and lots are small integers, as the engine keeps them. */
interface Ops {
  kind: Uint8Array;
  buy: Uint8Array;
  price: Int32Array;
  qty: Int32Array;
  /** Which live order a cancel or move takes, as a fraction of the live list. */
  pick: Float64Array;
  /** A move's new distance from the mid. */
  off: Int32Array;
}

/** The exchange-core mix: resting (GTC) limit orders behind the mid, immediate-or-cancel orders
 * that cross it and trade, cancels and moves (cancel and re-place elsewhere). Places and cancels
 * balance, so the book stays near its starting size. */
const ops = (n: number, seed: number): Ops => {
  const rng = createRng(seed);
  const out: Ops = {
    kind: new Uint8Array(n),
    buy: new Uint8Array(n),
    price: new Int32Array(n),
    qty: new Int32Array(n),
    pick: new Float64Array(n),
    off: new Int32Array(n),
  };
  for (let i = 0; i < n; i++) {
    const r = rng();
    const buy = rng() < 0.5;
    out.buy[i] = buy ? 1 : 0;
    out.qty[i] = 1 + Math.floor(rng() * 500);
    out.pick[i] = rng();
    out.off[i] = 1 + Math.floor(rng() * 2000);
    if (r < 0.3) {
      const off = 1 + Math.floor(rng() * 2000);
      out.kind[i] = GTC;
      out.price[i] = buy ? MID - off : MID + off;
    } else if (r < 0.35) {
      out.kind[i] = IOC;
      out.price[i] = buy ? MID + 200 : MID - 200;
    } else out.kind[i] = r < 0.65 ? CANCEL : MOVE;
  }
  return out;
};

interface Target {
  /** A limit order; `ioc` cancels what does not fill at once instead of resting it. */
  place(id: number, user: number, side: Side, price: number, qty: number, ioc?: boolean): void;
  cancel(id: number): void;
  size(): number;
}

const bookTarget = (): Target => {
  const book = new OrderBook();
  return {
    place(id, user, side, price, qty, ioc) {
      const m = book.match(user, side, price, qty);
      if (m.filled < qty && !ioc) book.rest(id, user, side, price, qty - m.filled, undefined);
    },
    cancel: (id) => void book.cancel(id),
    size: () => book.size,
  };
};

/** Does nothing: what the harness alone measures on this machine (its clock readings, and
 * whatever the operating system and hypervisor take from the core), the floor under the others. */
const noTarget = (): Target => {
  let resting = 0;
  return {
    place: (_id, _user, _side, _price, _qty, ioc) => void (ioc || resting++),
    cancel: () => void resting--,
    size: () => resting,
  };
};

const engineTarget = (): Target => {
  let trade = 0;
  const engine = new SpotEngine(
    PAIR,
    pairUnits(PAIR)!,
    { makerPpm: 1000n, takerPpm: 1000n },
    -2,
    () => ++trade,
  );
  return {
    place(id, user, side, price, qty, ioc) {
      // An IOC is a market order whose band edge is its limit.
      const band = ioc ? (side === 'buy' ? { low: 1, high: price } : { low: price, high: WIDE.high }) : WIDE;
      const o = engine.create(
        {
          id,
          userId: user,
          side,
          type: ioc ? 'market' : 'limit',
          price: ioc ? null : price,
          qty,
          budget: null,
          clientOid: null,
        },
        band,
        0,
      );
      engine.freezeOf(o);
      engine.execute(o, band, 0);
    },
    cancel: (id) => void engine.cancel(id, 0),
    size: () => engine.book.size,
  };
};

const pct = (sorted: Float64Array, p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/** Spin iterations per millisecond of this machine, measured once (calibrate). */
let spinsPerMs = 0;
const sink = new Float64Array(1);

/** An empty loop the compiler cannot drop: the time between operations is spent here, because
 * each reading of the clock allocates a number for the garbage collector, and a collection
 * pause would then show in the very tail this benchmark measures. */
const spin = (iterations: number) => {
  let x = sink[0]!;
  for (let k = 0; k < iterations; k++) x += k;
  sink[0] = x;
};

const calibrate = () => {
  const iterations = 5_000_000;
  // The first rounds run before the compiler has optimised the loop.
  for (let round = 0; round < 5; round++) {
    const t0 = performance.now();
    spin(iterations);
    spinsPerMs = iterations / (performance.now() - t0);
  }
};

/** Waits until `due` (ms) from `now` with a few clock readings: most of the wait as a calibrated
 * spin, the rest checked against the clock. */
const waitUntil = (due: number, now: number) => {
  spin(Math.floor((due - now) * spinsPerMs * 0.8));
  while (performance.now() < due) {
    // the last stretch against the clock
  }
};

interface Hiccups {
  /** Share of the time the core was away in gaps longer than 10 µs. */
  lostPct: number;
  perSec: number;
  medianUs: number;
  longestUs: number;
  /** As `EngineFigures.stealPct`, over the same seconds. */
  stealPct: number;
}

/** What the machine takes from a core that only reads the clock (jHiccup's measure): every gap
 * between two readings longer than 10 µs is time no code of ours could have run. A latency goal
 * of 10 µs at the 99th percentile needs well under 1 % of the time lost this way. */
const measureHiccups = (seconds = 3): Hiccups => {
  const gaps = new Float64Array(1 << 20);
  let n = 0;
  let lost = 0;
  const machine = machineTimes();
  const start = performance.now();
  let prev = start;
  for (;;) {
    const t = performance.now();
    const d = t - prev;
    prev = t;
    if (d > 0.01) {
      if (n < gaps.length) gaps[n++] = d;
      lost += d;
    }
    if (t - start > seconds * 1000) break;
  }
  const sorted = gaps.subarray(0, n).sort();
  return {
    lostPct: +((100 * lost) / (seconds * 1000)).toFixed(2),
    perSec: Math.round(n / seconds),
    medianUs: Math.round((sorted[n >> 1] ?? 0) * 1000),
    longestUs: Math.round((sorted[n - 1] ?? 0) * 1000),
    stealPct: stealPctSince(machine),
  };
};

/** A target with its standing book (`resting` passive orders on both sides) and the mix of
 * `ops` to run against it: `step(i)` performs the i-th. */
const session = (make: () => Target, n: number, resting: number) => {
  const t = make();
  const rng = createRng(7);
  const live: number[] = [];
  let id = 0;
  const place = (side: Side, price: number, qty: number, ioc = false) => {
    id += 1;
    t.place(id, 1 + (id % 100), side, price, qty, ioc);
    if (!ioc) live.push(id);
  };
  for (let i = 0; i < resting; i++) {
    const side: Side = i % 2 === 0 ? 'buy' : 'sell';
    const off = 1 + Math.floor(rng() * 2000);
    place(side, side === 'buy' ? MID - off : MID + off, 1 + Math.floor(rng() * 500));
  }
  const work = ops(n, 11);
  const step = (i: number) => {
    const kind = work.kind[i]!;
    if (kind === GTC || kind === IOC)
      place(work.buy[i] ? 'buy' : 'sell', work.price[i]!, work.qty[i]!, kind === IOC);
    else if (live.length > 0) {
      const k = Math.floor(work.pick[i]! * live.length);
      const victim = live[k]!;
      live[k] = live[live.length - 1]!;
      live.pop();
      t.cancel(victim);
      if (kind === MOVE) {
        const side: Side = victim % 2 === 0 ? 'buy' : 'sell';
        const off = work.off[i]!;
        place(side, side === 'buy' ? MID - off : MID + off, work.qty[i]!);
      }
    }
  };
  return { target: t, step };
};

/** The engine goal's p99, in ns. */
const LATE_NS = 10_000;

/** Latencies (in the order run) over `limit`, and the runs of consecutive ones they come in. */
const lateRuns = (lat: Float64Array, limit: number) => {
  let late = 0;
  let stalls = 0;
  for (let i = 0; i < lat.length; i++) {
    if (lat[i]! <= limit) continue;
    late++;
    if (i === 0 || lat[i - 1]! <= limit) stalls++;
  }
  return { late, stalls };
};

/** Runs `n` operations at a constant offered rate (each scheduled at start + i / rate, spinning
 * until due); a latency is from when an operation was due to when it finished, so falling behind
 * the rate shows in the tail (no coordinated omission). */
const run = (make: () => Target, rate: number, n: number, resting: number) => {
  const { target, step } = session(make, n, resting);
  const lat = new Float64Array(n);
  const period = 1e3 / rate;
  const machine = machineTimes();
  const start = performance.now();
  let now = start;
  for (let i = 0; i < n; i++) {
    const due = start + i * period;
    if (now < due) waitUntil(due, now);
    step(i);
    now = performance.now();
    lat[i] = (now - due) * 1e6;
  }
  const elapsed = (performance.now() - start) / 1e3;
  const stealPct = stealPctSince(machine);
  const { late, stalls } = lateRuns(lat, LATE_NS);
  lat.sort();
  return {
    offeredPerSec: rate,
    achievedPerSec: Math.round(n / elapsed),
    p50Us: +(pct(lat, 0.5) / 1000).toFixed(2),
    p99Us: +(pct(lat, 0.99) / 1000).toFixed(2),
    p999Us: +(pct(lat, 0.999) / 1000).toFixed(2),
    lateOver10UsPct: +((100 * late) / n).toFixed(2),
    stallsPerSec: Math.round(stalls / elapsed),
    opsPerStall: stalls ? +(late / stalls).toFixed(1) : 0,
    resting: target.size(),
    stealPct,
  };
};

/**
 * Bytes the target allocates an operation, untimed: the heap in use grows by what the operations
 * allocate as long as no collection runs, and the young generation (64 MB here) holds all of it,
 * which a count of collections confirms. What the collector will have to clear, whatever the
 * machine's noise: the figure the latency tail depends on.
 */
const bytesPerOp = async (make: () => Target, resting: number) => {
  const n = 20_000;
  const { step } = session(make, 2 * n, resting);
  for (let i = 0; i < n; i++) step(i); // compiled and in its steady state first
  let collections = 0;
  const observer = new PerformanceObserver((list) => void (collections += list.getEntries().length));
  observer.observe({ entryTypes: ['gc'] });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 100));
  global.gc!();
  await settle();
  const before = { used: v8.getHeapStatistics().used_heap_size, collections };
  for (let i = n; i < 2 * n; i++) step(i);
  const used = v8.getHeapStatistics().used_heap_size - before.used;
  await settle();
  observer.disconnect();
  return collections === before.collections ? Math.round(used / n) : Number.NaN;
};

/**
 * The engine's process runs with a 64 MB young generation (V8's default grows to 16 MB), the kind of
 * collector tuning a low-latency engine gets on any runtime: resting orders live a few milliseconds,
 * and with the default size the collector still finds many of them alive, copies them and then
 * promotes them, whose old-generation collections make the tail.
 */
const GC_FLAGS = ['--max-semi-space-size=64', '--min-semi-space-size=64'];

/** How long one operation takes, each timed alone with nothing scheduled (no offered rate, so no
 * queueing behind a slow one or behind a gap of the machine's). */
interface ServiceFigures {
  engine: string;
  p50Us: number;
  p99Us: number;
  p999Us: number;
}

/**
 * Every operation of the mix timed on its own. Under a constant offered rate a gap of the machine's
 * delays every operation due during it and those queued behind it until the backlog drains, which
 * takes longer the busier the core; the service time is the target's own part of its latency.
 */
const serviceTimes = (make: () => Target, n: number, resting: number) => {
  const { step } = session(make, n, resting);
  const took = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    step(i);
    took[i] = (performance.now() - t0) * 1e6;
  }
  took.sort();
  return {
    p50Us: +(pct(took, 0.5) / 1000).toFixed(2),
    p99Us: +(pct(took, 0.99) / 1000).toFixed(2),
    p999Us: +(pct(took, 0.999) / 1000).toFixed(2),
  };
};

interface EngineBench {
  rows: EngineFigures[];
  service: ServiceFigures[];
  hiccups: Hiccups;
}

const measureHere = async (n: number, resting: number): Promise<EngineBench> => {
  const out: EngineFigures[] = [];
  const service: ServiceFigures[] = [];
  const hiccups = measureHiccups();
  for (const [name, make] of [
    ['harness alone (floor)', noTarget],
    ['order book', bookTarget],
    ['engine + settlement', engineTarget],
  ] as const) {
    if (!spinsPerMs) calibrate();
    const bytes = await bytesPerOp(make, resting);
    run(make, 2_000_000, 50_000, resting); // warm-up
    for (const rate of [250_000, 1_000_000])
      out.push({ engine: name, bytesPerOp: bytes, ...run(make, rate, n, resting) });
    service.push({ engine: name, ...serviceTimes(make, n, resting) });
  }
  return { rows: out, service, hiccups };
};

/** The matching engine alone, in its own process on one core: the harness with no engine (the
 * machine's floor), the bare book (ticks and lots) and the whole engine (with the ledger movements
 * and fees of every fill), each at constant offered rates, a million operations at each. */
export const measureSpotEngine = (n = 1_000_000, resting = 1000): EngineBench => {
  const child = spawnSync(
    process.execPath,
    [
      ...GC_FLAGS,
      // For the allocation figure: a collection before it starts.
      '--expose-gc',
      '--import',
      'tsx',
      fileURLToPath(import.meta.url),
      '--json',
      String(n),
      String(resting),
    ],
    { encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  if (child.status !== 0) throw new Error(`engine benchmark failed: ${child.stderr}`);
  return JSON.parse(child.stdout) as EngineBench;
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const [flag, n, resting] = process.argv.slice(2);
  if (flag === '--json')
    void measureHere(Number(n), Number(resting)).then((b) => process.stdout.write(JSON.stringify(b)));
  else {
    const { rows, service, hiccups } = measureSpotEngine();
    console.table(rows);
    console.table(service);
    console.log('machine hiccups (gaps > 10 µs):', hiccups);
  }
}
