import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REMARK_MAX } from '../../../protocol/walletRules';
import { walletApi } from '../../api/wallet';
import { SubmitButton } from '../../components/form/SubmitButton';
import { TextField } from '../../components/form/TextField';
import { NavBar } from '../../components/NavBar';
import { Spinner } from '../../components/Spinner';
import { useForm } from '../../hooks/useForm';
import { useGoBack } from '../../hooks/useGoBack';
import { useRemote } from '../../hooks/useRemote';
import { showToast } from '../../state/ui';
import { CoinSelect } from './CoinSelect';
import { addressFormSchema } from './forms';
import { coinsOf, loadNetworks, networksOf } from './networks';
import { NetworkPicker } from './NetworkPicker';

/** /withdrawAddress/add: currency type, withdrawal type (network), address, memo where the
 * network needs one, remark. Checked with the server's rules before sending. */
const WithdrawAddressAddScreen = () => {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const { data: nets } = useRemote(loadNetworks);
  const coins = nets ? coinsOf(nets, 'withdraw') : [];
  const [coin, setCoin] = useState('');
  const activeCoin = coins.includes(coin) ? coin : (coins[0] ?? '');
  const networks = nets ? networksOf(nets, activeCoin, 'withdraw') : [];
  const [chosen, setChosen] = useState('');
  const net = networks.find((n) => n.network === chosen) ?? networks[0];
  const schema = useMemo(() => addressFormSchema(net), [net]);
  const form = useForm(schema, { address: '', memo: '', remark: '' });
  const values = form.values;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void form.submit(async (body) => {
      await walletApi.addAddress(body);
      showToast(t('address.saved'), 2000);
      goBack();
    });
  };

  return (
    <>
      <NavBar title={t('route.withdrawAddress_add')} />
      {!nets ? (
        <Spinner />
      ) : (
        <form className="form wallet-form" onSubmit={onSubmit} noValidate>
          <CoinSelect coins={coins} value={activeCoin} onChange={setCoin} />
          {net && <NetworkPicker networks={networks} value={net.network} onChange={setChosen} />}
          <TextField
            label={t('address.address')}
            value={values.address}
            onChange={(v) => form.set('address', v.trim())}
            error={form.errors.address}
            autoComplete="off"
            spellCheck={false}
            hint={t('address.addressHint')}
          />
          {net?.memoRequired && (
            <TextField
              label={t('address.memo')}
              value={values.memo}
              onChange={(v) => form.set('memo', v.trim())}
              error={form.errors.memo}
              autoComplete="off"
              hint={t('address.memoHint')}
            />
          )}
          <TextField
            label={t('address.remark')}
            value={values.remark}
            onChange={(v) => form.set('remark', v)}
            error={form.errors.remark}
            maxLength={REMARK_MAX}
            autoComplete="off"
          />
          <SubmitButton busy={form.submitting}>{t('address.save')}</SubmitButton>
        </form>
      )}
    </>
  );
};

export default WithdrawAddressAddScreen;
