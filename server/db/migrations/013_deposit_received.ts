import type { MigrationFn } from './helpers';

/**
 * What the chain showed for a confirmed deposit, kept beside what was credited: a deposit below
 * the minimum is credited 0 (spec §5: neither credited nor refunded), and without this column the
 * amount that did arrive was written nowhere, not even in the audit trail. Older rows have none.
 */
export const up: MigrationFn = async (db) => {
  await db.schema.alterTable('deposits').addColumn('received_amount', 'text').execute();
};
