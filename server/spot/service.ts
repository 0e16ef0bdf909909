import {
  ASSET_SCALE,
  TRADES_LIMIT_MAX,
  type DepthLevel,
  type DepthSnapshot,
  type OrderListQuery,
  type OrderRef,
  type SpotOrderDetail,
  type SpotOrderPage,
  type SpotOrderView,
  type SpotPairRules,
} from '../../protocol';
import type { Db } from '../db/connect';
import { readGlobalConfig } from '../db/repos/siteConfig';
import { balanceCache, type KeptStore } from '../db/repos/balanceCache';
import { prepareLedgerStatements } from '../db/repos/ledger';
import {
  orderFromRow,
  prepareSpotStatements,
  spotBatch,
  spotReader,
  tradeFromRow,
  type SpotBatch,
  type SpotPairRow,
} from '../db/repos/spot';
import { symbolOf } from './settings';
import { assertCanTrade } from '../domain/accounts/flags';
import type { UserRecord } from '../domain/accounts/ports';
import { assertVerified } from '../domain/accounts/userinfo';
import type { Ledger } from '../domain/ledger/ledger';
import type { LedgerSession } from '../domain/ledger/post';
import type { AccountKey } from '../domain/ledger/ports';
import { isUserAccount, SYSTEM_ACCOUNTS, type Movement, type PostedEntry } from '../domain/ledger/types';
import { plainUnits } from '../domain/money/plain';
import { formatScaled, parseExact } from '../domain/money/scaled';
import { SpotEngine, type Band, type Execution } from '../domain/spot/engine';
import { houseLadder, planRequote } from '../domain/spot/house';
import { bandAround, sameOrder, validateOrder, type OrderInput } from '../domain/spot/rules';
import type { PairSpec, Side, SpotOrder, SpotTrade } from '../domain/spot/types';
import type { PairUnits } from '../domain/spot/units';
import { AppError } from '../domain/appError';
import type { BookListener, BookSource } from '../market/book';
import type { Tick } from '../market/feed';
import { CommitQueue } from './commitQueue';
import { DEFAULT_SPOT_CONFIG, type SpotConfig } from './config';
import { Prints } from '../market/prints';
import { loadSpotPairs } from './pairs';
import { spotRecords } from './records';
import { orderView, printView } from './views';
import { keyedTurns } from '../domain/keyedTurns';

export interface PlaceRequest extends Omit<OrderInput, 'side'> {
  pair: string;
  clientOid?: string | undefined;
}

/** The order as the rules read it, with its side. */
const inputOf = (req: PlaceRequest, side: Side): OrderInput & { pair: string } => ({
  pair: req.pair,
  side,
  type: req.type,
  price: req.price,
  qty: req.qty,
  amount: req.amount,
});

/** Told of each order whose state a batch changed, as its view (`V`: see `SpotService`). */
export type OrdersListener<V = SpotOrderView> = (userId: number, order: V) => void;

/** What the spot rules read of the user placing an order. */
export type Trader = Pick<UserRecord, 'id' | 'certification' | 'tradingDisabled' | 'locked'>;

/** Just those fields (what crosses to the spot thread with each order). */
export const traderOf = (u: Trader): Trader => ({
  id: u.id,
  certification: u.certification,
  tradingDisabled: u.tradingDisabled,
  locked: u.locked,
});

/** The spot books. `V` is the form in which an order's view is handed out: the view itself in this
 * thread, its JSON text from the spot thread (`createSpotThread`), either to the routes. */
export interface SpotService<V = SpotOrderView> extends BookSource {
  /** Loads the pairs and rebuilds every book from the open orders in the database. */
  start(): Promise<void>;
  /** Finishes the commands already queued. */
  stop(): Promise<void>;
  /** A reference price: the band and staleness follow it, and the house requotes. */
  onTick(tick: Tick): void;
  place(user: Trader, side: Side, req: PlaceRequest): Promise<V>;
  cancel(userId: number, id: number): Promise<V>;
  list(userId: number, query: OrderListQuery): Promise<SpotOrderPage>;
  detail(userId: number, id: number): Promise<SpotOrderDetail>;
  /** The id of the user's order named by its id or its client order id (order_not_exist if none). */
  idOf(userId: number, ref: OrderRef): Promise<number>;
  rules(pair: string): SpotPairRules;
  onOrders(listener: OrdersListener<V>): () => void;
  /** Resolves once every queued command has finished (tests, benchmarks, shutdown). */
  idle(): Promise<void>;
  /** Re-reads the pairs' spot settings (also done every few seconds). */
  reloadSettings(): Promise<void>;
  /** The listed pairs' symbols. */
  pairs(): string[];
}

