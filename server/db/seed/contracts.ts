import type { Kysely } from 'kysely';
import { DEFAULT_CYCLES } from '../../domain/contracts/defaults';
import { settingsStore } from '../repos/contracts';
import type { Database } from '../schema';

/** First start only: every listed pair offers the default cycles. Done once: settings that exist
 * (even all switched off) are the operator's and are left alone. */
export const seedContractsIfEmpty = async (db: Kysely<Database>, now = Date.now()): Promise<boolean> => {
  const any = await db.selectFrom('contract_pairs').select('pair').limit(1).executeTakeFirst();
  if (any) return false;
  await db.transaction().execute(async (trx) => {
    const store = settingsStore(trx);
    for (const p of await store.all())
      await store.save(p.pair, { enabled: true, cycles: [...DEFAULT_CYCLES] }, now);
  });
  return true;
};
