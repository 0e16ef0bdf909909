import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { changePwdSchema, setWithdrawPwdSchema } from '../../../protocol/accounts';
import { userApi } from '../../api/user';
import { SubmitButton } from '../../components/form/SubmitButton';
import { CurrentPasswordField, NewPasswordFields } from '../../components/form/NewPasswordFields';
import { NavBar } from '../../components/NavBar';
import { sessionState } from '../../state/session';
import { usePasswordForm } from './usePasswordForm';

const SetWithdrawalPwd = () => {
  const { t } = useTranslation();
  const { form, onSubmit } = usePasswordForm(
    setWithdrawPwdSchema,
    { password: '', confirmPassword: '' },
    userApi.setWithdrawPwd,
    'pwd.withdrawSet',
  );
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <p className="form__intro">{t('pwd.withdrawIntro')}</p>
      <NewPasswordFields form={form} label={t('pwd.newWithdraw')} />
      <SubmitButton busy={form.submitting}>{t('common.confirm')}</SubmitButton>
    </form>
  );
};

const ChangeWithdrawalPwd = () => {
  const { t } = useTranslation();
  const { form, onSubmit } = usePasswordForm(
    changePwdSchema,
    { oldPassword: '', password: '', confirmPassword: '' },
    userApi.changeWithdrawPwd,
    'pwd.withdrawChanged',
  );
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <CurrentPasswordField form={form} label={t('pwd.oldWithdraw')} />
      <NewPasswordFields form={form} label={t('pwd.newWithdraw')} />
      <SubmitButton busy={form.submitting}>{t('common.confirm')}</SubmitButton>
    </form>
  );
};

/** Set the withdrawal password, or change it once one is set. */
const WithdrawalPwdScreen = () => {
  const { t } = useTranslation();
  const { user } = useSnapshot(sessionState);
  const hasWithdrawPassword = Boolean(user?.userinfo.hasWithdrawPassword);
  return (
    <>
      <NavBar title={t(hasWithdrawPassword ? 'pwd.changeWithdraw' : 'pwd.setWithdraw')} />
      {hasWithdrawPassword ? <ChangeWithdrawalPwd /> : <SetWithdrawalPwd />}
    </>
  );
};

export default WithdrawalPwdScreen;
