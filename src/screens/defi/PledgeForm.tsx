import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import type { DefiProduct } from '../../../protocol';
import { pledgeAmount } from '../../../protocol/defi';
import {
  DAY_MS,
  RATE_SCALE,
  dailyIncomeUnits,
  formatUnitsString,
  parseScaledExact,
  parseUnits,
} from '../../../protocol/defiRules';
import { defiApi } from '../../api/defi';
import { createIntentKeys } from '../../api/requestKey';
import { verifiedAction } from '../../app/verificationPrompt';
import { Dialog } from '../../components/Dialog';
import { failureOf } from '../../components/LoadFailed';
import { ASSET_SCALE } from '../../../protocol/assets';
import { canonicalDecimal } from '../../components/form/decimalInput';
import { afterLabel } from '../../i18n/afterLabel';
import { SubmitButton } from '../../components/form/SubmitButton';
import { DecimalField } from '../../components/form/DecimalField';
import { useForm } from '../../hooks/useForm';
import { useBalances } from '../../hooks/useSpot';
import { useServerOffset } from '../../hooks/useMarket';
import { showToast } from '../../state/ui';
import { useDateFormat } from '../../hooks/useDateFormat';
import { useDefiFormat } from './format';
import { pluralKey } from '../../i18n/plural';

/** Outside the product's per-pledge limits, by the server's exact arithmetic: the form says so
 * before anything is sent. An amount that is not one is left to the format rule. */
const outsideLimits = (p: DefiProduct, text: string) => {
  const amount = parseUnits(text.trim());
  const [min, max] = [parseUnits(p.minAmount), parseUnits(p.maxAmount)];
  return amount !== null && min !== null && max !== null && (amount < min || amount > max);
};

/** More than the product's quota has left, which the server refuses however far within the
 * per-pledge limits: said beside the amount, with what is left, before the confirmation opens. */
const overQuota = (p: DefiProduct, text: string) => {
  const [amount, left] = [parseUnits(text.trim()), parseUnits(p.remainingQuota)];
  return amount !== null && left !== null && amount > left;
};

/** More than the balance the form shows, once it has come: said beside the amount, before the
 * confirmation opens for a pledge the server would refuse. */
const overBalance = (available: string | undefined, text: string) => {
  const [amount, held] = [parseUnits(text.trim()), available === undefined ? null : parseUnits(available)];
  return amount !== null && held !== null && amount > held;
};

/** What "Max" fills in: the balance, but no more than one pledge may be nor than the quota has
 * left, so that the most the reader may pledge is not an amount the form then refuses. */
const mostPledgeable = (p: DefiProduct, available: string): string =>
  [p.maxAmount, p.remainingQuota].reduce((most, cap) => {
    const [a, b] = [parseUnits(most), parseUnits(cap)];
    return a !== null && b !== null && b < a ? cap : most;
  }, available);

const formSchema = (p: DefiProduct, available: string | undefined) =>
  z.strictObject({
    amount: z
      .string()
      .transform(canonicalDecimal)
      .pipe(pledgeAmount)
      .refine((v) => !outsideLimits(p, v), 'app.msg.outside_limit')
      .refine((v) => !overQuota(p, v), 'app.msg.investment_exceeds_limit')
      .refine((v) => !overBalance(available, v), 'app.msg.insufficient_balance'),
  });

/** What the amount would earn: the same integer arithmetic the server applies, so the figures
 * shown are the figures paid. Null while the amount is not a valid one. */
export const projection = (p: DefiProduct, amountText: string, now: number) => {
  const amount = parseUnits(amountText);
  const rate = parseScaledExact(p.dailyYield, RATE_SCALE - 2);
  if (amount === null || amount <= 0n || rate === null) return null;
  const daily = dailyIncomeUnits(amount, rate);
  return {
    daily: formatUnitsString(daily),
    total: formatUnitsString(daily * BigInt(p.cycleDays)),
    settlesAt: now + p.cycleDays * DAY_MS,
  };
};

const CONFIRM_TITLE = 'defi-confirm-title';

/** The server's refusals of the amount (the limits, what is left of the quota, the balance), said
 * under it once the confirmation has closed. */
const AMOUNT_REFUSALS = [
  'app.msg.amount_invalid',
  'app.msg.outside_limit',
  'app.msg.investment_exceeds_limit',
  'app.msg.insufficient_balance',
];

/** Refusals that say the product changed since the page read it (its quota taken by others, its
 * limits or purchase limit changed, closed by an operator): the page reads it again, so that what
 * it shows, and what the form checks, is what the server now holds. */
const TERMS_MOVED = [
  'app.msg.outside_limit',
  'app.msg.investment_exceeds_limit',
  'app.msg.no_purchase_times',
  'app.msg.not_eligible',
  'app.msg.record_not_found',
];

