import {
  amountProblem,
  annualRateUnits,
  dailyIncomeUnits,
  formatUnitsString,
  parseUnits,
  ratePercent,
  type AccrualResult,
  type DefiProduct,
  type Earnings,
  type IncomePage,
  type PledgeListRequest,
  type PledgePage,
  type PledgeRecord,
  ledgerRef,
  sourceOfRef,
  type LedgerType,
} from '../../protocol';
import type { Db } from '../db/connect';
import {
  advancePledge,
  countPledges,
  duePledges,
  findPledge,
  findPledgeByKey,
  findProduct,
  incomeSince,
  insertIncome,
  insertPledge,
  listIncome,
  listPledges,
  listProducts,
  pledgeCounts,
  takeQuota,
  type PledgeRow,
  type ProductRow,
} from '../db/repos/defi';
import { readGlobalConfig } from '../db/repos/siteConfig';
import { assertVerified } from '../domain/accounts/userinfo';
import { assertWithinLimits, dueDays, utcDayStart } from '../domain/defi/rules';
import type { Ledger } from '../domain/ledger/ledger';
import { SYSTEM_ACCOUNTS, type Movement, type PostedEntry } from '../domain/ledger/types';
import { AppError } from '../domain/appError';
import { answerRepeated } from '../domain/requestKeys';
import { transact } from '../db/transient';

/** The staking clock: real time, or real time plus the test-mode offset (see testClock.ts). */
export type StakingClock = () => Promise<number>;

type PledgeListener = (userId: number, pledge: PledgeRecord) => void;

interface StakingDeps {
  db: Db;
  ledger: Ledger;
  clock: StakingClock;
  onError?: (err: unknown, pledgeId: number) => void;
}

export const toProduct = (p: ProductRow, purchased: number): DefiProduct => ({
  id: p.id,
  name: p.name,
  asset: p.asset,
  cycleDays: p.cycleDays,
  dailyYield: ratePercent(p.dailyRate),
  annualRate: ratePercent(annualRateUnits(p.dailyRate)),
  minAmount: formatUnitsString(p.minAmount),
  maxAmount: formatUnitsString(p.maxAmount),
  totalQuota: formatUnitsString(p.totalQuota),
  remainingQuota: formatUnitsString(p.remainingQuota),
  purchaseLimit: p.purchaseLimit,
  purchased,
  enabled: p.enabled,
});

export const toRecord = (p: PledgeRow, today: bigint): PledgeRecord => ({
  id: p.id,
  productId: p.productId,
  name: p.name,
  asset: p.asset,
  amount: formatUnitsString(p.amount),
  cycleDays: p.cycleDays,
  dailyYield: ratePercent(p.dailyRate),
  annualRate: ratePercent(annualRateUnits(p.dailyRate)),
  status: p.status,
  pledgedAt: p.pledgedAt,
  maturesAt: p.maturesAt,
  settledAt: p.settledAt,
  daysPaid: p.daysPaid,
  dailyIncome: formatUnitsString(p.dailyIncome),
  todayIncome: formatUnitsString(today),
  cumulativeIncome: formatUnitsString(p.incomePaid),
  projectedIncome: formatUnitsString(p.dailyIncome * BigInt(p.cycleDays)),
});

const ALL = { offset: 0, limit: 100_000 };

const PLEDGE_RECORD_TYPES: readonly LedgerType[] = ['app.data.pledge_income', 'app.data.pledge_return'];

/**
 * Staking: products, pledging and the daily release of income.
 *
 * The principal is FROZEN in the user's own account while it earns (available → frozen, type
 * `app.data.pledge`) and released back at maturity (`app.data.pledge_return`): it never leaves the
 * user's account, the wallet shows it as frozen, and the house only ever pays the income
 * (`app.data.pledge_income`, house → user).
 */
