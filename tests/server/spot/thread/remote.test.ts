import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SpotOrderView } from '../../../../protocol';
import { AppError } from '../../../../server/domain/appError';
import { createLedger, type Ledger } from '../../../../server/domain/ledger/ledger';
import type { DepthDiff } from '../../../../server/market/book';
import { DEFAULT_SPOT_CONFIG } from '../../../../server/spot/config';
import type { SpotService } from '../../../../server/spot/service';
import { JsonText } from '../../../../server/wire/jsonText';
import { decoded } from '../../helpers/jsonText';
import { configureSpotPair } from '../../../../server/spot/settings';
import { startLogFlusher } from '../../../../server/spot/thread/logFlusher';
import { createSpotThread } from '../../../../server/spot/thread/remote';
import { fund, tick, trader, units } from '../../helpers/spot';
import { notIndexed } from '../../helpers/ownerIndex';
import { forEachSharedEngine, type SharedTestDb } from '../../helpers/testDb';

const A = trader(501);
const B = trader(502);

describe.each(forEachSharedEngine())('spot on its own thread, on %s', (_engine, open) => {
  let t: SharedTestDb;
  let ledger: Ledger;
  let spot: SpotService<JsonText<SpotOrderView>> | undefined;

  const startThread = async (
    onError?: (err: unknown) => void,
    db = t.db,
    startFlusher: typeof startLogFlusher = startLogFlusher,
  ) => {
    const s = createSpotThread({
      db,
      ledger,
      startFlusher,
      database: t.database,
      // No house quotes: every fill here is between the two traders.
      config: { ...DEFAULT_SPOT_CONFIG, houseLevels: 0 },
      seed: 1,
      onError,
    });
    await s.start();
    tick(s, 'btcusdt', '100000.00', Date.now());
    return s;
  };

  beforeEach(async () => {
    t = await open({ seed: true });
    ledger = createLedger(t.db);
    await fund(ledger, A.id, { USDT: '100000', BTC: '2' });
    await fund(ledger, B.id, { USDT: '100000', BTC: '2' });
  }, 30_000);
  afterEach(async () => {
    await spot?.stop();
    spot = undefined;
    await t.close();
  }, 30_000);

  it('places and fills across threads; orders, balances, depth and prints reach this thread', async () => {
    spot = await startThread();
    const orders: Array<[number, SpotOrderView]> = [];
    const changed: number[] = [];
    const diffs: DepthDiff[] = [];
    spot.onOrders((userId, o) => orders.push([userId, decoded(o)]));
    ledger.onChange((c) => changed.push(...c.map((e) => e.userId)));
    spot.listen({ depth: (_pair, d) => diffs.push(d), trades: () => undefined });

    // Order views cross as their JSON text, which the routes send as it is.
    const ask = decoded(
      await spot.place(A, 'sell', {
        pair: 'btcusdt',
        type: 'limit',
        price: '100100.00',
        qty: '0.5',
      }),
    );
    expect(ask).toMatchObject({ side: 'sell', status: 'app.data.order_pending', qty: '0.50000' });
    await vi.waitFor(() => expect(spot!.depth('btcusdt', 5).asks).toEqual([['100100.00', '0.50000']]));
    expect(diffs.at(-1)!.asks).toEqual([['100100.00', '0.50000']]);

    const take = decoded(await spot.place(B, 'buy', { pair: 'btcusdt', type: 'market', qty: '0.2' }));
    expect(take).toMatchObject({ status: 'app.data.order_completed', filledQty: '0.20000' });
    await vi.waitFor(() => expect(spot!.depth('btcusdt', 5).asks).toEqual([['100100.00', '0.30000']]));
    expect(spot.trades('btcusdt', 1)[0]).toMatchObject({ price: '100100.00', qty: '0.20000' });
    expect(orders.map(([userId, o]) => [userId, o.id])).toEqual(
      expect.arrayContaining([
        [A.id, ask.id],
        [B.id, take.id],
      ]),
    );
    expect(new Set(changed)).toEqual(new Set([A.id, B.id]));
    // Fees go to the fee account, which no socket follows: only owners cross.
    expect(changed.every((id) => id > 0)).toBe(true);

    // Records are read on this thread, from what the spot thread committed.
    const detail = await spot.detail(B.id, take.id);
    expect(detail.fills).toHaveLength(1);
    expect((await spot.list(A.id, { tab: 'open', status: 'all', page: 1, size: 10 })).list[0]!.id).toBe(
      ask.id,
    );
    expect((await ledger.balances(B.id)).find((b) => b.asset === 'BTC')!.available).toBe('2.19980000');

    const cancelled = decoded(await spot.cancel(A.id, ask.id));
    expect(cancelled.status).toBe('app.data.order_cancelled');
    await vi.waitFor(() => expect(spot!.depth('btcusdt', 5).asks).toEqual([]));
  });

  it('sends a batch’s answers and news in one message, each order’s view encoded and sent once', async () => {
    spot = await startThread();
    const news = new Map<number, JsonText<SpotOrderView>>();
    spot.onOrders((_userId, o) => news.set(decoded(o).id, o));
    // Sent together, twelve orders make one batch: 24 answers and news and the batch's balances,
    // depth and prints, more than a slice of 16.
    const placed = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        spot!.place(B, 'buy', { pair: 'btcusdt', type: 'limit', price: `${99_000 + i}.00`, qty: '0.01' }),
      ),
    );
    // The answer is its news, carried by one message: the same text, taken in once here.
    for (const answer of placed) {
      expect(answer).toBeInstanceOf(JsonText);
      expect(news.get(decoded(answer).id)).toBe(answer);
    }
    const cancelled = await spot.cancel(B.id, decoded(placed[0]!).id);
    expect(decoded(cancelled).status).toBe('app.data.order_cancelled');
    expect(news.get(decoded(cancelled).id)).toBe(cancelled);
  });

  it('lets out nothing the thread sends, answer or news, before the log holding it is flushed', async () => {
    let release = () => undefined as void;
    const held = new Promise<void>((r) => (release = r));
    let holding = false;
    const flushes: string[] = [];
    // On SQLite the log's flusher covers the thread's writes; on PostgreSQL the main thread's
    // connection answers for them. Either is held here.
    const flushLog = async () => {
      flushes.push('asked');
      if (holding) await held;
      await t.db.flushLog();
    };
    const startFlusher: typeof startLogFlusher = (opts) => {
      const real = startLogFlusher(opts);
      return {
        shared: real.shared,
        stop: real.stop,
        covering: (writes) => {
          flushes.push('asked');
          return holding ? held.then(() => real.covering(writes)) : real.covering(writes);
        },
      };
    };
    spot = await startThread(undefined, { ...t.db, flushLog }, startFlusher);
    const orders: number[] = [];
    spot.onOrders((_userId, o) => orders.push(decoded(o).id));
    holding = true;
    flushes.length = 0;

    let answered = false;
    const placing = spot
      .place(A, 'buy', { pair: 'btcusdt', type: 'limit', price: '99900.00', qty: '0.1' })
      .then((o) => ((answered = true), decoded(o)));
    // Committed on the thread, and sent: yet neither answered nor told of while the flush waits.
    const committed = () =>
      t.db.kysely.selectFrom('spot_orders').select('id').where('user_id', '=', A.id).execute();
    await vi.waitFor(async () => expect(await committed()).toHaveLength(1));
    await vi.waitFor(() => expect(flushes).not.toEqual([]));
    await new Promise((r) => setTimeout(r, 50));
    expect(answered).toBe(false);
    expect(orders).toEqual([]);
    expect(spot.depth('btcusdt', 5).bids).toEqual([]);

    release();
    const bid = await placing;
    expect(bid.id).toBe((await committed())[0]!.id);
    await vi.waitFor(() => expect(orders).toContain(bid.id));
    expect(spot.depth('btcusdt', 5).bids).toEqual([['99900.00', '0.10000']]);
  });

  it('refusals cross as the same catalogued errors, limit failures with their code and value', async () => {
    spot = await startThread();
    const refused = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: unknown) => e as AppError,
      );

    const unknown = await refused(spot.place(A, 'buy', { pair: 'xyzusdt', type: 'market', qty: '1' }));
    expect(unknown).toBeInstanceOf(AppError);
    expect(unknown).toMatchObject({ key: 'app.msg.currency_not_exist', status: 404 });

    const poor = await refused(
      spot.place(A, 'buy', { pair: 'btcusdt', type: 'limit', price: '99000', qty: '1.5' }),
    );
    expect(poor).toMatchObject({ key: 'app.msg.insufficient_balance' });

    await configureSpotPair(
      t.db,
      { operatorId: null, name: 'cli:test' },
      { pair: 'btcusdt', minAmount: '60000' },
    );
    await spot.reloadSettings();
    expect(spot.rules('btcusdt').minAmount).toBe('60000');
    const small = await refused(
      spot.place(A, 'buy', { pair: 'btcusdt', type: 'limit', price: '99000', qty: '0.5' }),
    );
    expect(small).toMatchObject({
      code: 2001,
      key: 'app.msg.order_amount_min',
      data: { value: '60000 USDT' },
    });

    expect(() => spot!.rules('xyzusdt')).toThrow(AppError);
    // Nothing was left behind by the refusals.
    expect((await spot.list(A.id, { tab: 'all', status: 'all', page: 1, size: 10 })).total).toBe(0);
    expect((await ledger.balances(A.id)).find((b) => b.asset === 'USDT')!.frozen).toBe('0.00000000');
  });

  it('takes each order against the balances as this thread’s writers left them', async () => {
    spot = await startThread();
    const buy = (qty: string) =>
      spot!.place(A, 'buy', { pair: 'btcusdt', type: 'limit', price: '99000.00', qty }).then(
        (o) => decoded(o).status,
        (e: unknown) => (e as AppError).key,
      );
    // The thread has read and written A's USDT: 100 000, of which 9 900 now frozen.
    expect(await buy('0.1')).toBe('app.data.order_pending');
    // A withdrawal on this thread's connection, not the spot thread's, takes nearly all the rest.
    const withdrawal = {
      userId: A.id,
      asset: 'USDT',
      frozen: 0n,
      type: 'app.data.withdraw',
      ref: 't',
    } as const;
    await ledger.post([{ ...withdrawal, available: -units('90000') }]);
    expect(await buy('0.1')).toBe('app.msg.insufficient_balance');
    await fund(ledger, A.id, { USDT: '9800' });
    expect(await buy('0.1')).toBe('app.data.order_pending');
    const usdt = (await ledger.balances(A.id)).find((b) => b.asset === 'USDT')!;
    expect(usdt).toMatchObject({ available: '0.00000000', frozen: '19800.00000000' });
  });

  it('replaces a thread that died with one rebuilt from the database', async () => {
    const errors: unknown[] = [];
    spot = await startThread((err) => errors.push(err));
    const diffs: DepthDiff[] = [];
    spot.listen({ depth: (_pair, d) => diffs.push(d), trades: () => undefined });
    const bid = decoded(
      await spot.place(A, 'buy', { pair: 'btcusdt', type: 'limit', price: '99900.00', qty: '0.1' }),
    );
    await vi.waitFor(() => expect(diffs.at(-1)?.bids).toEqual([['99900.00', '0.10000']]), { timeout: 5000 });
    const seen = diffs.length;
    const lastSeq = diffs.at(-1)!.seq;
    // A malformed reference price (a feed's bug) throws on the thread outside any batch: it dies.
    spot.onTick(undefined as unknown as Parameters<SpotService['onTick']>[0]);
    await vi.waitFor(
      () =>
        expect(errors).toContainEqual(
          expect.objectContaining({ message: expect.stringMatching(/spot thread exited/) }),
        ),
      { timeout: 10_000 },
    );
    const s = spot;
    await expect(s.place(B, 'sell', { pair: 'btcusdt', type: 'market', qty: '0.1' })).rejects.toThrow(
      'not running',
    );

    // The copies this thread keeps outlive the thread; calls wait for the new one.
    await vi.waitFor(() => s.idle(), { timeout: 10_000 });
    expect(s.depth('btcusdt', 5).bids).toEqual([['99900.00', '0.10000']]);
    tick(s, 'btcusdt', '100000.00', Date.now());
    const fill = decoded(await s.place(B, 'sell', { pair: 'btcusdt', type: 'market', qty: '0.1' }));
    expect(fill.status).toBe('app.data.order_completed');
    expect((await s.detail(A.id, bid.id)).status).toBe('app.data.order_completed');
    // The new thread's depth chain goes on above the old one's: a subscriber holding the book at
    // the old thread's last seq sees a gap and resyncs, rather than dropping the new diffs as old.
    await vi.waitFor(() => expect(diffs.length).toBeGreaterThan(seen));
    expect(diffs[seen]!.prev).toBeGreaterThan(lastSeq);
    expect(s.depth('btcusdt', 5).seq).toBeGreaterThan(lastSeq);
  }, 20_000);

  it('stays stopped when stopped while a dead thread waits to be replaced', async () => {
    const errors: unknown[] = [];
    const s = await startThread((err) => errors.push(err));
    s.onTick(undefined as unknown as Parameters<SpotService['onTick']>[0]);
    await vi.waitFor(() => expect(errors).not.toEqual([]));
    await s.stop();
    // Past the pause and long enough for a replacement to have started (about a second).
    await new Promise((r) => setTimeout(r, 4000));
    await expect(s.idle()).rejects.toThrow('not running');
  }, 20_000);

  it("catches up the index by owner: the books' rows and rows other writers added", async () => {
    const waiting = async () => (await notIndexed(t.db, 'journal')) + (await notIndexed(t.db, 'spot_orders'));
    // The funding of beforeEach, written on this thread before the spot thread started.
    expect(await waiting()).toBeGreaterThan(0);
    spot = await startThread();
    await spot.place(A, 'buy', { pair: 'btcusdt', type: 'limit', price: '99900.00', qty: '0.1' });
    await fund(ledger, B.id, { USDT: '1' });
    await vi.waitFor(async () => expect(await waiting()).toBe(0), { timeout: 5000 });
    const byUser = await t.db.kysely
      .selectFrom('spot_orders_by_user')
      .select(['user_id', 'id'])
      .where('user_id', '=', A.id)
      .execute();
    expect(byUser).toHaveLength(1);
    await spot.stop();
  });

  it('a new thread rebuilds the book from the database; a stopped one takes no orders', async () => {
    spot = await startThread();
    const bid = decoded(
      await spot.place(A, 'buy', { pair: 'btcusdt', type: 'limit', price: '99900.00', qty: '0.1' }),
    );
    await spot.stop();
    await expect(
      spot.place(A, 'buy', { pair: 'btcusdt', type: 'limit', price: '99900.00', qty: '0.1' }),
    ).rejects.toThrow('not running');

    spot = await startThread();
    expect(spot.depth('btcusdt', 5).bids).toEqual([['99900.00', '0.10000']]);
    const fill = decoded(await spot.place(B, 'sell', { pair: 'btcusdt', type: 'market', qty: '0.1' }));
    expect(fill.status).toBe('app.data.order_completed');
    expect((await spot.detail(A.id, bid.id)).status).toBe('app.data.order_completed');
    // Two threads started one after the other: 4.4 s alone on a slow machine, more under CI's load.
  }, 20_000);
});
