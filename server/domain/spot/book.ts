import { IdIndex } from './idIndex';
import { PriceLadder } from './levels';
import type { Side } from './types';

/** A resting order as the book sees it: price in ticks, size in lots (safe integers), and what its
 * owner keeps with it (the engine: the whole order), so nobody needs a second map by id.
 * The book reuses the record once the order has left: one handed out (a fill's maker, a cancel's
 * answer) may be read until the next `rest`, not kept. */
interface Resting<P = unknown> {
  readonly id: number;
  readonly userId: number;
  readonly side: Side;
  readonly price: number;
  readonly remaining: number;
  readonly payload: P;
}

/** The book's own view of a resting order: everything writable, so a record can be reused. */
interface Slot<P> {
  id: number;
  userId: number;
  side: Side;
  price: number;
  remaining: number;
  payload: P;
  prev: Slot<P> | undefined;
  next: Slot<P> | undefined;
  /** The level it rests in, so a cancel finds it without a lookup. */
  level: Level<P>;
}

/** One price level: its orders in arrival order (a linked list, so a cancel is O(1)). */
interface Level<P> {
  price: number;
  /** Rises towards the best level (PriceLadder): the price of a bid, minus the price of an ask. */
  key: number;
  head: Slot<P> | undefined;
  tail: Slot<P> | undefined;
  total: number;
  /** The round of `takeChanges` in which its price was last listed as changed (-1: not since the
   * record took this price). */
  listed: number;
}

interface Fill<P = unknown> {
  /** The resting order that traded. */
  maker: Resting<P>;
  price: number;
  qty: number;
  /** The maker's size left after this fill (0: it left the book). */
  makerRemaining: number;
}

/** What one `match` did; the book reuses it, so it is valid until the next call. */
interface Match<P = unknown> {
  fills: readonly Fill<P>[];
  /** Resting orders of the taker's own account it met: cancelled instead of traded with. */
  selfTrades: readonly Resting<P>[];
  /** Lots filled, and their cost in ticks × lots. */
  filled: number;
  cost: number;
}

// Most matches fill nothing (a limit order that only rests): they share these.
const NO_FILLS: readonly never[] = Object.freeze([]);
const NO_SELF_TRADES: readonly never[] = Object.freeze([]);

const better = (side: Side, a: number, b: number) => (side === 'buy' ? a > b : a < b);

/** Prices a side lists as changed before it drops the repeats among them, for a book whose owner
 * seldom takes its changes. */
const LISTED_MAX = 1024;

/** Empty levels a side keeps in its ladder (see `levelEmptied`) before it sweeps them out, as
 * long as they are also more than the levels holding orders. */
const KEEP_EMPTY = 4096;

const holdsOrders = (level: Level<unknown>) => level.head !== undefined;

const distinct = (prices: number[]) => [...new Set(prices)];

/**
 * The order book of one pair: price-time priority over integer ticks and lots. Single writer and
 * synchronous: it knows nothing of money, accounts or storage; the engine around it does.
 * It records which levels changed so the caller can publish depth diffs.
 *
 * Records of orders and levels that left the book are kept and reused, and orders and levels are
 * found through tables that stop growing at the book's size: in steady trading an order that
 * rests, is cancelled or empties a level allocates nothing, and only a match that trades makes its
 * list of fills (about 18 bytes an operation of the benchmark's mix), so the garbage collector
 * (whose pauses set a matching engine's latency tail) has little of the book's making to collect.
 */
