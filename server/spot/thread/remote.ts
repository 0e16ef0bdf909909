import { Worker } from 'node:worker_threads';
import type { DepthSnapshot, SpotOrderView, SpotPairRules } from '../../../protocol';
import type { Db } from '../../db/connect';
import { AppError } from '../../domain/appError';
import type { Ledger } from '../../domain/ledger/ledger';
import type { BookListener } from '../../market/book';
import { Prints } from '../../market/prints';
import { loadSpotPairs, type SpotPair } from '../pairs';
import { spotRecords } from '../records';
import { traderOf, type OrdersListener, type SpotService } from '../service';
import { DepthMirror } from './depthMirror';
import { coveringFlush } from './coveringFlush';
import { startLogFlusher, type LogFlusher } from './logFlusher';
import type { FromSpotBatch, FromSpotThread, SpotCall, SpotThreadData, ToSpotThread } from './messages';
import { JsonText } from '../../wire/jsonText';
import { fromWire, outbox } from './wire';

interface SpotThreadOptions extends Omit<SpotThreadData, 'depthSeqs'> {
  /** The main thread's connection: order records are read here, not on the spot thread. */
  db: Db;
  /** The main thread's ledger: the spot thread's balance changes are announced through it. */
  ledger: Ledger;
  onError?: (err: unknown) => void;
  /** Starts the log's flusher for each thread on SQLite (a test holds its flushes). */
  startFlusher?: typeof startLogFlusher;
}

const REPLACE_AFTER_MS = 1000;

/** The thread runs TypeScript as the server does: through tsx, added when this process was not
 * started with it (the test runner). Otherwise it inherits this process's options as Node does by
 * default: passed explicitly, a process-wide one such as --max-old-space-size is refused. */
const execArgv = process.execArgv.some((a) => a.includes('tsx')) ? undefined : ['--import', 'tsx'];

/**
 * Spot trading run on a thread of its own (see worker.ts), behind the same interface as the
 * in-process service: orders and cancels cross to the books' thread, order records are read
 * here, and the depth, prints and pair rules the market and the routes ask for synchronously are
 * copies kept from what that thread publishes. If the thread dies, calls in flight fail (nothing
 * they did is acknowledged) and a new thread rebuilds the books from the database, as a restart
 * would.
 */