interface SpotOptions {
  db: Db;
  ledger: Ledger;
  config?: SpotConfig;
  /** Seed of the house's level sizes. */
  seed?: number;
  /** Each pair's last depth seq published by books before these (a spot thread that died): the
   * chain goes on above it, so a subscriber holding a book at that seq sees a gap and resyncs,
   * where a chain starting again at 0 would be dropped as old until it caught up and then be
   * applied to a stale book. */
  depthSeqs?: Readonly<Record<string, number>>;
  now?: () => number;
  /** Whether the verification gate is on (site config `certification`); read per order. */
  certificationOn?: () => Promise<boolean>;
  onError?: (err: unknown) => void;
  /** Told each time the pairs' settings have been read (what `rules` answers may have changed). */
  onSettings?: () => void;
  /** When a committed batch may be answered and its news published: once it is on disk
   * (`db.durable`, the default). On the spot thread, at once: what it answers and publishes
   * crosses to the main thread, which flushes the log before it lets any of it out. */
  durable?: () => Promise<void>;
}

interface Book {
  spec: PairSpec;
  units: PairUnits;
  exact: boolean;
  enabled: boolean;
  minQuote: bigint;
  printLots: number;
  engine: SpotEngine;
  /** Ids of the house's orders that may still rest (checked against the book when read): a
   * requote looks at its own few quotes, not at every resting order. */
  houseIds: Set<number>;
  queue: CommitQueue<Batch, AccountKey>;
  ref: { price: number; ts: number } | undefined;
  requoteQueued: boolean;
  lastRequote: number;
  trades: Prints;
  depthSeq: number;
  depthTs: number;
}

/** What the commands of one batch share in its transaction: the ledger and the book's rows, both
 * written once when the batch ends. */
interface Batch {
  ledger: LedgerSession;
  rows: SpotBatch;
  /** The batch's balances, kept for the next batches (SQLite). */
  kept: KeptStore | undefined;
}

/** How often the books re-read their pairs' settings. */
const SETTINGS_REFRESH_MS = 5000;

/** A failure after the engine changed: the batch must roll back and the book be rebuilt. */
const fatal = (err: unknown) =>
  err instanceof AppError ? new Error('settlement refused', { cause: err }) : err;

/** The exchange's own accounts a pair's fills move: the house's and the fees' in both coins. */
const ownAccounts = (spec: PairSpec): AccountKey[] =>
  [SYSTEM_ACCOUNTS.fees, SYSTEM_ACCOUNTS.house].flatMap((userId) => [
    { userId, asset: spec.base },
    { userId, asset: spec.quote },
  ]);

/** Movements of one account and asset and type, summed: the house's own freezes and releases of
 * a requote are journaled as one entry each, not one per level. */
const net = (movements: readonly Movement[], ref: string): Movement[] => {
  const sums = new Map<string, Movement>();
  for (const m of movements) {
    const key = `${m.userId}:${m.asset}:${m.type}`;
    const s = sums.get(key);
    if (s) {
      s.available += m.available;
      s.frozen += m.frozen;
    } else
      sums.set(key, {
        userId: m.userId,
        asset: m.asset,
        available: m.available,
        frozen: m.frozen,
        type: m.type,
        ref,
      });
  }
  return [...sums.values()];
};

/**
 * Spot trading: one engine per pair behind its own commit queue (the single writer), persisted
 * with the ledger in one transaction per batch, published after commit. It is also the market's
 * book source: the depth and prints users see are the engine's real book and trades.
 */
