import type { Insertable } from 'kysely';
import type { JournalTable, SpotOrderTable } from '../../../server/db/schema';

/** A stored spot order as the books write it: a resting limit buy of user 7 unless told. */
export const orderRow = (id: number, over: Partial<SpotOrderTable> = {}): SpotOrderTable => ({
  id,
  user_id: 7,
  pair: 'btcusdt',
  side: 'buy',
  type: 'limit',
  price: '97000.00',
  qty: '0.00100',
  budget: null,
  filled_qty: '0.00000',
  filled_quote: '0.00000000',
  fee: '0.00000000',
  frozen: '97.00000000',
  status: 'pending',
  client_oid: null,
  created_at: 1_700_000_000_000 + id,
  updated_at: 1_700_000_000_000 + id,
  ...over,
});

/** A journal entry crediting `userId` one USDT unit, numbered `n` in its reference and time. */
export const journalRow = (
  userId: number,
  n: number,
  over: Partial<Insertable<JournalTable>> = {},
): Insertable<JournalTable> => ({
  user_id: userId,
  asset: 'USDT',
  type: 'app.data.demo_funding',
  ref: `test:${n}`,
  available_change: '1',
  frozen_change: '0',
  available_after: String(n),
  frozen_after: '0',
  created_at: 1_700_000_000_000 + n,
  ...over,
});