export const createStaking = ({ db, ledger, clock, onError }: StakingDeps) => {
  const k = db.kysely;
  const listeners = new Set<PledgeListener>();
  const notify = (records: readonly PledgeRecord[], userId: number) => {
    for (const r of records) for (const l of listeners) l(userId, r);
  };

  const todayOf = async (userId: number, now: number) => incomeSince(k, userId, utcDayStart(now));

  const record = async (p: PledgeRow, now: number) =>
    toRecord(p, (await todayOf(p.userId, now)).get(p.id) ?? 0n);

  /** Pays every due day of one pledge, and at maturity returns the principal, in one transaction. */
  const accruePledge = async (p: PledgeRow, now: number) => {
    const days = dueDays(p, now);
    const last = days.at(-1);
    if (last === undefined) return null;
    const settles = last === p.cycleDays;
    const ref = ledgerRef('pledge', p.id);
    const posted = await transact(k, async (trx) => {
      const moved = await advancePledge(trx, {
        id: p.id,
        fromDays: p.daysPaid,
        toDays: last,
        incomePaid: p.incomePaid + p.dailyIncome * BigInt(days.length),
        settledAt: settles ? now : null,
      });
      if (!moved) return null;
      await insertIncome(
        trx,
        days.map((day) => ({
          pledgeId: p.id,
          userId: p.userId,
          day,
          amount: p.dailyIncome,
          releasedAt: now,
        })),
      );
      const movements: Movement[] = days.flatMap((): Movement[] => [
        // From what was set aside at the pledge; a pledge made before that paid from the house's
        // available balance, and still does.
        {
          userId: SYSTEM_ACCOUNTS.house,
          asset: p.asset,
          available: p.incomeReserved ? 0n : -p.dailyIncome,
          frozen: p.incomeReserved ? -p.dailyIncome : 0n,
          type: 'app.data.pledge_income',
          ref,
        },
        {
          userId: p.userId,
          asset: p.asset,
          available: p.dailyIncome,
          frozen: 0n,
          type: 'app.data.pledge_income',
          ref,
        },
      ]);
      if (settles)
        movements.push({
          userId: p.userId,
          asset: p.asset,
          available: p.amount,
          frozen: -p.amount,
          type: 'app.data.pledge_return',
          ref,
        });
      return ledger.postIn(trx, movements, now);
    });
    if (!posted) return null;
    ledger.announce(posted);
    return { days: days.length, settled: settles };
  };

  const afterPledgeChange = async (userId: number, pledgeId: number, now: number) => {
    if (listeners.size === 0) return;
    const p = await findPledge(k, pledgeId);
    if (p) notify([await record(p, now)], userId);
  };

  return {
    onPledge(listener: PledgeListener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** The journal's entries that change a pledge's record after it was made: a day's income, the
     * principal's return. */
    recordTypes: PLEDGE_RECORD_TYPES,

    /** Tells the listeners of pledges whose entries another process wrote (the operator CLI's
     * accrual): this process's listeners heard nothing of them. */
    async entriesWritten(entries: ReadonlyArray<{ userId: number; ref: string }>) {
      const now = await clock();
      for (const { userId, ref } of entries) {
        const source = sourceOfRef(ref);
        if (source?.source === 'pledge') await afterPledgeChange(userId, source.id, now);
      }
    },

    now: clock,

    async products(userId: number): Promise<DefiProduct[]> {
      const [rows, counts] = await Promise.all([
        listProducts(k, { enabledOnly: true }),
        pledgeCounts(k, userId),
      ]);
      return rows.map((p) => toProduct(p, counts.get(p.id) ?? 0));
    },

    async product(userId: number, id: number): Promise<DefiProduct> {
      const p = await findProduct(k, id);
      if (!p || !p.enabled) throw new AppError('record_not_found');
      return toProduct(p, await countPledges(k, userId, id));
    },

    /** Pledges `amount` of the product for the user. The quota, the pledge row and the freeze of
     * the principal commit together or not at all. A request key seen before answers the pledge it
     * made, whatever has changed since, if it asks for the same (`answerRepeated`). */
    async pledge(
      user: { id: number; certification: number | null },
      productId: number,
      amountText: string,
      requestKey: string | null = null,
    ): Promise<PledgeRecord> {
      const amount = amountProblem(amountText) ? null : parseUnits(amountText);
      const byKey = async () => {
        const made = requestKey === null ? undefined : await findPledgeByKey(k, user.id, requestKey);
        return made && answerRepeated(made, (p) => p.productId === productId && p.amount === amount);
      };
      const earlier = await byKey();
      if (earlier) return record(earlier, await clock());
      if (amount === null) throw new AppError('amount_invalid', { field: 'amount' });
      const now = await clock();
      const { certification: verificationRequired } = await readGlobalConfig(k);
      let posted: PostedEntry[] = [];
      let pledgeId: number;
      try {
        pledgeId = await transact(k, async (trx) => {
          const product = await findProduct(trx, productId);
          if (!product) throw new AppError('record_not_found');
          // Closed by an operator while its page was open: it exists, it just takes no pledges.
          if (!product.enabled) throw new AppError('not_eligible');
          assertWithinLimits(product, amount);
          await assertVerified(user.certification, () => verificationRequired);
          if (!(await takeQuota(trx, productId, amount, now)))
            throw new AppError('investment_exceeds_limit', {
              remaining: formatUnitsString((await findProduct(trx, productId))?.remainingQuota ?? 0n),
            });
          // Counted after the quota row is taken: on PostgreSQL that row lock makes a second pledge
          // of the same product wait for this one and then see it.
          if ((await countPledges(trx, user.id, productId)) >= product.purchaseLimit)
            throw new AppError('no_purchase_times');
          const dailyIncome = dailyIncomeUnits(amount, product.dailyRate);
          const id = await insertPledge(trx, {
            userId: user.id,
            productId,
            asset: product.asset,
            amount,
            dailyRate: product.dailyRate,
            dailyIncome,
            cycleDays: product.cycleDays,
            pledgedAt: now,
            requestKey,
            incomeReserved: true,
          });
          const ref = ledgerRef('pledge', id);
          const income = dailyIncome * BigInt(product.cycleDays);
          const house = { userId: SYSTEM_ACCOUNTS.house, asset: product.asset };
          // Both accounts locked at once, in the ledger's order (the house's first), as every other
          // writer takes them: the trader's held while waiting for the house's deadlocked on
          // PostgreSQL with a spot batch or a contract holding the house's and wanting the trader's.
          const session = ledger.session(trx);
          await session.hold([house, { userId: user.id, asset: product.asset }]);
          posted = await session.post(
            [
              {
                userId: user.id,
                asset: product.asset,
                available: -amount,
                frozen: amount,
                type: 'app.data.pledge',
                ref,
              },
            ],
            now,
          );
          // The whole income is set aside from the house now, frozen in its own account: paying it
          // can never fail later, so the principal always comes back at maturity. A house that
          // cannot cover it takes no more pledges of the asset.
          if (income > 0n) {
            const reserve: Movement = {
              ...house,
              available: -income,
              frozen: income,
              type: 'app.data.pledge_income',
              ref,
            };
            try {
              posted = [...posted, ...(await session.post([reserve], now))];
            } catch (e) {
              if (e instanceof AppError && e.errorName === 'insufficient_balance')
                throw new AppError('product_unavailable');
              throw e;
            }
          }
          await session.flush();
          return id;
        });
      } catch (e) {
        // The same key raced in from a second request: that one won, answer it.
        const winner = await byKey();
        if (winner) return record(winner, now);
        throw e;
      }
      ledger.announce(posted);
      const created = await findPledge(k, pledgeId);
      if (!created) throw new AppError('unexpected_error');
      const result = toRecord(created, 0n);
      notify([result], user.id);
      return result;
    },

    async pledges(userId: number, query: PledgeListRequest): Promise<PledgePage> {
      const page = query.page ?? 1;
      const size = query.size ?? 20;
      const now = await clock();
      const [{ rows, total }, today] = await Promise.all([
        listPledges(k, { userId, status: query.status }, { offset: (page - 1) * size, limit: size }),
        todayOf(userId, now),
      ]);
      return { page, size, total, list: rows.map((p) => toRecord(p, today.get(p.id) ?? 0n)) };
    },

    async income(
      userId: number,
      query: { pledgeId?: number | undefined; page?: number; size?: number },
    ): Promise<IncomePage> {
      const page = query.page ?? 1;
      const size = query.size ?? 20;
      const { rows, total } = await listIncome(
        k,
        { userId, pledgeId: query.pledgeId },
        { offset: (page - 1) * size, limit: size },
      );
      return {
        page,
        size,
        total,
        list: rows.map((r) => ({
          ...r,
          principal: formatUnitsString(r.principal),
          amount: formatUnitsString(r.amount),
        })),
      };
    },

    /** Per asset: principal still pledged, income released today, released so far, and still to come. */
    async earnings(userId: number): Promise<Earnings> {
      const now = await clock();
      const [{ rows }, today] = await Promise.all([listPledges(k, { userId }, ALL), todayOf(userId, now)]);
      const byAsset = new Map<
        string,
        { pledged: bigint; today: bigint; cumulative: bigint; projected: bigint }
      >();
      for (const p of rows) {
        const s = byAsset.get(p.asset) ?? { pledged: 0n, today: 0n, cumulative: 0n, projected: 0n };
        const earning = p.status === 'app.data.pledge_earning';
        s.pledged += earning ? p.amount : 0n;
        s.today += today.get(p.id) ?? 0n;
        s.cumulative += p.incomePaid;
        s.projected += earning ? p.dailyIncome * BigInt(p.cycleDays - p.daysPaid) : 0n;
        byAsset.set(p.asset, s);
      }
      return [...byAsset.entries()]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([asset, s]) => ({
          asset,
          pledged: formatUnitsString(s.pledged),
          today: formatUnitsString(s.today),
          cumulative: formatUnitsString(s.cumulative),
          projected: formatUnitsString(s.projected),
        }));
    },

    /** Releases every due day of every earning pledge, as of `at` (default: the staking clock).
     * Safe to run twice, from two processes, or after a long stop. */
    async accrue(at?: number): Promise<AccrualResult> {
      const now = at ?? (await clock());
      const result: AccrualResult = { days: 0, settled: 0, failed: 0 };
      for (const p of await duePledges(k, now)) {
        try {
          const done = await accruePledge(p, now);
          if (!done) continue;
          result.days += done.days;
          if (done.settled) result.settled += 1;
          await afterPledgeChange(p.userId, p.id, now);
        } catch (err) {
          // One pledge that cannot be paid (the house short of an asset) must not stop the rest.
          result.failed += 1;
          onError?.(err, p.id);
        }
      }
      return result;
    },
  };
};

export type Staking = ReturnType<typeof createStaking>;