export const createSpotThread = ({
  db,
  ledger,
  onError = () => undefined,
  startFlusher = startLogFlusher,
  ...data
}: SpotThreadOptions): SpotService<JsonText<SpotOrderView>> => {
  let worker: Worker | undefined;
  let flusher: LogFlusher | undefined;
  let send: ((m: ToSpotThread) => void) | undefined;
  let stopping = false;
  let nextId = 0;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  const bookListeners = new Set<BookListener>();
  const orderListeners = new Set<OrdersListener<JsonText<SpotOrderView>>>();
  let pairs = new Map<string, SpotPair>();
  const mirrors = new Map<string, DepthMirror>();
  /** The last depth seq each pair's subscribers were sent: a thread that replaces one that died
   * starts above it, so their chains see a gap and resync rather than take its diffs for old ones. */
  const depthSeqs = new Map<string, number>();
  const prints = new Map<string, Prints>();
  let rules = new Map<string, SpotPairRules>();
  const records = spotRecords(db.kysely, (symbol) => pairs.get(symbol));

  const call = <T>(c: SpotCall): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (!send) return reject(new Error('spot thread is not running'));
      const id = ++nextId;
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      send({ t: 'call', id, call: c });
    });

  /** The call `id` is answered: taken off those waiting. */
  const settle = (id: number) => {
    const p = pending.get(id);
    pending.delete(id);
    return p;
  };

  const setRules = (list: SpotPairRules[]) => (rules = new Map(list.map((r) => [r.pair, r])));

  const handle = (m: FromSpotThread) => {
    switch (m.t) {
      case 'reply':
        if (!m.ok) settle(m.id)?.reject(fromWire(m.error));
        else settle(m.id)?.resolve('json' in m ? new JsonText(m.json) : m.value);
        return;
      case 'order': {
        const order = new JsonText<SpotOrderView>(m.json);
        if (m.answers !== undefined) settle(m.answers)?.resolve(order);
        for (const l of orderListeners) l(m.userId, order);
        return;
      }
      case 'balances':
        ledger.announce(m.userIds.map((userId) => ({ userId })));
        return;
      case 'depth':
        depthSeqs.set(m.pair, m.diff.seq);
        mirrors.get(m.pair)?.apply(m.diff);
        for (const l of bookListeners) l.depth(m.pair, m.diff);
        return;
      case 'trades':
        prints.get(m.pair)?.add(m.trades);
        for (const l of bookListeners) l.trades(m.pair, m.trades);
        return;
      case 'rules':
        setRules(m.rules);
        return;
      case 'error':
        onError(fromWire(m.error));
        return;
      case 'ready':
        for (const b of m.books) {
          const pair = pairs.get(b.pair);
          if (!pair) continue;
          const mirror = new DepthMirror(b.pair, pair.spec.pricePrecision, () =>
            call<DepthSnapshot>({ op: 'depth', pair: b.pair }).then((snap) => mirror.reset(snap), onError),
          );
          mirror.reset(b.depth);
          mirrors.set(b.pair, mirror);
          depthSeqs.set(b.pair, b.depth.seq);
          prints.set(b.pair, new Prints(b.trades));
        }
        setRules(m.rules);
    }
  };

  const spawn = () =>
    new Promise<void>((resolve, reject) => {
      // Nothing the thread sends, an answer or news, is let out before what it tells of is on
      // disk. On SQLite the log's flusher flushes as soon as the thread has committed and asked,
      // and a batch waits for the flush that covers the writes the thread had ended when it sent
      // the batch; without the flusher, a flush asked for once the batch has arrived covers them
      // (`coveringFlush`). Batches are let out in the order they came. One flusher a thread: a new
      // thread counts its writes from 0.
      const flushed = coveringFlush(db.flushLog);
      const ownFlusher = data.database.databaseUrl
        ? undefined
        : startFlusher({ walFile: `${data.database.sqliteFile}-wal`, fallback: flushed, onError });
      flusher = ownFlusher;
      const w = new Worker(new URL('./boot.mjs', import.meta.url), {
        workerData: {
          database: data.database,
          config: data.config,
          seed: data.seed,
          depthSeqs: Object.fromEntries(depthSeqs),
          logFlushes: ownFlusher?.shared,
        } satisfies SpotThreadData,
        execArgv,
      });
      let ready = false;
      const deliver = (batch: FromSpotThread[]) => {
        for (const m of batch) {
          try {
            handle(m);
          } catch (err) {
            onError(err);
          }
          if (m.t === 'ready') {
            ready = true;
            worker = w;
            // Handed over once the step's promises have run (`process.nextTick`), as the spot
            // thread posts its batches: orders reach here after the auth epoch's read, which runs
            // at the end of a turn (`setImmediate`), and a flush scheduled there with
            // `setImmediate` waited for the whole of the next turn's I/O first. Over HTTP, in
            // eight interleaved pairs, the mean round trip went from 7.3 to 6.8 ms at 8 000
            // orders/s and from 9.8 to 9.5 at 10 000/s, runs of each overlapping
            // (docs/spot-performance.md, thirty-fourth session).
            send = outbox<ToSpotThread>((batch) => w.postMessage(batch), 16, process.nextTick);
            resolve();
          }
        }
      };
      let delivered = Promise.resolve();
      w.on('message', ({ writes, messages }: FromSpotBatch) => {
        const onDisk = ownFlusher ? ownFlusher.covering(writes) : flushed(writes);
        delivered = Promise.all([delivered, onDisk]).then(() => deliver(messages), onError);
      });
      w.on('error', (err) => (ready ? onError(err) : reject(err)));
      w.on('exit', (code) => {
        void delivered.then(() => ownFlusher?.stop());
        if (worker !== w) return;
        worker = undefined;
        send = undefined;
        // What the thread sent before it died still goes out, once on disk; what it never
        // answered fails after that.
        void delivered.then(() => {
          const lost = new Error(`spot thread exited (${code})`);
          for (const p of pending.values()) p.reject(lost);
          pending.clear();
          if (stopping) return;
          onError(lost);
          replace();
        });
      });
    });

  /** A new thread, after a pause: a fault that strikes again at once must not spin. */
  const replace = () => {
    setTimeout(() => {
      if (stopping) return;
      spawn().catch((err: unknown) => {
        onError(err);
        replace();
      });
    }, REPLACE_AFTER_MS).unref();
  };

  return {
    async start() {
      pairs = new Map((await loadSpotPairs(db.kysely)).map((p) => [p.spec.symbol, p]));
      await spawn();
    },
    async stop() {
      // Set first: a thread being replaced must not come back after this.
      stopping = true;
      if (!worker) return;
      const w = worker;
      // A thread that dies while it is asked to stop (a fault already on its way) has stopped.
      // One whose stop failed (its database gone) is ended all the same, and the failure told.
      try {
        await call({ op: 'stop' }).catch((err: unknown) => {
          if (worker === w) throw err;
        });
      } finally {
        await w.terminate();
        await flusher?.stop();
      }
    },
    onTick(tick) {
      send?.({ t: 'tick', tick });
    },
    place: (user, side, req) => call({ op: 'place', trader: traderOf(user), side, req }),
    cancel: (userId, orderId) => call({ op: 'cancel', userId, orderId }),
    list: records.list,
    detail: records.detail,
    idOf: records.idOf,
    rules(pair) {
      const r = rules.get(pair);
      if (!r) throw new AppError('currency_not_exist');
      return r;
    },
    onOrders(listener) {
      orderListeners.add(listener);
      return () => void orderListeners.delete(listener);
    },
    idle: () => call({ op: 'idle' }),
    reloadSettings: () => call({ op: 'reloadSettings' }),
    pairs: () => [...pairs.keys()],
    listen(listener) {
      bookListeners.add(listener);
      return () => void bookListeners.delete(listener);
    },
    depth: (pair, limit) => mirrors.get(pair)?.snapshot(limit) ?? { pair, seq: 0, ts: 0, bids: [], asks: [] },
    trades: (pair, limit) => prints.get(pair)?.newest(limit) ?? [],
  };
};
