import Fastify from 'fastify';
import { Worker } from 'node:worker_threads';
import type { SpotOrderView } from '../protocol';
import { ok } from '../server/http/envelope';
import { outbox } from '../server/spot/thread/wire';

/**
 * The floor under the HTTP benchmark (`httpFloor.ts`): what Fastify and a hand-over to another
 * thread cost an order with no work at all. The same paths, bodies, headers and answer shape as
 * the exchange's order calls; each body crosses to a worker thread and an order view comes back,
 * both ways gathered as the spot thread's messages are (`outbox`). No authentication, validation,
 * matching, ledger or database.
 */
const ECHO = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', (batch) => {
  const now = Date.now();
  parentPort.postMessage(batch.map((m) => ({ id: m.id, order: {
    id: m.id, pair: m.body.pair, side: m.side, type: m.body.type, price: m.body.price ?? null,
    qty: m.body.qty ?? null, amount: null, filledQty: '0', filledAmount: '0', avgPrice: null,
    fee: '0', feeAsset: 'BTC', status: 'app.data.order_pending', clientOid: null,
    createdAt: now, updatedAt: now,
  } })));
});`;

interface Handed {
  id: number;
  side: string;
  body: unknown;
}

const worker = new Worker(ECHO, { eval: true });
const send = outbox<Handed>((batch) => worker.postMessage(batch));
const waiting = new Map<number, (order: SpotOrderView) => void>();
let next = 0;
worker.on('message', (batch: Array<{ id: number; order: SpotOrderView }>) => {
  for (const { id, order } of batch) {
    waiting.get(id)!(order);
    waiting.delete(id);
  }
});

const app = Fastify({ logger: false });
app.get('/api/health', async () => ok(null));
for (const side of ['buy', 'sell'])
  app.post(`/api/cointransaction/order${side}`, async (req) => {
    const id = ++next;
    const order = await new Promise<SpotOrderView>((resolve) => {
      waiting.set(id, resolve);
      send({ id, side, body: req.body });
    });
    return ok(order);
  });
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
