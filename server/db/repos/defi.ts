import { sql, type Kysely } from 'kysely';
import { DAY_MS, type PledgeStatus } from '../../../protocol';
import type { Database } from '../schema';

/**
 * Staking rows. Quotas live in bigint columns (for the conditional UPDATE) and are read back as
 * text, because one engine's driver would turn a large bigint into a rounded JS number.
 */

export interface ProductRow {
  id: number;
  name: string;
  asset: string;
  cycleDays: number;
  dailyRate: bigint;
  minAmount: bigint;
  maxAmount: bigint;
  totalQuota: bigint;
  remainingQuota: bigint;
  purchaseLimit: number;
  enabled: boolean;
  sort: number;
}

export interface PledgeRow {
  id: number;
  userId: number;
  productId: number;
  name: string;
  asset: string;
  amount: bigint;
  dailyRate: bigint;
  dailyIncome: bigint;
  cycleDays: number;
  status: PledgeStatus;
  daysPaid: number;
  incomePaid: bigint;
  pledgedAt: number;
  maturesAt: number;
  settledAt: number | null;
  /** Its income was set aside from the house at the pledge (frozen there), and is paid from it. */
  incomeReserved: boolean;
}

interface IncomeRow {
  id: number;
  pledgeId: number;
  name: string;
  asset: string;
  /** The pledge's amount and cycle, so that two pledges of one product read apart. */
  principal: bigint;
  cycleDays: number;
  day: number;
  amount: bigint;
  releasedAt: number;
}

const asText = (column: string) => sql<string>`cast(${sql.ref(column)} as text)`;
const asBigint = (value: bigint) => sql<string>`cast(${value.toString()} as bigint)`;

const productQuery = (db: Kysely<Database>) =>
  db
    .selectFrom('defi_products')
    .select([
      'id',
      'name',
      'asset',
      'cycle_days',
      'daily_rate',
      'min_amount',
      'max_amount',
      'purchase_limit',
      'enabled',
      'sort',
      asText('total_quota').as('total_quota'),
      asText('remaining_quota').as('remaining_quota'),
    ]);

type ProductSelect = Awaited<ReturnType<ReturnType<typeof productQuery>['executeTakeFirstOrThrow']>>;

const toProduct = (r: ProductSelect): ProductRow => ({
  id: r.id,
  name: r.name,
  asset: r.asset,
  cycleDays: r.cycle_days,
  dailyRate: BigInt(r.daily_rate),
  minAmount: BigInt(r.min_amount),
  maxAmount: BigInt(r.max_amount),
  totalQuota: BigInt(r.total_quota),
  remainingQuota: BigInt(r.remaining_quota),
  purchaseLimit: r.purchase_limit,
  enabled: r.enabled === 1,
  sort: r.sort,
});

export const listProducts = async (db: Kysely<Database>, opts: { enabledOnly: boolean }) => {
  let q = productQuery(db);
  if (opts.enabledOnly) q = q.where('enabled', '=', 1);
  return (await q.orderBy('sort').orderBy('id').execute()).map(toProduct);
};

export const findProduct = async (db: Kysely<Database>, id: number): Promise<ProductRow | undefined> => {
  const r = await productQuery(db).where('id', '=', id).executeTakeFirst();
  return r && toProduct(r);
};

/** Whether the exchange knows `asset` (upper case): a coin of a listed pair or of a deposit network,
 * so one a user can hold. */
export const assetListed = async (db: Kysely<Database>, asset: string): Promise<boolean> => {
  const pair = await db
    .selectFrom('pairs')
    .select('id')
    .where((eb) => eb.or([eb('tradecoin', '=', asset), eb('settlecoin', '=', asset)]))
    .limit(1)
    .executeTakeFirst();
  if (pair) return true;
  const network = await db
    .selectFrom('wallet_networks')
    .select('coin')
    .where('coin', '=', asset)
    .limit(1)
    .executeTakeFirst();
  return network !== undefined;
};

