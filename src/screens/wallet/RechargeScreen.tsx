import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { createIntentKeys } from '../../api/requestKey';
import type { RechargeResultState } from './RechargeResultScreen';
import { walletApi } from '../../api/wallet';
import { SubmitButton } from '../../components/form/SubmitButton';
import { DecimalField } from '../../components/form/DecimalField';
import { TextField } from '../../components/form/TextField';
import { NavBar } from '../../components/NavBar';
import { Loading } from '../../components/LoadFailed';
import { formatDecimal } from '../../components/format';
import { useForm } from '../../hooks/useForm';
import { AMOUNT_REFUSALS, depositFormSchema } from './forms';
import { networksOf } from './networks';
import { DepositCard } from './DepositCard';
import { Fact } from './Fact';
import { NetworkPicker } from './NetworkPicker';
import { useNetworks } from './useNetworks';
import { EmptyText } from '../../components/EmptyText';

/** /recharge?coin=USDT: where to send a deposit on the chosen network (the reader's own address,
 * or the shared one and a memo), its limits and the warning about small amounts, then the declaration
 * of what was sent. */
const RechargeScreen = () => {
  const { t, i18n } = useTranslation();
  const num = (v: string) => formatDecimal(v, i18n.language);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const coin = (params.get('coin') ?? '').toUpperCase();
  const { nets, failure, reload } = useNetworks();
  const networks = nets ? networksOf(nets, coin, 'deposit') : [];
  const [chosen, setChosen] = useState('');
  const net = networks.find((n) => n.network === chosen) ?? networks[0];
  const schema = useMemo(() => depositFormSchema(net), [net]);
  const form = useForm(schema, { amount: '', txHash: '' });
  // Kept until the server answers: a second tap after a lost answer finds the declaration made.
  const [keys] = useState(createIntentKeys);

  if (!coin) return <Navigate to="/recharge/select" replace />;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!net) return;
    void form.submit(
      async ({ amount, txHash }) => {
        const intended = { coin: net.coin, network: net.network, amount, ...(txHash ? { txHash } : {}) };
        const d = await keys.send(JSON.stringify(intended), (requestKey) =>
          walletApi.deposit({ ...intended, requestKey }),
        );
        const handed: RechargeResultState = { deposit: d };
        void navigate(`/recharge/result?id=${d.id}`, { replace: true, state: handed });
      },
      {
        leaves: true,
        atFields: { amount: AMOUNT_REFUSALS, txHash: ['app.msg.tx_hash_invalid', 'app.msg.tx_hash_used'] },
      },
    );
  };

  return (
    <>
      <NavBar
        title={`${t('route.recharge')} ${coin}`}
        actions={
          <Link className="navbar__link" to="/recharge/record">
            {t('recharge.records')}
          </Link>
        }
      />
      {!nets ? (
        <Loading failure={failure} onRetry={reload} />
      ) : !net ? (
        <EmptyText>{t('app.msg.deposit_not_opened')}</EmptyText>
      ) : (
        <div className="wallet-form">
          <NetworkPicker networks={networks} value={net.network} onChange={setChosen} />
          <DepositCard net={net} />
          <dl className="wallet-facts">
            <Fact label={t('recharge.min')} figure={`${num(net.minDeposit)} ${coin}`} />
            <Fact label={t('recharge.max')} figure={`${num(net.maxDeposit)} ${coin}`} />
          </dl>
          <p className="wallet-notice wallet-notice--warn" role="note">
            {t('recharge.belowMinWarning', { min: num(net.minDeposit), coin })}
          </p>
          <p className="wallet-notice">{t('recharge.networkWarning', { coin, network: net.network })}</p>
          <form className="form" onSubmit={onSubmit} noValidate>
            <DecimalField
              label={t('recharge.amount')}
              {...form.field('amount')}
              places={net.decimals}
              placeholder={t('common.range', { min: num(net.minDeposit), max: num(net.maxDeposit) })}
              // The limits beside the refusal, as the other amount fields give them.
              errorSuffix={
                form.errors.amount === 'app.msg.outside_limit'
                  ? ` (${t('common.range', { min: num(net.minDeposit), max: num(net.maxDeposit) })}\u00a0${coin})`
                  : undefined
              }
            />
            <TextField
              label={t('recharge.txHash')}
              {...form.field('txHash')}
              autoComplete="off"
              hint={t('recharge.txHashHint')}
            />
            <SubmitButton busy={form.submitting}>{t('recharge.submit')}</SubmitButton>
          </form>
        </div>
      )}
    </>
  );
};

export default RechargeScreen;
