import type { Kysely } from 'kysely';
import { RATE_SCALE, UNIT_SCALE, parseScaledExact } from '../../../protocol';
import { insertProduct, type NewProduct } from '../repos/defi';
import type { Database } from '../schema';

const units = (v: string) => parseScaledExact(v, UNIT_SCALE)!;
const percent = (v: string) => parseScaledExact(v, RATE_SCALE - 2)!;

/** Demo staking products: daily yields an operator could actually pay (7.3 % to 14.6 % a year on
 * USDT, 4.38 % on ETH), quotas the house's seeded funds cover many times over. */
const DEMO_PRODUCTS: NewProduct[] = [
  {
    name: 'USDT Saver 7',
    asset: 'USDT',
    cycleDays: 7,
    dailyRate: percent('0.02'),
    minAmount: units('100'),
    maxAmount: units('50000'),
    totalQuota: units('1000000'),
    purchaseLimit: 5,
    enabled: true,
    sort: 0,
  },
  {
    name: 'USDT Saver 30',
    asset: 'USDT',
    cycleDays: 30,
    dailyRate: percent('0.03'),
    minAmount: units('500'),
    maxAmount: units('100000'),
    totalQuota: units('2000000'),
    purchaseLimit: 3,
    enabled: true,
    sort: 1,
  },
  {
    name: 'USDT Saver 90',
    asset: 'USDT',
    cycleDays: 90,
    dailyRate: percent('0.04'),
    minAmount: units('1000'),
    maxAmount: units('200000'),
    totalQuota: units('3000000'),
    purchaseLimit: 2,
    enabled: true,
    sort: 2,
  },
  {
    name: 'ETH Staking 30',
    asset: 'ETH',
    cycleDays: 30,
    dailyRate: percent('0.012'),
    minAmount: units('0.1'),
    maxAmount: units('50'),
    totalQuota: units('1000'),
    purchaseLimit: 3,
    enabled: true,
    sort: 3,
  },
];

/** First start only: a product table that has never held a product gets the demo products. */
export const seedDefiIfEmpty = async (db: Kysely<Database>, now = Date.now()): Promise<boolean> => {
  if (await db.selectFrom('defi_products').select('id').limit(1).executeTakeFirst()) return false;
  await db.transaction().execute(async (trx) => {
    for (const p of DEMO_PRODUCTS) await insertProduct(trx, p, now);
  });
  return true;
};
