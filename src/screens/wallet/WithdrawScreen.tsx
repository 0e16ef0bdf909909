import { Decimal } from '../../components/decimal';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { Envelope } from '../../../protocol/envelope';
import type { WithdrawAddress } from '../../../protocol/wallet';
import { refreshUserInfo } from '../../api/refreshUser';
import { walletApi } from '../../api/wallet';
import { verifiedAction } from '../../app/verificationPrompt';
import { SubmitButton } from '../../components/form/SubmitButton';
import { DecimalField } from '../../components/form/DecimalField';
import { TextField } from '../../components/form/TextField';
import { NavBar } from '../../components/NavBar';
import { Loading } from '../../components/LoadFailed';
import { formatDecimal } from '../../components/format';
import { useForm } from '../../hooks/useForm';
import { useRemote } from '../../hooks/useRemote';
import { useBalances } from '../../hooks/useSpot';
import { createIntentKeys } from '../../api/requestKey';
import { configState, loadSiteConfig } from '../../state/config';
import { sessionState } from '../../state/session';
import { showToast } from '../../state/ui';
import { useDateFormat } from '../../hooks/useDateFormat';
import { AddressFields } from './AddressFields';
import { Fact } from './Fact';
import { CoinSelect } from './CoinSelect';
import {
  ADDRESS_REFUSALS,
  AMOUNT_REFUSALS,
  MEMO_REFUSALS,
  limitValue,
  receivedOf,
  withdrawFormSchema,
} from './forms';
import { Memo } from './Memo';
import { NetworkPicker } from './NetworkPicker';
import { useWithdrawLock } from './useWithdrawLock';
import { useWithdrawNetwork } from './useWithdrawNetwork';
import { PASSWORD_REFUSALS, useWithdrawPassword, WithdrawPasswordNotes } from './WithdrawPassword';
import { EmptyText } from '../../components/EmptyText';

const OTHER = 'other';

/** /withdraw?coin=USDT: coin, network, a saved address (or a typed one when the site allows it),
 * the amount with its fee and what arrives, the balance, and the withdrawal password. */
