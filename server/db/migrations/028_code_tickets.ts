import { whole, type MigrationFn } from './helpers';

/**
 * A verification code is bound to the send that made it: the send answers a random ticket, and
 * only its sha256 is kept here. A use names the ticket with the code, so guesses by someone who
 * merely knows the address never reach (nor use up the tries of) the owner's code, and a newer
 * code sent to the address does not take the owner's place. Codes sent before hold null, which no
 * ticket matches: they can no longer be used, and expire within minutes anyway.
 */
export const up: MigrationFn = whole(async (db) => {
  await db.schema.alterTable('verification_codes').addColumn('ticket_hash', 'varchar(64)').execute();
});
