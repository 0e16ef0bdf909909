import { sql, type Kysely } from 'kysely';
import { DEPOSIT_TX_HASH_USED, canonicalTxHash, isNetwork } from '../../../protocol';
import { whole, type MigrationFn } from './helpers';

interface HashedDeposit {
  id: number;
  network: string;
  tx_hash: string;
  status: string;
  note: string | null;
}

/** Records, in the audit log operators read, what this migration did to a deposit and why. */
const audit = (db: Kysely<unknown>, d: HashedDeposit, after: object, holder: number, now: number) =>
  sql`insert into audit_log (operator_id, actor, action, target, before_json, after_json, created_at)
    values (null, 'migration 014', 'deposit.tx_hash_used', ${`deposit:${d.id}`},
      ${JSON.stringify({ status: d.status, txHash: d.tx_hash, note: d.note })},
      ${JSON.stringify({ ...after, heldBy: `deposit:${holder}` })}, ${now})`.execute(db);

/**
 * One chain transaction backs at most one deposit that has not failed on its network, in the
 * database too: until now the same hash could be declared by any number of deposits, and an
 * operator confirming each credited the transfer as often.
 *
 * Hashes first take the one form they are compared in (`canonicalTxHash`: hex lower case, without
 * 0x). Where deposits that have not failed already share one, the first credited (else the first
 * declared) keeps it; each other one says so in its note, with an audit row keeping its hash: one
 * still open is failed, credited nothing; one already credited, whose credit this cannot undo,
 * keeps its status and gives the hash up for the operator to settle.
 */
export const up: MigrationFn = whole(async (db) => {
  const now = Date.now();
  const { rows } = await sql<HashedDeposit>`select id, network, tx_hash, status, note from deposits
    where tx_hash is not null order by id`.execute(db);
  for (const d of rows) {
    const canonical = isNetwork(d.network) ? canonicalTxHash(d.network, d.tx_hash) : d.tx_hash;
    if (canonical === d.tx_hash) continue;
    await sql`update deposits set tx_hash = ${canonical} where id = ${d.id}`.execute(db);
    d.tx_hash = canonical;
  }

  const live = rows
    .filter((d) => d.status !== 'fail')
    .sort((a, b) => Number(b.status === 'success') - Number(a.status === 'success') || a.id - b.id);
  const holders = new Map<string, number>();
  for (const d of live) {
    const key = `${d.network} ${d.tx_hash}`;
    const holder = holders.get(key);
    if (holder === undefined) {
      holders.set(key, d.id);
    } else if (d.status === 'success') {
      await sql`update deposits set tx_hash = null, note = ${DEPOSIT_TX_HASH_USED} where id = ${d.id}`.execute(
        db,
      );
      await audit(db, d, { status: d.status, txHash: null, note: DEPOSIT_TX_HASH_USED }, holder, now);
    } else {
      await sql`update deposits set status = 'fail', credited_amount = '0', note = ${DEPOSIT_TX_HASH_USED},
        updated_at = ${now} where id = ${d.id}`.execute(db);
      await audit(db, d, { status: 'fail', txHash: d.tx_hash, note: DEPOSIT_TX_HASH_USED }, holder, now);
    }
  }

  await sql`create unique index deposits_tx_hash_unique on deposits (network, tx_hash)
    where tx_hash is not null and status <> 'fail'`.execute(db);
});
