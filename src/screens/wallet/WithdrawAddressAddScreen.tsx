import { useMemo, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { REMARK_MAX } from '../../../protocol/walletRules';
import { walletApi } from '../../api/wallet';
import { SubmitButton } from '../../components/form/SubmitButton';
import { TextField } from '../../components/form/TextField';
import { NavBar } from '../../components/NavBar';
import { Loading } from '../../components/LoadFailed';
import { useForm } from '../../hooks/useForm';
import { useGoBack } from '../../hooks/useGoBack';
import { showToast } from '../../state/ui';
import { AddressFields } from './AddressFields';
import { CoinSelect } from './CoinSelect';
import { ADDRESS_REFUSALS, MEMO_REFUSALS, addressFormSchema } from './forms';
import { NetworkPicker } from './NetworkPicker';
import { useWithdrawNetwork } from './useWithdrawNetwork';
import { PASSWORD_REFUSALS, useWithdrawPassword, WithdrawPasswordNotes } from './WithdrawPassword';

/** /withdrawAddress/add: currency type, withdrawal type (network), address, memo where the
 * network needs one, remark, and the withdrawal password (a saved address is one a withdrawal may
 * go to). Checked with the server's rules before sending. */
const WithdrawAddressAddScreen = () => {
  const { t } = useTranslation();
  const goBack = useGoBack('/withdrawAddress');
  // Opened from a withdrawal (/withdraw?coin=BTC), the address is for that coin and network.
  const [params] = useSearchParams();
  const { nets, failure, reload, coins, activeCoin, setCoin, networks, net, setChosen } = useWithdrawNetwork(
    (params.get('coin') ?? '').toUpperCase(),
    params.get('network') ?? '',
  );
  const schema = useMemo(() => addressFormSchema(net), [net]);
  const form = useForm(schema, { address: '', memo: '', remark: '', password: '' });
  const pwd = useWithdrawPassword();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void form.submit(
      async (body) => {
        await walletApi.addAddress(body).catch(pwd.heard);
        showToast(t('address.saved'), 2000);
        goBack();
      },
      {
        leaves: true,
        atFields: {
          address: [...ADDRESS_REFUSALS, 'app.msg.withdraw_address_used'],
          memo: MEMO_REFUSALS,
          remark: ['app.msg.text_too_long'],
          password: PASSWORD_REFUSALS,
        },
      },
    );
  };

  return (
    <>
      <NavBar title={t('route.withdrawAddress_add')} />
      {!nets ? (
        <Loading failure={failure} onRetry={reload} />
      ) : (
        <form className="form wallet-form" onSubmit={onSubmit} noValidate>
          <WithdrawPasswordNotes
            unset={pwd.unset}
            triedOut={pwd.triedOut}
            unsetText={t('address.noPassword')}
          />
          <CoinSelect coins={coins} value={activeCoin} onChange={setCoin} />
          {net && <NetworkPicker networks={networks} value={net.network} onChange={setChosen} />}
          <AddressFields form={form} label={t('address.address')} memoRequired={net?.memoRequired ?? false} />
          <TextField
            label={t('address.remark')}
            {...form.field('remark')}
            maxChars={REMARK_MAX}
            autoComplete="off"
          />
          <TextField
            label={t('withdraw.password')}
            type="password"
            {...form.field('password')}
            autoComplete="off"
          />
          <SubmitButton busy={form.submitting}>{t('address.save')}</SubmitButton>
        </form>
      )}
    </>
  );
};

export default WithdrawAddressAddScreen;