/** The pledge: the amount with what it would earn, a confirmation of the terms, then the pledge. */
export const PledgeForm = ({
  product,
  onTermsMoved,
}: {
  product: DefiProduct;
  onTermsMoved?: () => void;
}) => {
  const { t, i18n } = useTranslation();
  const f = useDefiFormat();
  const date = useDateFormat(true);
  const navigate = useNavigate();
  // The live balances, as /trade and /contract have them: a day's income or another pledge shows at once.
  const balances = useBalances();
  const available = balances && (balances.find((b) => b.asset === product.asset)?.available ?? '0');
  const schema = useMemo(() => formSchema(product, available), [product, available]);
  const form = useForm(schema, { amount: '' });
  const [confirming, setConfirming] = useState(false);
  // The pledge the form holds keeps its key until the server answers it: a second tap after a lost
  // answer reaches the pledge that may already be made instead of freezing the amount again.
  const [keys] = useState(createIntentKeys);
  // Dates of the pledge as the server will set them: on its clock, not the device's.
  const offset = useServerOffset();
  // No earnings projected for an amount the limits or the quota left refuse: figures for a pledge
  // that cannot be made (a day's income of quadrillions, broken over lines) read as an offer.
  const typed = canonicalDecimal(form.values.amount);
  const refused = outsideLimits(product, typed) || overQuota(product, typed);
  const plan = refused ? null : projection(product, typed, Date.now() + offset);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    // Checked by the server's own rules and the product's limits before the confirmation shows the figures.
    void form.submit(async () => setConfirming(true));
  };
  const confirm = () =>
    void form.submit(
      async (body) => {
        const intended = { productId: product.id, amount: body.amount };
        try {
          await keys.send(JSON.stringify(intended), (requestKey) =>
            verifiedAction(() => defiApi.pledge({ ...intended, requestKey }), navigate),
          );
          showToast(t('defi.pledgeDone'), 2000);
          void navigate('/defi/pledgeRecord');
        } catch (e) {
          if (TERMS_MOVED.includes(failureOf(e))) onTermsMoved?.();
          throw e;
        } finally {
          setConfirming(false);
        }
      },
      { leaves: true, atFields: { amount: AMOUNT_REFUSALS } },
    );

  // The figures said after a limit the amount breaks. After the server's refusal of quota taken
  // since the page read it, only once the product read again shows less left than the amount.
  const limitsSaid = () => {
    if (form.errors.amount === 'app.msg.outside_limit')
      return ` (${t('common.range', { min: f.amount(product.minAmount), max: f.amount(product.maxAmount, product.asset) })})`;
    if (form.errors.amount === 'app.msg.investment_exceeds_limit' && overQuota(product, typed))
      return ` (${t('defi.quotaLeft', { amount: f.amount(product.remainingQuota, product.asset) })})`;
    return undefined;
  };

  return (
    <form className="form defi-form card" onSubmit={onSubmit} noValidate>
      <DecimalField
        label={t('defi.amount', { asset: product.asset })}
        {...form.field('amount')}
        places={ASSET_SCALE}
        errorSuffix={limitsSaid()}
        hint={t('defi.amountHint', { min: f.amount(product.minAmount), max: f.amount(product.maxAmount) })}
        addon={
          available !== undefined && (
            <button
              type="button"
              className="field__action"
              onClick={() => {
                const most = mostPledgeable(product, available);
                // Nothing to pledge: a 0 filled in was called an invalid amount, when the balance is
                // what stands in the way.
                if (parseUnits(most) === 0n) form.setErrors({ amount: 'app.msg.insufficient_balance' });
                else form.set('amount', most);
              }}
            >
              {t('defi.max')}
            </button>
          )
        }
      />
      <p className="defi-form__balance">
        {t('defi.available')}
        {afterLabel(t('defi.available'))}
        <strong>{available !== undefined ? f.amount(available, product.asset) : '–'}</strong>
      </p>
      <dl className="defi-terms defi-projection" aria-live="polite">
        <div>
          <dt>{t('defi.dailyIncome')}</dt>
          <dd>{plan ? f.amount(plan.daily, product.asset) : '–'}</dd>
        </div>
        <div>
          <dt>{t('defi.projectedIncome')}</dt>
          <dd className="defi-summary__gain">{plan ? f.amount(plan.total, product.asset) : '–'}</dd>
        </div>
        <div>
          <dt>{t('defi.settlesAt')}</dt>
          <dd>{plan ? date.format(plan.settlesAt) : '–'}</dd>
        </div>
      </dl>
      <p className="form__intro">{t('defi.rounding')}</p>
      <SubmitButton busy={form.submitting}>{t('defi.pledgeNow')}</SubmitButton>
      {confirming && plan && (
        <Dialog labelledBy={CONFIRM_TITLE} onDismiss={() => setConfirming(false)}>
          <h2 id={CONFIRM_TITLE} className="dialog__title">
            {t('defi.confirmTitle')}
          </h2>
          <dl className="defi-terms">
            <div>
              <dt>{t('defi.project')}</dt>
              <dd>{product.name}</dd>
            </div>
            <div>
              <dt>{t('defi.amountLabel')}</dt>
              <dd>{f.amount(form.values.amount, product.asset)}</dd>
            </div>
            <div>
              <dt>{t('defi.cycle')}</dt>
              <dd>
                {t(pluralKey('defi.cycleDays', product.cycleDays, i18n.language), {
                  days: product.cycleDays,
                })}
              </dd>
            </div>
            <div>
              <dt>{t('defi.projectedIncome')}</dt>
              <dd>{f.amount(plan.total, product.asset)}</dd>
            </div>
          </dl>
          <p className="form__intro">{t('defi.lockNote')}</p>
          <div className="dialog__actions">
            <button type="button" className="btn" onClick={() => setConfirming(false)}>
              {t('defi.cancel')}
            </button>
            <button type="button" className="btn btn--primary" onClick={confirm} disabled={form.submitting}>
              {t('defi.confirm')}
            </button>
          </div>
        </Dialog>
      )}
    </form>
  );
};