export const createSpot = ({
  db,
  ledger,
  config = DEFAULT_SPOT_CONFIG,
  seed = 1,
  depthSeqs = {},
  now = Date.now,
  certificationOn = async () => (await readGlobalConfig(db.kysely)).certification,
  onError = () => undefined,
  onSettings = () => undefined,
  durable = db.durable,
}: SpotOptions): SpotService => {
  const books = new Map<string, Book>();
  const bookListeners = new Set<BookListener>();
  const orderListeners = new Set<OrdersListener>();
  const reader = spotReader(db.kysely);
  // The books' batches take turns on one connection, and each reads the accounts of its orders:
  // on SQLite those kept from the batches before are not read again.
  const kept = db.engine === 'sqlite' ? balanceCache() : undefined;
  const ids = { order: 0, trade: 0 };
  const fees = { makerPpm: config.makerFeePpm, takerPpm: config.takerFeePpm };

  const newEngine = (spec: PairSpec, units: PairUnits) =>
    new SpotEngine(spec, units, fees, SYSTEM_ACCOUNTS.fees, () => ++ids.trade);

  const rebuild = async (b: Book) => {
    const engine = newEngine(b.spec, b.units);
    b.houseIds = new Set();
    for (const row of await reader.openOrders(b.spec.symbol)) {
      const order = orderFromRow(row, b.spec);
      engine.restore(order);
      if (order.userId === SYSTEM_ACCOUNTS.house) b.houseIds.add(order.id);
    }
    b.engine = engine;
    b.engine.book.takeChanges();
    // Whoever watches depth resyncs from the snapshot: the diff chain restarts.
    b.depthSeq += 1;
  };

  const bookOf = (pair: string): Book => {
    const b = books.get(pair);
    if (!b) throw new AppError('currency_not_exist');
    return b;
  };

  /** The answer to an order sent under a client order id it was already placed with: that order
   * as it is now, if this is the same order; another order under the id is refused. */
  const retried = (row: Parameters<typeof orderFromRow>[0], side: Side, req: PlaceRequest) => {
    const own = bookOf(row.pair);
    const first = orderFromRow(row, own.spec);
    if (!sameOrder(first, inputOf(req, side), own.spec)) throw new AppError('client_oid_used');
    return orderView(first, own.spec, own.units);
  };

  const band = (b: Book): Band | undefined => {
    if (!b.ref || now() - b.ref.ts > config.staleMs) return undefined;
    return bandAround(b.ref.price, config.bandPpm);
  };

  /** The batch's changes of the book as the next depth diff, to send once the batch is answered. */
  const depthNews = (b: Book) => {
    const changes = b.engine.book.takeChanges();
    if (changes.buy.length === 0 && changes.sell.length === 0) return undefined;
    const level =
      (side: Side) =>
      (price: number): DepthLevel => [
        formatScaled(BigInt(price), b.spec.pricePrecision),
        formatScaled(BigInt(b.engine.book.levelTotal(side, price)), b.spec.qtyPrecision),
      ];
    const prev = b.depthSeq;
    b.depthSeq += 1;
    b.depthTs = now();
    const diff = {
      seq: b.depthSeq,
      prev,
      ts: b.depthTs,
      bids: changes.buy.map(level('buy')),
      asks: changes.sell.map(level('sell')),
    };
    return () => {
      for (const l of bookListeners) l.depth(b.spec.symbol, diff);
    };
  };

  /** What a command tells once its batch is answered: the owners' orders and balances, the
   * prints. The views are made now, as the orders stand after this command; `answer`, the view
   * the command answers with, is its order's news too, so the spot thread's message to the main
   * thread carries it once (a structured clone copies a shared object once). */
  const publisher = (
    b: Book,
    orders: readonly SpotOrder[],
    trades: readonly SpotTrade[],
    entries: PostedEntry[],
    answer?: SpotOrderView,
  ) => {
    const views: Array<[number, SpotOrderView]> = [];
    for (const o of orders)
      if (isUserAccount(o.userId))
        views.push([o.userId, o.id === answer?.id ? answer : orderView(o, b.spec, b.units)]);
    const prints = trades.map((t) => printView(t, b.spec)).reverse();
    return () => {
      for (const [userId, view] of views) for (const l of orderListeners) l(userId, view);
      ledger.announce(entries);
      if (prints.length > 0) {
        b.trades.add(prints);
        for (const l of bookListeners) l.trades(b.spec.symbol, prints);
      }
    };
  };

  /** Persists what the engine did in the batch's transaction. House orders cancelled without a
   * fill are dropped rather than kept: requoting would otherwise fill the table with them. */
  const persist = (rows: SpotBatch, exec: Execution) => {
    const dropped = exec.orders.filter(
      (o) => o.userId === SYSTEM_ACCOUNTS.house && o.status === 'cancelled' && o.filledQty === 0,
    );
    rows.saveOrders(exec.orders.filter((o) => !dropped.includes(o)));
    rows.dropOrders(dropped.map((o) => o.id));
    rows.saveTrades(exec.trades);
  };

  const merge = (execs: Execution[]): Execution => {
    const orders = new Map<number, SpotOrder>();
    for (const e of execs) for (const o of e.orders) orders.set(o.id, o);
    return {
      orders: [...orders.values()],
      trades: execs.flatMap((e) => e.trades),
      movements: execs.flatMap((e) => e.movements),
    };
  };

  const requote = (b: Book) => {
    b.requoteQueued = true;
    void b.queue
      .push(async ({ ledger: session, rows }) => {
        b.requoteQueued = false;
        b.lastRequote = now();
        const bandNow = band(b);
        const ref = b.ref;
        // On a pair an operator closed, the house takes its quotes down (an empty ladder): no one
        // may trade there, and left in the book they would go stale against the live price.
        const quoting = b.enabled && bandNow && ref && config.houseLevels > 0;
        if (b.enabled && !quoting) return { value: undefined };
        const t = now();
        const house = SYSTEM_ACCOUNTS.house;
        const ladder = quoting
          ? houseLadder(b.spec.symbol, ref.price, b.printLots, {
              levels: config.houseLevels,
              stepBp: config.houseStepBp,
              seed,
            })
          : [];
        const resting: SpotOrder[] = [];
        for (const id of [...b.houseIds]) {
          const o = b.engine.openOrder(id);
          if (o) resting.push(o);
          else b.houseIds.delete(id);
        }
        const plan = planRequote(resting, ladder);
        if (plan.cancel.length === 0 && plan.place.length === 0) return { value: undefined };
        const budget = {
          buy: (await session.balance({ userId: house, asset: b.spec.quote })).available,
          sell: (await session.balance({ userId: house, asset: b.spec.base })).available,
        };
        const cancelled: Execution[] = [];
        const execs: Execution[] = [];
        try {
          for (const id of plan.cancel) {
            const e = b.engine.cancel(id, t);
            if (!e) continue;
            cancelled.push(e);
            // What a cancel releases is available again for the new levels.
            for (const o of e.orders) budget[o.side] += e.movements.reduce((a, m) => a + m.available, 0n);
          }
          const placed: SpotOrder[] = [];
          // Only a pair being quoted has a ladder to place, and a band to place it in.
          if (quoting)
            for (const q of plan.place) {
              const order = b.engine.create(
                {
                  id: ids.order + 1,
                  userId: house,
                  side: q.side,
                  type: 'limit',
                  price: q.price,
                  qty: q.qty,
                  budget: null,
                  clientOid: null,
                },
                bandNow,
                t,
              );
              if (order.frozen > budget[q.side]) continue;
              ids.order += 1;
              budget[q.side] -= order.frozen;
              placed.push(order);
            }
          const own = [...cancelled.flatMap((e) => e.movements), ...placed.map((o) => b.engine.freezeOf(o))];
          const entries = await session.post(net(own, `requote:${b.spec.symbol}`), t);
          if (quoting)
            for (const o of placed) {
              execs.push(b.engine.execute(o, bandNow, t));
              b.houseIds.add(o.id);
            }
          entries.push(
            ...session.settle(
              execs.flatMap((e) => e.movements),
              t,
            ),
          );
          const all = merge([...cancelled, ...execs]);
          persist(rows, all);
          return { value: undefined, publish: publisher(b, all.orders, all.trades, entries) };
        } catch (err) {
          throw fatal(err);
        }
      })
      .catch(onError);
  };

  const placeIn = async (
    { ledger: session, rows }: Batch,
    b: Book,
    userId: number,
    side: Side,
    req: PlaceRequest,
  ) => {
    if (req.clientOid) {
      const first = await rows.byClientOid(userId, req.clientOid);
      if (first) return { value: retried(first, side, req) };
    }
    const bandNow = band(b);
    if (!bandNow || !b.ref) throw new AppError('price_abnormal');
    const valid = validateOrder(inputOf(req, side), b.spec, b.units, b.ref.price, bandNow, b.minQuote);
    const t = now();
    const order = b.engine.create(
      { id: ++ids.order, userId, clientOid: req.clientOid ?? null, ...valid },
      bandNow,
      t,
    );
    // Refused here (insufficient balance), the order never reaches the book.
    const frozen = await session.post([b.engine.freezeOf(order)], t);
    try {
      const exec = b.engine.execute(order, bandNow, t);
      const entries = [...frozen, ...session.settle(exec.movements, t)];
      persist(rows, exec);
      const view = orderView(order, b.spec, b.units);
      return { value: view, publish: publisher(b, exec.orders, exec.trades, entries, view) };
    } catch (err) {
      throw fatal(err);
    }
  };

  const submit = async (b: Book, user: Trader, side: Side, req: PlaceRequest) => {
    // A retry answers what its first attempt did, even if the account or the pair was closed to
    // new orders since: refused, the client would take the resting order for one never placed.
    if (req.clientOid) {
      const first = await reader.byClientOid(user.id, req.clientOid);
      if (first) return retried(first, side, req);
    }
    if (!b.enabled) throw new AppError('spot_not_enabled');
    assertCanTrade(user);
    await assertVerified(user.certification, certificationOn);
    // Checked before queueing so a bad order never waits for the writer; checked again there
    // against the price of the moment.
    const bandNow = band(b);
    if (!bandNow || !b.ref) throw new AppError('price_abnormal');
    validateOrder(inputOf(req, side), b.spec, b.units, b.ref.price, bandNow, b.minQuote);
    return b.queue.push((trx) => placeIn(trx, b, user.id, side, req), {
      userId: user.id,
      asset: b.engine.frozenAsset(side),
    });
  };

  /** Runs under one key take turns. Orders under one client order id are placed one after the
   * other: two on different books at once would each miss the other's order, and the second batch
   * would fail on the database's unique key, taking every order of that batch down with it. */
  const oneAtATime = keyedTurns();

  const pairSettings = async () => new Map((await reader.pairs()).map((r) => [symbolOf(r), r]));

  /** Operators open and close pairs and set minimums from the CLI (another process): the books
   * follow the stored settings. A pair without exact units never trades. */
  const applySettings = (rows: Map<string, SpotPairRow>) => {
    for (const [symbol, b] of books) {
      const row = rows.get(symbol);
      const was = b.enabled;
      b.enabled = b.exact && row?.spot_enabled !== 0;
      b.minQuote = parseExact(row?.spot_min_amount ?? '0', ASSET_SCALE) ?? 0n;
      // Closed, the house pulls its quotes; reopened, it quotes at once rather than at the next tick.
      if (was !== b.enabled && b.ref && !b.requoteQueued) requote(b);
    }
    onSettings();
  };
  const reloadSettings = async () => applySettings(await pairSettings());
  let refreshTimer: NodeJS.Timeout | undefined;

  const records = spotRecords(db.kysely, (symbol) => books.get(symbol));

  return {
    async start() {
      // Before the first batch: a statement first made under load stalls every order behind it.
      prepareSpotStatements(db.kysely);
      prepareLedgerStatements(db.kysely);
      const max = await reader.maxIds();
      ids.order = max.order;
      ids.trade = max.trade;
      for (const { spec, units, exact, printLots } of await loadSpotPairs(db.kysely)) {
        const b: Book = {
          spec,
          units,
          exact,
          enabled: false,
          minQuote: 0n,
          printLots,
          engine: undefined as unknown as SpotEngine,
          houseIds: new Set(),
          queue: undefined as unknown as CommitQueue<Batch, AccountKey>,
          ref: undefined,
          requoteQueued: false,
          lastRequote: 0,
          trades: new Prints(),
          depthSeq: depthSeqs[spec.symbol] ?? 0,
          depthTs: 0,
        };
        const own = ownAccounts(spec);
        b.queue = new CommitQueue<Batch, AccountKey>({
          db: db.kysely,
          begin: (trx) => {
            const store = kept?.open(trx);
            return { ledger: ledger.session(trx, store), rows: spotBatch(trx, spec, db.engine), kept: store };
          },
          // The accounts the batch's orders freeze from, read together rather than one by one,
          // with the house's and the fees' in the pair's two assets. Every ledger post locks its
          // accounts in one fixed order, the exchange's own (negative ids) first, but a batch
          // reaches the house only at its first fill, after its traders: on PostgreSQL a contract
          // opening or settling (the house's USDT, then the trader's) at that moment deadlocked with
          // it, and PostgreSQL breaks a deadlock only after deadlock_timeout, a second's stall.
          prepare: (batch, accounts) => batch.ledger.hold(own.concat(accounts)),
          finish: async (batch) => {
            await batch.ledger.flush();
            await batch.rows.flush();
            await batch.kept?.seal();
          },
          committed: (batch) => batch.kept?.committed(),
          onAbort: async (err) => {
            onError(err);
            await rebuild(b);
          },
          afterBatch: () => depthNews(b),
          durable,
          onPublishError: onError,
          // The books' transactions take turns, as they do on SQLite's one connection. On
          // PostgreSQL two books at once locked shared accounts (a user's USDT, the house's, the
          // fees') in different orders (a batch's freezes first, its fills' later) and deadlocked,
          // and PostgreSQL breaks a deadlock only after deadlock_timeout: a second's stall of both.
          inTurn: (transaction) => oneAtATime('books', transaction),
        });
        await rebuild(b);
        b.trades = new Prints(
          (await reader.recentTrades(spec.symbol, TRADES_LIMIT_MAX)).map((r) =>
            printView(tradeFromRow(r, spec), spec),
          ),
        );
        books.set(spec.symbol, b);
      }
      await reloadSettings();
      refreshTimer = setInterval(() => void reloadSettings().catch(onError), SETTINGS_REFRESH_MS);
      refreshTimer.unref();
    },
    async stop() {
      clearInterval(refreshTimer);
      for (const b of books.values()) await b.queue.idle();
    },
    reloadSettings,
    async idle() {
      for (const b of books.values()) await b.queue.idle();
    },
    onTick(tick) {
      const b = books.get(tick.pair);
      if (!b || tick.price <= 0n) return;
      b.ref = { price: Number(tick.price), ts: tick.ts };
      if (b.enabled && !b.requoteQueued && now() - b.lastRequote >= config.requoteMs) requote(b);
    },
    async place(user, side, req) {
      const b = bookOf(req.pair);
      if (!req.clientOid) return submit(b, user, side, req);
      return oneAtATime(`${user.id}:${req.clientOid}`, () => submit(b, user, side, req));
    },
    async cancel(userId, id) {
      const row = await reader.order(userId, id);
      const b = row ? books.get(row.pair) : undefined;
      if (!row || !b) throw new AppError('order_not_exist');
      return b.queue.push(async ({ ledger: session, rows }) => {
        const t = now();
        const open = b.engine.openOrder(id);
        // Already finished (filled, or cancelled by an earlier call): answered as it is.
        if (!open || open.userId !== userId) {
          return { value: orderView(orderFromRow(await rows.order(id), b.spec), b.spec, b.units) };
        }
        const exec = b.engine.cancel(id, t)!;
        try {
          const entries = session.settle(exec.movements, t);
          persist(rows, exec);
          const view = orderView(open, b.spec, b.units);
          return { value: view, publish: publisher(b, exec.orders, [], entries, view) };
        } catch (err) {
          throw fatal(err);
        }
      });
    },
    list: records.list,
    detail: records.detail,
    idOf: records.idOf,
    pairs: () => [...books.keys()],
    rules(pair) {
      const b = bookOf(pair);
      const ppm = (v: bigint) => plainUnits(v * 100n);
      return {
        pair,
        enabled: b.enabled,
        minAmount: plainUnits(b.minQuote),
        makerFee: ppm(config.makerFeePpm),
        takerFee: ppm(config.takerFeePpm),
        band: ppm(config.bandPpm),
      };
    },
    onOrders(listener) {
      orderListeners.add(listener);
      return () => void orderListeners.delete(listener);
    },
    listen(listener) {
      bookListeners.add(listener);
      return () => void bookListeners.delete(listener);
    },
    depth(pair, limit): DepthSnapshot {
      const b = books.get(pair);
      if (!b) return { pair, seq: 0, ts: 0, bids: [], asks: [] };
      const fmt = ([p, q]: [number, number]): DepthLevel => [
        formatScaled(BigInt(p), b.spec.pricePrecision),
        formatScaled(BigInt(q), b.spec.qtyPrecision),
      ];
      return {
        pair,
        seq: b.depthSeq,
        ts: b.depthTs,
        bids: b.engine.book.depth('buy', limit).map(fmt),
        asks: b.engine.book.depth('sell', limit).map(fmt),
      };
    },
    trades(pair, limit) {
      return books.get(pair)?.trades.newest(limit) ?? [];
    },
  };
};
