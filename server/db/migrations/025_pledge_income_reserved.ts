import { whole, type MigrationFn } from './helpers';

/**
 * A pledge's whole income is set aside from the house when it is made (frozen in the house's own
 * account), so paying it can never fail later and hold the user's principal: until now the income
 * and, at maturity, the principal's return were paid in one transaction from the house's available
 * balance, which the house's market making may have spent. Pledges made before keep paying from
 * the house's available balance as before (0 here); new ones say 1.
 */
export const up: MigrationFn = whole(async (db) => {
  await db.schema
    .alterTable('defi_pledges')
    .addColumn('income_reserved', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
});
