import { parentPort, workerData } from 'node:worker_threads';
import { TRADES_LIMIT_MAX, type SpotOrderView } from '../../../protocol';
import { openDb } from '../../db/connect';
import { createLedger } from '../../domain/ledger/ledger';
import { isUserAccount } from '../../domain/ledger/types';
import { scheduleUserIndex } from '../../jobs/userIndex';
import { createSpot } from '../service';
import { flushAsker } from './logFlusher';
import type { FromSpotBatch, FromSpotThread, SpotCall, SpotThreadData, ToSpotThread } from './messages';
import { JsonText } from '../../wire/jsonText';
import { outbox, toWire } from './wire';

/**
 * The spot thread: every book, its commit queue and its own database connection, on a core of its
 * own. The main thread keeps HTTP, the socket gateway and every other writer; it sends orders and
 * reference prices here and hears back answers and what to publish. A thread, not a process: it
 * lives and dies with the server, and one `npm start` still runs the whole exchange.
 */
const data = workerData as SpotThreadData;
const port = parentPort!;

// This thread never waits for the disk: nothing it sends is let out on the main thread before the
// log holding it is flushed (remote.ts), by the log's flusher thread, asked here as each batch is
// posted (logFlusher.ts), or on PostgreSQL by the commit itself. Its event loop is held by each
// batch it runs, so a flush begun here was heard of only after the next batch, a millisecond or
// two later; the books go on meanwhile.
const db = openDb(data.database, { checkpointsElsewhere: true, deferFlush: true });
// Read as each batch is posted, and the flusher asked to cover it: every write it tells of ended
// before. Posted whole, not in slices: a batch of orders is answered and told of in one step (the
// commit queue's answer and the promises it settles), all of it waits on the main thread for one
// flush of the log, and an order's view, shared by its answer and its owner's news, is encoded once
// (`textOf`). Posted once that step's microtasks have run (`process.nextTick`), before the
// thread takes in anything more: at the end of the turn (`setImmediate`) it waited behind the new
// orders the loop took in first, 0.7 to 1.1 ms in the means at 10 000 orders/s over HTTP, which
// every answer paid (docs/spot-performance.md).
const askFlush = data.logFlushes && flushAsker(data.logFlushes);
type OrderNews = Extract<FromSpotThread, { t: 'order' }>;
/** The news told in the batch being gathered, by the view it tells of: an answer of the same view
 * is carried by its news (`answers`) rather than as a reply of its own, so the view's text and a
 * message cross once rather than twice (docs/spot-performance.md, thirty-first session). */
const told = new Map<JsonText<SpotOrderView>, OrderNews>();
const send = outbox<FromSpotThread>(
  (messages) => {
    told.clear();
    const writes = db.writes();
    askFlush?.(writes);
    port.postMessage({ writes, messages } satisfies FromSpotBatch);
  },
  Infinity,
  process.nextTick,
);
const ledger = createLedger(db);
// Only the owners cross: the main thread reads their new balances itself, if anyone listens.
ledger.onChange((changed) => {
  const userIds = [...new Set(changed.map((e) => e.userId))].filter(isUserAccount);
  if (userIds.length > 0) send({ t: 'balances', userIds });
});

let started = false;
/** Nothing to stop until the books have started (a stop may come before). */
let stopUserIndex = (): Promise<void> => Promise.resolve();
const rules = () => spot.pairs().map((pair) => spot.rules(pair));
const spot = createSpot({
  db,
  ledger,
  config: data.config,
  seed: data.seed,
  depthSeqs: data.depthSeqs,
  onError: (err) => send({ t: 'error', error: toWire(err) }),
  onSettings: () => {
    if (started) send({ t: 'rules', rules: rules() });
  },
  durable: () => Promise.resolve(),
});
/** Each view as JSON text, made once for its answer and its owner's news (the same object): the
 * main thread sends the text as it is. */
const texts = new WeakMap<SpotOrderView, JsonText<SpotOrderView>>();
const textOf = (view: SpotOrderView) => {
  let text = texts.get(view);
  if (!text) texts.set(view, (text = JsonText.of(view)));
  return text;
};
spot.onOrders((userId, order) => {
  const text = textOf(order);
  const news: OrderNews = { t: 'order', userId, json: text.text };
  told.set(text, news);
  send(news);
});
/** An order's view answers its call: on the news of it already gathered, if there is one. */
const answer = (id: number, view: JsonText<SpotOrderView>) => {
  const news = told.get(view);
  if (news && news.answers === undefined) news.answers = id;
  else send({ t: 'reply', id, ok: true, json: view.text });
};
spot.listen({
  depth: (pair, diff) => send({ t: 'depth', pair, diff }),
  trades: (pair, trades) => send({ t: 'trades', pair, trades }),
});

const run = async (call: SpotCall): Promise<unknown> => {
  switch (call.op) {
    case 'place':
      return textOf(await spot.place(call.trader, call.side, call.req));
    case 'cancel':
      return textOf(await spot.cancel(call.userId, call.orderId));
    case 'idle':
      return spot.idle();
    case 'reloadSettings':
      return spot.reloadSettings();
    case 'depth':
      return spot.depth(call.pair, Number.MAX_SAFE_INTEGER);
    case 'stop':
      await spot.stop();
      await stopUserIndex();
      await db.close();
      return undefined;
  }
};

port.on('message', (batch: ToSpotThread[]) => {
  for (const m of batch) {
    if (m.t === 'tick') spot.onTick(m.tick);
    else
      run(m.call).then(
        (value) =>
          value instanceof JsonText
            ? answer(m.id, value as JsonText<SpotOrderView>)
            : send({ t: 'reply', id: m.id, ok: true, value }),
        (err: unknown) => send({ t: 'reply', id: m.id, ok: false, error: toWire(err) }),
      );
  }
});

await spot.start();
// The index by owner is caught up on this connection, beside the books that write most of its rows,
// which wait for a round either way (it holds the write lock). On the main thread each round of a
// few milliseconds also held up every other request, and waited for the books' lock first.
stopUserIndex = scheduleUserIndex(db, {
  onError: (err) => send({ t: 'error', error: toWire(err) }),
});
started = true;
send({
  t: 'ready',
  books: spot.pairs().map((pair) => ({
    pair,
    depth: spot.depth(pair, Number.MAX_SAFE_INTEGER),
    trades: spot.trades(pair, TRADES_LIMIT_MAX),
  })),
  rules: rules(),
});