/** A product as the operator creates it: its quota starts whole. */
export type NewProduct = Omit<ProductRow, 'id' | 'remainingQuota'>;

export const insertProduct = async (db: Kysely<Database>, p: NewProduct, now: number) => {
  const row = await db
    .insertInto('defi_products')
    .values({
      name: p.name,
      asset: p.asset,
      cycle_days: p.cycleDays,
      daily_rate: p.dailyRate.toString(),
      min_amount: p.minAmount.toString(),
      max_amount: p.maxAmount.toString(),
      total_quota: asBigint(p.totalQuota),
      remaining_quota: asBigint(p.totalQuota),
      purchase_limit: p.purchaseLimit,
      enabled: p.enabled ? 1 : 0,
      sort: p.sort,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
};

interface ProductChanges {
  name?: string | undefined;
  dailyRate?: bigint | undefined;
  minAmount?: bigint | undefined;
  maxAmount?: bigint | undefined;
  /** The new total quota; the remaining quota moves by as much as the total does. */
  totalQuota?: bigint | undefined;
  purchaseLimit?: number | undefined;
  enabled?: boolean | undefined;
  sort?: number | undefined;
}

/** Applies the changes; false when the quota would go below what is already sold. */
export const updateProduct = async (
  db: Kysely<Database>,
  id: number,
  c: ProductChanges,
  now: number,
): Promise<boolean> => {
  let q = db
    .updateTable('defi_products')
    .set({
      updated_at: now,
      ...(c.name !== undefined ? { name: c.name } : {}),
      ...(c.dailyRate !== undefined ? { daily_rate: c.dailyRate.toString() } : {}),
      ...(c.minAmount !== undefined ? { min_amount: c.minAmount.toString() } : {}),
      ...(c.maxAmount !== undefined ? { max_amount: c.maxAmount.toString() } : {}),
      ...(c.purchaseLimit !== undefined ? { purchase_limit: c.purchaseLimit } : {}),
      ...(c.enabled !== undefined ? { enabled: c.enabled ? 1 : 0 } : {}),
      ...(c.sort !== undefined ? { sort: c.sort } : {}),
    })
    .where('id', '=', id);
  if (c.totalQuota !== undefined) {
    // Against the row as this statement finds it, not as read before: two changes at once (a
    // double submit, two operators) each set the total they asked for, never add their difference
    // twice. Both engines evaluate every SET against the row before the update.
    const total = asBigint(c.totalQuota);
    q = q
      .set({
        total_quota: total,
        remaining_quota: sql`remaining_quota + (${total} - total_quota)`,
      })
      .where(sql<boolean>`remaining_quota + (${total} - total_quota) >= 0`);
  }
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
};

/** Takes `amount` off an enabled product's remaining quota, only if that much is left. One
 * statement, so two pledges at once can never take more than there is (on PostgreSQL the row
 * lock also orders what follows in the two transactions). */
export const takeQuota = async (db: Kysely<Database>, id: number, amount: bigint, now: number) => {
  const res = await db
    .updateTable('defi_products')
    .set({ remaining_quota: sql`remaining_quota - ${asBigint(amount)}`, updated_at: now })
    .where('id', '=', id)
    .where('enabled', '=', 1)
    .where(sql<boolean>`remaining_quota >= ${asBigint(amount)}`)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
};

export const countPledges = async (db: Kysely<Database>, userId: number, productId: number) => {
  const r = await db
    .selectFrom('defi_pledges')
    .select(sql<number>`count(*)`.as('n'))
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
};

/** How many pledges the user has made in each product. */
export const pledgeCounts = async (db: Kysely<Database>, userId: number) => {
  const rows = await db
    .selectFrom('defi_pledges')
    .select(['product_id', sql<number>`count(*)`.as('n')])
    .where('user_id', '=', userId)
    .groupBy('product_id')
    .execute();
  return new Map(rows.map((r) => [r.product_id, Number(r.n)]));
};

interface NewPledge {
  userId: number;
  productId: number;
  asset: string;
  amount: bigint;
  dailyRate: bigint;
  dailyIncome: bigint;
  cycleDays: number;
  pledgedAt: number;
  requestKey: string | null;
  incomeReserved: boolean;
}

export const insertPledge = async (db: Kysely<Database>, p: NewPledge) => {
  const row = await db
    .insertInto('defi_pledges')
    .values({
      user_id: p.userId,
      product_id: p.productId,
      asset: p.asset,
      amount: p.amount.toString(),
      daily_rate: p.dailyRate.toString(),
      daily_income: p.dailyIncome.toString(),
      cycle_days: p.cycleDays,
      status: 'app.data.pledge_earning',
      pledged_at: p.pledgedAt,
      matures_at: p.pledgedAt + p.cycleDays * DAY_MS,
      request_key: p.requestKey,
      income_reserved: p.incomeReserved ? 1 : 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
};

const pledgeQuery = (db: Kysely<Database>) =>
  db
    .selectFrom('defi_pledges as p')
    .innerJoin('defi_products as d', 'd.id', 'p.product_id')
    .select([
      'p.id',
      'p.user_id',
      'p.product_id',
      'd.name',
      'p.asset',
      'p.amount',
      'p.daily_rate',
      'p.daily_income',
      'p.cycle_days',
      'p.status',
      'p.days_paid',
      'p.income_paid',
      'p.pledged_at',
      'p.matures_at',
      'p.settled_at',
      'p.income_reserved',
    ]);

type PledgeSelect = Awaited<ReturnType<ReturnType<typeof pledgeQuery>['executeTakeFirstOrThrow']>>;

const toPledge = (r: PledgeSelect): PledgeRow => ({
  id: r.id,
  userId: r.user_id,
  productId: r.product_id,
  name: r.name,
  asset: r.asset,
  amount: BigInt(r.amount),
  dailyRate: BigInt(r.daily_rate),
  dailyIncome: BigInt(r.daily_income),
  cycleDays: r.cycle_days,
  status: r.status as PledgeStatus,
  daysPaid: r.days_paid,
  incomePaid: BigInt(r.income_paid),
  pledgedAt: Number(r.pledged_at),
  maturesAt: Number(r.matures_at),
  settledAt: r.settled_at === null ? null : Number(r.settled_at),
  incomeReserved: Number(r.income_reserved) === 1,
});

export const findPledge = async (db: Kysely<Database>, id: number) => {
  const r = await pledgeQuery(db).where('p.id', '=', id).executeTakeFirst();
  return r && toPledge(r);
};

/** The user's pledge made with this request key, if any. */
export const findPledgeByKey = async (db: Kysely<Database>, userId: number, requestKey: string) => {
  const r = await pledgeQuery(db)
    .where('p.user_id', '=', userId)
    .where('p.request_key', '=', requestKey)
    .executeTakeFirst();
  return r && toPledge(r);
};

export const listPledges = async (
  db: Kysely<Database>,
  filter: { userId?: number | undefined; status?: PledgeStatus | undefined },
  page: { offset: number; limit: number },
) => {
  let q = pledgeQuery(db);
  if (filter.userId !== undefined) q = q.where('p.user_id', '=', filter.userId);
  if (filter.status) q = q.where('p.status', '=', filter.status);
  let c = db.selectFrom('defi_pledges as p').select(sql<number>`count(*)`.as('n'));
  if (filter.userId !== undefined) c = c.where('p.user_id', '=', filter.userId);
  if (filter.status) c = c.where('p.status', '=', filter.status);
  const [rows, count] = await Promise.all([
    q.orderBy('p.id', 'desc').limit(page.limit).offset(page.offset).execute(),
    c.executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toPledge), total: Number(count.n) };
};

/** Earning pledges with at least one day due at `now`. */
export const duePledges = async (db: Kysely<Database>, now: number) =>
  (
    await pledgeQuery(db)
      .where('p.status', '=', 'app.data.pledge_earning')
      .where(sql<boolean>`p.pledged_at + (p.days_paid + 1) * ${sql.lit(DAY_MS)} <= ${now}`)
      .orderBy('p.id')
      .execute()
  ).map(toPledge);

/** Moves a pledge from `fromDays` paid to `toDays` paid; false when another run got there first.
 * This conditional UPDATE is what lets several runs race harmlessly: only one moves the row. */
export const advancePledge = async (
  db: Kysely<Database>,
  p: { id: number; fromDays: number; toDays: number; incomePaid: bigint; settledAt: number | null },
) => {
  const res = await db
    .updateTable('defi_pledges')
    .set({
      days_paid: p.toDays,
      income_paid: p.incomePaid.toString(),
      ...(p.settledAt !== null ? { status: 'app.data.pledge_settled', settled_at: p.settledAt } : {}),
    })
    .where('id', '=', p.id)
    .where('days_paid', '=', p.fromDays)
    .where('status', '=', 'app.data.pledge_earning')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
};

export const insertIncome = async (
  db: Kysely<Database>,
  rows: Array<{ pledgeId: number; userId: number; day: number; amount: bigint; releasedAt: number }>,
) => {
  if (rows.length === 0) return;
  await db
    .insertInto('defi_income')
    .values(
      rows.map((r) => ({
        pledge_id: r.pledgeId,
        user_id: r.userId,
        day: r.day,
        amount: r.amount.toString(),
        released_at: r.releasedAt,
      })),
    )
    .execute();
};

export const listIncome = async (
  db: Kysely<Database>,
  filter: { userId: number; pledgeId?: number | undefined },
  page: { offset: number; limit: number },
) => {
  let q = db
    .selectFrom('defi_income as i')
    .innerJoin('defi_pledges as p', 'p.id', 'i.pledge_id')
    .innerJoin('defi_products as d', 'd.id', 'p.product_id')
    .where('i.user_id', '=', filter.userId);
  if (filter.pledgeId !== undefined) q = q.where('i.pledge_id', '=', filter.pledgeId);
  const [rows, count] = await Promise.all([
    q
      .select([
        'i.id',
        'i.pledge_id',
        'd.name',
        'p.asset',
        'p.amount as principal',
        'p.cycle_days',
        'i.day',
        'i.amount',
        'i.released_at',
      ])
      .orderBy('i.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    rows: rows.map((r): IncomeRow => ({
      id: r.id,
      pledgeId: r.pledge_id,
      name: r.name,
      asset: r.asset,
      principal: BigInt(r.principal),
      cycleDays: r.cycle_days,
      day: r.day,
      amount: BigInt(r.amount),
      releasedAt: Number(r.released_at),
    })),
  };
};

/** Income released to a user since `since`, per pledge. */
export const incomeSince = async (db: Kysely<Database>, userId: number, since: number) => {
  const rows = await db
    .selectFrom('defi_income')
    .select(['pledge_id', 'amount'])
    .where('user_id', '=', userId)
    .where('released_at', '>=', since)
    .execute();
  const sums = new Map<number, bigint>();
  for (const r of rows) sums.set(r.pledge_id, (sums.get(r.pledge_id) ?? 0n) + BigInt(r.amount));
  return sums;
};

export const readClockOffset = async (db: Kysely<Database>) => {
  const r = await db.selectFrom('defi_clock').select('offset_ms').where('id', '=', 1).executeTakeFirst();
  return r ? Number(r.offset_ms) : 0;
};

export const writeClockOffset = async (db: Kysely<Database>, offsetMs: number) => {
  await db
    .insertInto('defi_clock')
    .values({ id: 1, offset_ms: offsetMs })
    .onConflict((oc) => oc.column('id').doUpdateSet({ offset_ms: offsetMs }))
    .execute();
};
