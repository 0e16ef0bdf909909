import { sql } from 'kysely';
import { whole, type MigrationFn } from './helpers';

/** The decimal places a coin's token carries on its network, where fewer than the ledger's 8. */
const CHAIN_DECIMALS: ReadonlyArray<[coin: string, network: string, decimals: number]> = [
  ['USDT', 'TRC20', 6],
  ['USDT', 'ERC20', 6],
  ['TRX', 'TRC20', 6],
  ['XRP', 'XRP', 6],
  ['ADA', 'ADA', 6],
];

/**
 * The decimal places each coin's network carries. The ledger counts 10^-8 units, and every amount
 * was checked to 8 places; but USDT on TRON or Ethereum, XRP, TRX and ADA move in millionths, so
 * a withdrawal of 20.12345678 USDT on TRC20 could not be sent as booked. Every network keeps 8
 * unless it is one of the coins above; an operator sets others with `wallet set … decimals=N`.
 */
export const up: MigrationFn = whole(async (db) => {
  await db.schema
    .alterTable('wallet_networks')
    .addColumn('decimals', 'integer', (c) => c.notNull().defaultTo(8))
    .execute();
  for (const [coin, network, decimals] of CHAIN_DECIMALS)
    await sql`update wallet_networks set decimals = ${decimals}
      where coin = ${coin} and network = ${network}`.execute(db);
});
