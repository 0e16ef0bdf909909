import { sql } from 'kysely';
import { whole, type MigrationFn } from './helpers';

/**
 * A chain transaction is credited to one deposit at most, as before; but the first declaration of
 * a hash no longer keeps everyone else from declaring it. Until now whoever declared a hash first
 * held it until an operator failed the claim, so anyone watching the chain could declare another
 * user's transfer and block the real depositor's declaration (`tx_hash_used`). Now each user may
 * have one open declaration of a hash, several users' declarations of it wait side by side for the
 * operator, who credits the one whose address the transfer paid; a second credit of the same
 * transaction is refused by the database. Migration 014 left at most one deposit that has not
 * failed per transaction, so both indexes hold for every row there is.
 */
export const up: MigrationFn = whole(async (db) => {
  await sql`drop index deposits_tx_hash_unique`.execute(db);
  await sql`create unique index deposits_tx_hash_credited on deposits (network, tx_hash)
    where tx_hash is not null and status = 'success'`.execute(db);
  await sql`create unique index deposits_tx_hash_claim on deposits (user_id, network, tx_hash)
    where tx_hash is not null and status <> 'fail'`.execute(db);
});