export class OrderBook<P = undefined> {
  private readonly sides: Record<Side, PriceLadder<Level<P>>> = {
    buy: new PriceLadder(),
    sell: new PriceLadder(),
  };
  private readonly byPrice: Record<Side, IdIndex<Level<P>>> = { buy: new IdIndex(), sell: new IdIndex() };
  private readonly orders = new IdIndex<Slot<P>>();
  private readonly spareSlots: Slot<P>[] = [];
  private readonly spareLevels: Level<P>[] = [];
  private readonly emptyLevels: Record<Side, number> = { buy: 0, sell: 0 };
  /** Prices whose level changed in this round of `takeChanges`, each listed once through its
   * level's mark: a Set of them cost about a fifth of the book's time an operation. A price can
   * come twice only if its level left the book and came back within the round. */
  private readonly changed: Record<Side, number[]> = { buy: [], sell: [] };
  /** How long a side's list may grow before its repeats are dropped: twice what was left the last
   * time, so that dropping them stays a constant cost a change however many prices a round has. */
  private readonly compactAt: Record<Side, number> = { buy: LISTED_MAX, sell: LISTED_MAX };
  private round = 0;
  private readonly result: Match<P> = { fills: NO_FILLS, selfTrades: NO_SELF_TRADES, filled: 0, cost: 0 };

  get size() {
    return this.orders.size;
  }

  has(id: number) {
    return this.orders.has(id);
  }

  get(id: number): Resting<P> | undefined {
    return this.orders.get(id);
  }

  /** Every resting order, in no particular order. */
  resting(): IterableIterator<Resting<P>> {
    return this.orders.values();
  }

  best(side: Side): number | undefined {
    return this.sides[side].best()?.price;
  }

  /** Puts an order at the back of its level, without matching (the caller matched first). */
  rest(id: number, userId: number, side: Side, price: number, qty: number, payload: P): void {
    if (this.orders.has(id)) throw new Error(`order ${id} already rests`);
    let level = this.byPrice[side].get(price);
    if (!level) {
      level = this.spareLevels.pop() ?? {
        price,
        key: 0,
        head: undefined,
        tail: undefined,
        total: 0,
        listed: -1,
      };
      level.price = price;
      level.key = side === 'buy' ? price : -price;
      level.total = 0;
      level.listed = -1;
      this.sides[side].insert(level);
      this.byPrice[side].set(price, level);
    } else if (!level.head) this.emptyLevels[side] -= 1;
    let order = this.spareSlots.pop();
    if (order) {
      order.id = id;
      order.userId = userId;
      order.side = side;
      order.price = price;
      order.remaining = qty;
      order.payload = payload;
      order.level = level;
    } else
      order = { id, userId, side, price, remaining: qty, payload, prev: undefined, next: undefined, level };
    order.prev = level.tail;
    if (level.tail) level.tail.next = order;
    else level.head = order;
    level.tail = order;
    level.total += qty;
    this.orders.set(id, order);
    this.noteChange(side, level);
  }

  cancel(id: number): Resting<P> | undefined {
    const order = this.orders.get(id);
    if (!order) return undefined;
    this.unlink(order);
    return order;
  }

  /**
   * Takes liquidity for a taker of `side` up to `limit` (a price it will not trade beyond), at
   * most `maxQty` lots and `maxCost` ticks × lots. A resting order of the same account is
   * cancelled rather than traded with (self-trade prevention: the newer intent wins).
   */
  match(userId: number, side: Side, limit: number, maxQty: number, maxCost = Infinity): Match<P> {
    const makerSide: Side = side === 'buy' ? 'sell' : 'buy';
    const ladder = this.sides[makerSide];
    let fills: Fill<P>[] | undefined;
    let selfTrades: Slot<P>[] | undefined;
    let left = maxQty;
    let budget = maxCost;
    let cost = 0;
    for (let level = ladder.best(); left > 0 && level; level = ladder.best()) {
      if (better(side, level.price, limit)) break;
      const affordable = Math.floor(budget / level.price);
      if (affordable === 0) break;
      let order = level.head;
      while (order && left > 0) {
        const next = order.next;
        if (order.userId === userId) {
          this.unlink(order);
          (selfTrades ??= []).push(order);
          order = next;
          continue;
        }
        const qty = Math.min(order.remaining, left, Math.floor(budget / level.price));
        if (qty === 0) break;
        order.remaining -= qty;
        level.total -= qty;
        left -= qty;
        budget -= qty * level.price;
        cost += qty * level.price;
        (fills ??= []).push({
          maker: order,
          price: level.price,
          qty,
          makerRemaining: order.remaining,
        });
        this.noteChange(makerSide, level);
        if (order.remaining === 0) this.unlink(order);
        order = next;
      }
      // A level that still holds orders stopped the taker (size, budget): nothing further fills.
      if (level.head) break;
    }
    const out = this.result;
    out.fills = fills ?? NO_FILLS;
    out.selfTrades = selfTrades ?? NO_SELF_TRADES;
    out.filled = maxQty - left;
    out.cost = cost;
    return out;
  }

