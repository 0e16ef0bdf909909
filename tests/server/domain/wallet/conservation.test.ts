import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../server/domain/appError';
import { forEachEngine } from '../../helpers/testDb';
import {
  OPERATOR,
  feesHeld,
  insertUser,
  totalHeld,
  units,
  usdtWithdrawal,
  walletFor,
} from '../../helpers/wallet';

type Op =
  | { kind: 'deposit'; user: number; cents: number; short: boolean }
  | { kind: 'confirm'; pick: number }
  | { kind: 'withdraw'; user: number; cents: number }
  | { kind: 'review'; pick: number; decision: 'approve' | 'reject' | 'fail' };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('deposit' as const),
    user: fc.nat(2),
    cents: fc.integer({ min: 1000, max: 50_000 }),
    short: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('confirm' as const), pick: fc.nat(20) }),
  fc.record({
    kind: fc.constant('withdraw' as const),
    user: fc.nat(2),
    cents: fc.integer({ min: 500, max: 30_000 }),
  }),
  fc.record({
    kind: fc.constant('review' as const),
    pick: fc.nat(20),
    decision: fc.constantFrom('approve' as const, 'reject' as const, 'fail' as const),
  }),
);

const decimal = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** Refusals the rules may give a random step; anything else is a bug. */
const EXPECTED = new Set(['insufficient_balance', 'record_not_found', 'withdraw_min', 'outside_limit']);
const tolerate = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    if (!(e instanceof AppError) || !EXPECTED.has(e.errorName)) throw e;
  }
};

describe.each(forEachEngine())('ledger conservation over wallet sequences on %s', (engine, open) => {
  it('never creates or loses a unit: holdings = credited deposits - what left for the chain', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        const t = await open();
        try {
          const h = await walletFor(t);
          const users = [await insertUser(t), await insertUser(t), await insertUser(t)];
          const deposits: number[] = [];
          const withdrawals: number[] = [];
          for (const o of ops) {
            if (o.kind === 'deposit') {
              const d = await h.wallet.submitDeposit(users[o.user]!, {
                coin: 'USDT',
                network: 'TRC20',
                amount: decimal(o.cents),
              });
              deposits.push(d.id);
              // A short one is confirmed below what it declared: under the minimum, never credited.
              if (o.short) await tolerate(h.wallet.confirmDeposit(OPERATOR, d.id, '9.5'));
            } else if (o.kind === 'confirm' && deposits.length > 0) {
              const id = deposits[o.pick % deposits.length]!;
              await Promise.all([
                tolerate(h.wallet.confirmDeposit(OPERATOR, id)),
                tolerate(h.wallet.confirmDeposit(OPERATOR, id)),
              ]);
            } else if (o.kind === 'withdraw') {
              const w = h.wallet.submitWithdrawal(users[o.user]!, usdtWithdrawal(decimal(o.cents)));
              await tolerate(w.then((x) => withdrawals.push(x.id)));
            } else if (o.kind === 'review' && withdrawals.length > 0) {
              const id = withdrawals[o.pick % withdrawals.length]!;
              const r =
                o.decision === 'approve'
                  ? h.wallet.approveWithdrawal(OPERATOR, id)
                  : o.decision === 'reject'
                    ? h.wallet.rejectWithdrawal(OPERATOR, id, 'no')
                    : h.wallet.failWithdrawal(OPERATOR, id, 'no');
              await tolerate(r);
            }
          }
          const ds = await t.db.kysely.selectFrom('deposits').selectAll().execute();
          const ws = await t.db.kysely.selectFrom('withdrawals').selectAll().execute();
          const credited = ds
            .filter((d) => d.status === 'success')
            .reduce((s, d) => s + BigInt(d.credited_amount!), 0n);
          const approved = ws.filter((w) => w.status === 'success');
          const sent = approved.reduce((s, w) => s + BigInt(w.amount) - BigInt(w.fee), 0n);
          expect(await totalHeld(t, 'USDT')).toBe(credited - sent);
          expect(await feesHeld(h.ledger, 'USDT')).toBe(approved.reduce((s, w) => s + BigInt(w.fee), 0n));
          for (const u of users) {
            const [b] = await h.ledger.balances(u.id);
            const pending = ws
              .filter((w) => w.user_id === u.id && w.status === 'pending')
              .reduce((s, w) => s + BigInt(w.amount), 0n);
            expect(b ? units(b.frozen) : 0n).toBe(pending);
          }
          expect(ds.filter((d) => d.status === 'fail').every((d) => d.credited_amount === '0')).toBe(true);
        } finally {
          await t.close();
        }
      }),
      { numRuns: engine === 'sqlite' ? 40 : 6 },
    );
  }, 120_000);
});
