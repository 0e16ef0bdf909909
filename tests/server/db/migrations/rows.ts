import type { Insertable } from 'kysely';
import type { UserTable } from '../../../../server/db/schema';

/** A users row as the migrations' tests insert it: just its required columns, `id` in each. Typed
 * as a row of today's table, which the tables before migration 029 are not: they had no
 * `nickname_key` to fill. */
export const userRow = (
  id: number,
  over: { phone?: string | null; nickname?: string; created_at?: number } = {},
): Insertable<UserTable> =>
  ({
    id,
    username: `u${id}`,
    username_key: `u${id}`,
    nickname: `u${id}`,
    email: `u${id}@example.com`,
    password_hash: 'x',
    invite_code: `INV${id}`,
    created_at: 1,
    ...over,
  }) as Insertable<UserTable>;

/** A staking product row (id 1 unless told), open to pledges. */
export const productRow = (id = 1) => ({
  id,
  name: 'p',
  asset: 'USDT',
  cycle_days: 3,
  daily_rate: '500000',
  min_amount: '0',
  max_amount: '100000000000',
  total_quota: '100000000000',
  remaining_quota: '100000000000',
  purchase_limit: 5,
  enabled: 1,
  sort: 0,
  created_at: 1,
  updated_at: 1,
});

/** An earning pledge of product 1, with a request key when given (the column of migration 023). */
export const pledgeRow = (id: number, user_id: number, request_key?: string | null) => ({
  id,
  user_id,
  product_id: 1,
  asset: 'USDT',
  amount: '10000000000',
  daily_rate: '500000',
  daily_income: '50000000',
  cycle_days: 3,
  status: 'app.data.pledge_earning',
  pledged_at: id,
  matures_at: id + 3,
  ...(request_key === undefined ? {} : { request_key }),
});

/** A USDT deposit row on TRC20 of 100, by user 1 unless told, as the migrations' tests insert it:
 * credited (and read off the chain) when `status` is success. */
export const depositRow = (
  id: number,
  over: { user_id?: number; network?: string; tx_hash?: string | null; status?: string } = {},
) => {
  const credited = over.status === 'success' ? '10000000000' : null;
  return {
    id,
    user_id: 1,
    coin: 'USDT',
    network: 'TRC20',
    address: 'T1',
    memo: '',
    amount: '10000000000',
    credited_amount: credited,
    received_amount: credited,
    tx_hash: null,
    status: 'pending',
    note: null,
    created_at: id,
    updated_at: id,
    ...over,
  };
};
