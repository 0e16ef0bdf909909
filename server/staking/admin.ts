import type { z } from 'zod';
import {
  RATE_SCALE,
  UNIT_SCALE,
  adminCreateProductSchema,
  adminUpdateProductSchema,
  dailyIncomeUnits,
  parseScaledExact,
  type AdminPledge,
  type AdminPledgeQuery,
  type DefiProduct,
} from '../../protocol';
import type { Db } from '../db/connect';
import { audited } from '../db/repos/audit';
import { userMustExist } from '../db/repos/userMustExist';
import {
  assetListed,
  findProduct,
  insertProduct,
  listPledges,
  listProducts,
  updateProduct,
} from '../db/repos/defi';
import type { Actor } from '../domain/operators/actor';
import { AppError } from '../domain/appError';
import { toProduct, toRecord } from './service';

/** Operator side of staking (operator API and CLI): products and a view of every pledge. Every
 * change is written with its audit row in the same transaction. */

const units = (v: string) => parseScaledExact(v, UNIT_SCALE)!;
/** The operator types a percent (0.5 = 0.5 % a day); stored as a fraction at RATE_SCALE. */
const rate = (percent: string) => parseScaledExact(percent, RATE_SCALE - 2)!;

// The refusal names the term at fault: a yield of nothing was told as a wrong minimum.
const checkTerms = (t: { minAmount: bigint; maxAmount: bigint; dailyRate: bigint }) => {
  if (t.dailyRate <= 0n) throw new AppError('parameter_error', { field: 'dailyYield' });
  if (t.minAmount <= 0n || t.maxAmount < t.minAmount)
    throw new AppError('parameter_error', { field: 'minAmount' });
  // Income is rounded down to 0.00000001: a smaller minimum would let a user freeze an amount
  // for the whole cycle and be paid nothing.
  if (dailyIncomeUnits(t.minAmount, t.dailyRate) === 0n)
    throw new AppError('parameter_error', { field: 'minAmount' });
};

export const createProduct = async (
  db: Db,
  actor: Actor,
  input: z.input<typeof adminCreateProductSchema>,
  now = Date.now(),
): Promise<DefiProduct> => {
  const body = adminCreateProductSchema.parse(input);
  const terms = {
    name: body.name,
    asset: body.asset,
    cycleDays: body.cycleDays,
    dailyRate: rate(body.dailyYield),
    minAmount: units(body.minAmount),
    maxAmount: units(body.maxAmount),
    totalQuota: units(body.totalQuota),
    purchaseLimit: body.purchaseLimit,
    enabled: body.enabled,
    sort: body.sort,
  };
  checkTerms(terms);
  // A coin nobody can hold would be offered to users who could never pledge it.
  if (!(await assetListed(db.kysely, terms.asset)))
    throw new AppError('currency_not_exist', { field: 'asset' });
  const id = await audited(db, actor, now, async (trx) => {
    const id = await insertProduct(trx, terms, now);
    return {
      result: id,
      change: { action: 'defi.product.create', target: `defi_product:${id}`, before: null, after: body },
    };
  });
  return toProduct((await findProduct(db.kysely, id))!, 0);
};

export const updateProductTerms = async (
  db: Db,
  actor: Actor,
  input: z.input<typeof adminUpdateProductSchema>,
  now = Date.now(),
): Promise<DefiProduct> => {
  const body = adminUpdateProductSchema.parse(input);
  await audited(db, actor, now, async (trx) => {
    const before = await findProduct(trx, body.id);
    if (!before) throw new AppError('record_not_found');
    const dailyRate = body.dailyYield !== undefined ? rate(body.dailyYield) : undefined;
    const minAmount = body.minAmount !== undefined ? units(body.minAmount) : undefined;
    const maxAmount = body.maxAmount !== undefined ? units(body.maxAmount) : undefined;
    checkTerms({
      minAmount: minAmount ?? before.minAmount,
      maxAmount: maxAmount ?? before.maxAmount,
      dailyRate: dailyRate ?? before.dailyRate,
    });
    const ok = await updateProduct(
      trx,
      body.id,
      {
        name: body.name,
        dailyRate,
        minAmount,
        maxAmount,
        totalQuota: body.totalQuota !== undefined ? units(body.totalQuota) : undefined,
        purchaseLimit: body.purchaseLimit,
        enabled: body.enabled,
        sort: body.sort,
      },
      now,
    );
    // The quota cannot drop below what users already hold.
    if (!ok) throw new AppError('parameter_error', { field: 'totalQuota' });
    return {
      result: undefined,
      change: {
        action: 'defi.product.update',
        target: `defi_product:${body.id}`,
        before: toProduct(before, 0),
        after: body,
      },
    };
  });
  return toProduct((await findProduct(db.kysely, body.id))!, 0);
};

export const listAllProducts = async (db: Db) =>
  (await listProducts(db.kysely, { enabledOnly: false })).map((p) => toProduct(p, 0));

/** One page of every user's pledges (or one user's), newest first. */
export const listAllPledges = async (db: Db, query: AdminPledgeQuery): Promise<AdminPledge[]> => {
  const { rows } = await listPledges(db.kysely, query, {
    offset: (query.page - 1) * query.size,
    limit: query.size,
  });
  if (rows.length === 0 && query.userId !== undefined) await userMustExist(db.kysely, query.userId);
  return rows.map((p) => ({ ...toRecord(p, 0n), userId: p.userId }));
};
