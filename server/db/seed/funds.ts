import { ASSET_SCALE } from '../../../protocol';
import type { Ledger } from '../../domain/ledger/ledger';
import { SYSTEM_ACCOUNTS, type Movement } from '../../domain/ledger/types';
import { parseExact } from '../../domain/money/scaled';
import type { Db } from '../connect';
import { SEED_TRADER } from './accounts';

const units = (amount: string) => parseExact(amount, ASSET_SCALE)!;

/** The house's working capital: enough to quote every book and pay timed contracts and staking. */
const HOUSE_FUNDS: Record<string, string> = {
  USDT: '50000000',
  BTC: '500',
  ETH: '8000',
  BNB: '40000',
  SOL: '150000',
  XRP: '12000000',
  DOGE: '70000000',
  ADA: '30000000',
  TRX: '100000000',
  LTC: '250000',
  DOT: '3500000',
};

/** What the demo trader starts with, so a visitor can try every feature at once. */
export const DEMO_FUNDS: Record<string, string> = { USDT: '10000', BTC: '0.5', ETH: '5' };

const funding = (userId: number, funds: Record<string, string>, type: Movement['type']): Movement[] =>
  Object.entries(funds).map(([asset, amount]) => ({
    userId,
    asset,
    available: units(amount),
    frozen: 0n,
    type,
    ref: 'seed',
  }));

/**
 * First start only: funds the house and the demo trader through the ledger, as ordinary journal
 * entries, in one transaction. Done once: a journal that already holds the house's funding is
 * left alone.
 */
export const seedFundsIfEmpty = async (db: Db, ledger: Ledger, now = Date.now()): Promise<boolean> => {
  const done = await db.kysely
    .selectFrom('journal')
    .select('id')
    .where('type', '=', 'app.data.house_funding')
    .limit(1)
    .executeTakeFirst();
  if (done) return false;
  const trader = await db.kysely
    .selectFrom('users')
    .select('id')
    .where('username', '=', SEED_TRADER.username)
    .executeTakeFirst();
  await ledger.post(
    [
      ...funding(SYSTEM_ACCOUNTS.house, HOUSE_FUNDS, 'app.data.house_funding'),
      ...(trader ? funding(trader.id, DEMO_FUNDS, 'app.data.demo_funding') : []),
    ],
    now,
  );
  return true;
};
