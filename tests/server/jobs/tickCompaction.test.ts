import { describe, expect, it } from 'vitest';
import { compactTicks } from '../../../server/jobs/tickCompaction';
import { TickStore, ticksBetween } from '../../../server/market/tickStore';
import { instrumentFor } from '../../../server/market/instruments';
import { forEachEngine, useTestDb } from '../helpers/testDb';

const BTC = instrumentFor('BTC', 'USDT');
const T0 = Date.UTC(2025, 0, 1);

describe.each(forEachEngine())('tick store and compaction on %s', (_engine, open) => {
  const t = useTestDb(open);

  const record = async (count: number, everyMs: number) => {
    const store = new TickStore(t().db.kysely, new Map([[BTC.symbol, BTC]]));
    for (let i = 0; i < count; i++) {
      store.add({
        pair: BTC.symbol,
        ts: T0 + i * everyMs,
        price: 9_700_000n + BigInt(i),
        qty: 1n,
        source: 'simulator',
      });
    }
    expect(store.pending).toBe(count);
    await store.flush();
    expect(store.pending).toBe(0);
  };

  it('writes buffered ticks in batches with their exact decimal prices', async () => {
    await record(1200, 100);
    const rows = await ticksBetween(t().db.kysely, BTC.symbol, T0, T0 + 1_000_000);
    expect(rows).toHaveLength(1200);
    expect(rows[0]).toMatchObject({ ts: T0, price: '97000.00', qty: '0.00001', source: 'simulator' });
    expect(rows[1199]!.price).toBe('97011.99');
  });

  it('thins old ticks to the last of each minute and leaves recent ones whole', async () => {
    // Ten minutes at two ticks a second.
    await record(1200, 500);
    const cutoff = T0 + 6 * 60_000;
    const { removed, upTo } = await compactTicks(t().db.kysely, cutoff);
    expect(upTo).toBe(cutoff);
    expect(removed).toBe(6 * 119);
    const old = await ticksBetween(t().db.kysely, BTC.symbol, T0, cutoff);
    expect(old.map((r) => r.ts)).toEqual([1, 2, 3, 4, 5, 6].map((m) => T0 + m * 60_000 - 500));
    expect(await ticksBetween(t().db.kysely, BTC.symbol, cutoff, T0 + 600_000)).toHaveLength(480);
    // Running again changes nothing.
    expect((await compactTicks(t().db.kysely, cutoff)).removed).toBe(0);
  });

  it('does nothing on an empty store', async () => {
    expect(await compactTicks(t().db.kysely, T0)).toEqual({ removed: 0, upTo: 0 });
  });
});