const WithdrawScreen = () => {
  const { t, i18n } = useTranslation();
  const num = (v: string) => formatDecimal(v, i18n.language);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { nets, failure, reload, coins, activeCoin, setCoin, networks, net, setChosen } = useWithdrawNetwork(
    (params.get('coin') ?? '').toUpperCase(),
  );
  const addresses = useRemote(walletApi.addresses);
  const book = addresses.data;
  const lockedUntil = useWithdrawLock();
  const pwd = useWithdrawPassword();
  const date = useDateFormat(true);
  const balances = useBalances();
  const { config } = useSnapshot(configState);
  // Customer service's ban, as the account read on opening (useWithdrawPassword) has it: said before
  // the reader types a withdrawal the server would refuse.
  const prohibited = useSnapshot(sessionState).user?.userinfo.withdrawProhibited === true;
  // The site's address rule.
  useEffect(() => {
    void loadSiteConfig();
  }, []);

  const available = balances?.find((b) => b.asset === activeCoin)?.available ?? '0';
  const typedAllowed = config?.thirdPartyWithdrawalAddress ?? false;
  const saved = (book ?? []).filter((a) => a.coin === net?.coin && a.network === net?.network);
  const [pick, setPick] = useState<number | typeof OTHER | null>(null);
  const picked: WithdrawAddress | undefined =
    saved.find((a) => a.id === pick) ?? (pick === null ? saved[0] : undefined);
  const typing = !picked && typedAllowed;

  // One key per withdrawal meant: a second tap after a lost answer finds it made, and a form
  // changed after it (another amount or address) is another withdrawal.
  const [keys] = useState(createIntentKeys);
  const addressLabel = useId();
  const addressError = useId();
  const schema = useMemo(() => withdrawFormSchema(net, available), [net, available]);
  const form = useForm(schema, { address: '', memo: '', amount: '', password: '' });
  const values = form.values;
  // Unknown while the amount is refused: a figure beside the refusal read as what would arrive.
  const received = net && !form.errors.amount ? receivedOf(values.amount, net) : null;
  const limit = limitValue(form.errors.amount, net);
  // A picked address shows no fields: what is wrong with it, its memo too, is said under the picker.
  const pickedError = typing ? undefined : (form.errors.address ?? form.errors.memo);

  // A saved address is what the form sends; picking "other" starts from an empty field.
  const { set } = form;
  const pickedAddress = picked?.address ?? '';
  const pickedMemo = picked?.memo ?? '';
  useEffect(() => {
    set('address', pickedAddress);
    set('memo', pickedMemo);
  }, [set, pickedAddress, pickedMemo]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void form.submit(
      async (body) => {
        const { password: _password, ...intended } = body;
        await keys
          .send(JSON.stringify(intended), (requestKey) =>
            verifiedAction(() => walletApi.withdraw({ ...body, requestKey }), navigate),
          )
          .catch((err: unknown) => {
            // The operator changed the fee since the form read it: the form shows the new one (the
            // toast says so) for the reader to send again, or not.
            const msg = (err as Envelope | undefined)?.msg;
            if (msg === 'app.msg.fee_changed') reload();
            // Prohibited since the screen read the account: read again, the form says so.
            if (msg === 'app.msg.withdraw_prohibited') void refreshUserInfo();
            return pwd.heard(err);
          });
        showToast(t('withdraw.submitted'), 2000);
        void navigate('/withdraw/record', { replace: true });
      },
      {
        leaves: true,
        atFields: {
          password: PASSWORD_REFUSALS,
          amount: AMOUNT_REFUSALS,
          address: ADDRESS_REFUSALS,
          memo: MEMO_REFUSALS,
        },
      },
    );
  };

  if (!nets || !book) {
    const retry = () => {
      if (failure) reload();
      if (addresses.failure) addresses.retry();
    };
    return (
      <>
        <NavBar title={t('route.withdraw')} />
        <Loading failure={failure ?? addresses.failure} onRetry={retry} />
      </>
    );
  }

  return (
    <>
      <NavBar
        title={t('route.withdraw')}
        actions={
          <Link className="navbar__link" to="/withdraw/record">
            {t('withdraw.records')}
          </Link>
        }
      />
      {!net ? (
        <EmptyText>{t('app.msg.withdraw_not_opened')}</EmptyText>
      ) : (
        <form className="form wallet-form" onSubmit={onSubmit} noValidate>
          {lockedUntil !== null && (
            <p className="wallet-notice wallet-notice--warn" role="note" data-testid="withdraw-locked">
              {t('withdraw.lockedUntil', { time: date.format(lockedUntil) })}
            </p>
          )}
          {prohibited && (
            <p className="wallet-notice wallet-notice--warn" role="note" data-testid="withdraw-prohibited">
              {t('app.msg.withdraw_prohibited')}
            </p>
          )}
          <WithdrawPasswordNotes
            unset={pwd.unset}
            triedOut={pwd.triedOut}
            unsetText={t('withdraw.noPassword')}
          />
          <CoinSelect coins={coins} value={activeCoin} onChange={setCoin} />
          <NetworkPicker networks={networks} value={net.network} onChange={setChosen} />

          {/* The group is named by its label alone; the link shares the legend's row. */}
          <fieldset
            className="field wallet-fieldset"
            aria-labelledby={addressLabel}
            aria-describedby={pickedError ? addressError : undefined}
          >
            <legend className="wallet-fieldset__head">
              <span className="field__label" id={addressLabel}>
                {t('withdraw.address')}
              </span>
              {/* The address book, where each saved address can be checked, deleted or another
                  added; with none saved yet there is nothing there to manage, and the form for the
                  first is what the reader came for, a tap sooner. On the withdrawal's coin and
                  network either way, for the form to start on. */}
              <Link
                className="field__action"
                to={`/withdrawAddress${book.length === 0 ? '/add' : ''}?coin=${encodeURIComponent(net.coin)}&network=${net.network}`}
              >
                {t('withdraw.manageAddresses')}
              </Link>
            </legend>
            {saved.length > 0 && (
              <ul className="address-pick">
                {saved.map((a) => (
                  <li key={a.id}>
                    <label className={`address-pick__option${picked?.id === a.id ? ' is-active' : ''}`}>
                      <input
                        type="radio"
                        name="address"
                        checked={picked?.id === a.id}
                        onChange={() => setPick(a.id)}
                      />
                      <span className="address-pick__text">
                        {a.remark && <span className="address-pick__remark">{a.remark}</span>}
                        <span className="address-pick__address">{a.address}</span>
                        {a.memo && <Memo memo={a.memo} className="address-pick__memo" />}
                      </span>
                    </label>
                  </li>
                ))}
                {typedAllowed && (
                  <li>
                    <label className={`address-pick__option${typing ? ' is-active' : ''}`}>
                      <input type="radio" name="address" checked={typing} onChange={() => setPick(OTHER)} />
                      <span className="address-pick__text">{t('withdraw.otherAddress')}</span>
                    </label>
                  </li>
                )}
              </ul>
            )}
            {saved.length === 0 && !typedAllowed && <p className="field__hint">{t('withdraw.savedOnly')}</p>}
          </fieldset>
          {typing && (
            <AddressFields form={form} label={t('withdraw.typedAddress')} memoRequired={net.memoRequired} />
          )}
          {pickedError && (
            <p id={addressError} className="field__error" role="alert">
              {t(pickedError)}
            </p>
          )}

          <DecimalField
            label={t('withdraw.amount')}
            {...form.field('amount')}
            places={net.decimals}
            errorSuffix={limit && num(limit)}
            placeholder={t('common.range', { min: num(net.minWithdraw), max: num(net.maxWithdraw) })}
            addon={
              <button
                type="button"
                className="field__toggle"
                // What the network can carry: its decimal places, rounded down to stay within the balance.
                onClick={() =>
                  form.set(
                    'amount',
                    new Decimal(available).toDecimalPlaces(net.decimals, Decimal.ROUND_DOWN).toFixed(),
                  )
                }
              >
                {t('withdraw.all')}
              </button>
            }
          />
          <dl className="wallet-facts">
            <Fact
              label={t('withdraw.balance')}
              figure={`${num(available)} ${activeCoin}`}
              testId="withdraw-available"
            />
            <Fact label={t('withdraw.fee')} figure={`${num(net.withdrawFee)} ${activeCoin}`} />
            <Fact
              label={t('withdraw.received')}
              figure={`${received === null ? '—' : num(received)} ${activeCoin}`}
              testId="withdraw-received"
            />
            <Fact
              label={t('withdraw.limits')}
              figure={`${t('common.range', { min: num(net.minWithdraw), max: num(net.maxWithdraw) })} ${activeCoin}`}
            />
          </dl>
          <TextField
            label={t('withdraw.password')}
            type="password"
            {...form.field('password')}
            autoComplete="off"
          />
          <SubmitButton busy={form.submitting} disabled={lockedUntil !== null || prohibited}>
            {t('withdraw.submit')}
          </SubmitButton>
        </form>
      )}
    </>
  );
};

export default WithdrawScreen;