  /** The best `limit` levels of a side: `[price, total lots]`. */
  depth(side: Side, limit: number): Array<[number, number]> {
    return this.sides[side].fromBest(limit, holdsOrders).map((l): [number, number] => [l.price, l.total]);
  }

  /** Level size at a price (0 when none rests there). */
  levelTotal(side: Side, price: number): number {
    return this.byPrice[side].get(price)?.total ?? 0;
  }

  /** Prices whose level changed since the last call, per side. */
  takeChanges(): Record<Side, number[]> {
    const out = { buy: distinct(this.changed.buy), sell: distinct(this.changed.sell) };
    this.changed.buy = [];
    this.changed.sell = [];
    this.compactAt.buy = LISTED_MAX;
    this.compactAt.sell = LISTED_MAX;
    this.round += 1;
    return out;
  }

  /** Every resting order, best level first and in time order within a level (for tests and
   * for comparing a rebuilt book with the live one). */
  snapshot(): Record<Side, Array<{ id: number; price: number; remaining: number }>> {
    const list = (side: Side) => {
      const out: Array<{ id: number; price: number; remaining: number }> = [];
      for (const level of this.sides[side].fromBest(Infinity, holdsOrders)) {
        for (let o = level.head; o; o = o.next)
          out.push({ id: o.id, price: o.price, remaining: o.remaining });
      }
      return out;
    };
    return { buy: list('buy'), sell: list('sell') };
  }

  private unlink(order: Slot<P>) {
    const level = order.level;
    if (order.prev) order.prev.next = order.next;
    else level.head = order.next;
    if (order.next) order.next.prev = order.prev;
    else level.tail = order.prev;
    level.total -= order.remaining;
    order.prev = undefined;
    order.next = undefined;
    this.orders.delete(order.id);
    this.noteChange(order.side, level);
    if (!level.head) this.levelEmptied(order.side, level);
    this.spareSlots.push(order);
  }

  /**
   * A level emptied behind the best stays in the ladder, empty: the prices near the market are
   * rested at again and again, and a level that is still there costs no insert (a search and a
   * copy within its block) nor a remove when they are. The best level always holds orders, so
   * when it empties, it goes with the empty levels right behind it. Empty levels past
   * `KEEP_EMPTY` (and past the levels holding orders) are swept out in one pass.
   */
  private levelEmptied(side: Side, level: Level<P>) {
    const ladder = this.sides[side];
    if (ladder.best() === level) {
      for (let top = ladder.best(); top && !top.head; top = ladder.best()) {
        ladder.remove(top);
        this.dropLevel(side, top);
        if (top !== level) this.emptyLevels[side] -= 1;
      }
      return;
    }
    this.emptyLevels[side] += 1;
    const empty = this.emptyLevels[side];
    if (empty > KEEP_EMPTY && empty > ladder.size - empty) this.sweep(side);
  }

  // A method of its own: a closure over `side` in `levelEmptied` would make V8 allocate that
  // function's context on every call, the sweep or not.
  private sweep(side: Side) {
    this.sides[side].retain(holdsOrders, (gone) => this.dropLevel(side, gone));
    this.emptyLevels[side] = 0;
  }

  private noteChange(side: Side, level: Level<P>) {
    if (level.listed === this.round) return;
    level.listed = this.round;
    const listed = this.changed[side];
    listed.push(level.price);
    if (listed.length > this.compactAt[side]) {
      const kept = distinct(listed);
      this.changed[side] = kept;
      this.compactAt[side] = Math.max(LISTED_MAX, 2 * kept.length);
    }
  }

  private dropLevel(side: Side, level: Level<P>) {
    this.byPrice[side].delete(level.price);
    this.spareLevels.push(level);
  }
}
