import { applyAll, balanceKey } from '../../../../server/domain/ledger/apply';
import { SYSTEM_ACCOUNTS, type Balance } from '../../../../server/domain/ledger/types';
import { SpotEngine, type Band, type NewOrder } from '../../../../server/domain/spot/engine';
import type { PairSpec, SpotOrder } from '../../../../server/domain/spot/types';
import { pairUnits } from '../../../../server/domain/spot/units';

export const PAIR: PairSpec = {
  symbol: 'btcusdt',
  base: 'BTC',
  quote: 'USDT',
  pricePrecision: 2,
  qtyPrecision: 4,
};
export const UNITS = pairUnits(PAIR)!;
export const E8 = 100_000_000n;
export const FEES = { makerPpm: 1000n, takerPpm: 2000n };
const WIDE: Band = { low: 1, high: 1_000_000_00 };

/**
 * One pair's engine over an in-memory ledger and an in-memory "orders table": what the service
 * does in a transaction (freeze, execute, settle, persist), without a database, for the property
 * tests.
 */
export const simulation = (funds: Record<number, Record<string, bigint>>) => {
  let tradeId = 0;
  let orderId = 0;
  let now = 1_000;
  const engine = new SpotEngine(PAIR, UNITS, FEES, SYSTEM_ACCOUNTS.fees, () => ++tradeId);
  const balances = new Map<string, Balance>();
  for (const [user, assets] of Object.entries(funds)) {
    for (const [asset, amount] of Object.entries(assets)) {
      balances.set(balanceKey({ userId: Number(user), asset }), { available: amount, frozen: 0n });
    }
  }
  const persisted = new Map<number, SpotOrder>();
  const save = (orders: readonly SpotOrder[]) => {
    for (const o of orders) persisted.set(o.id, { ...o });
  };
  /** Applies movements all or nothing: false, and nothing changed, when one would overdraw. */
  const apply = (movements: Parameters<typeof applyAll>[1]) => {
    const r = applyAll(balances, movements);
    if (!r) return false;
    for (const [key, balance] of r.balances) balances.set(key, balance);
    return true;
  };
  const settle = (movements: Parameters<typeof applyAll>[1]) => {
    if (!apply(movements)) throw new Error('settlement overdrew an account');
  };

  return {
    engine,
    persisted,
    balance: (userId: number, asset: string) =>
      balances.get(balanceKey({ userId, asset })) ?? { available: 0n, frozen: 0n },
    totals: () => {
      const t = new Map<string, bigint>();
      for (const [k, b] of balances) {
        const asset = k.split(':')[1]!;
        t.set(asset, (t.get(asset) ?? 0n) + b.available + b.frozen);
      }
      return t;
    },
    balances: () => balances,
    place(input: Omit<NewOrder, 'id' | 'clientOid'>, band: Band = WIDE) {
      now += 1;
      const order = engine.create({ ...input, id: ++orderId, clientOid: null }, band, now);
      if (!apply([engine.freezeOf(order)])) return null;
      const exec = engine.execute(order, band, now);
      settle(exec.movements);
      save(exec.orders);
      return exec;
    },
    cancel(id: number) {
      now += 1;
      const exec = engine.cancel(id, now);
      if (exec) {
        settle(exec.movements);
        save(exec.orders);
      }
      return exec;
    },
  };
};
