import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { changePwdSchema, setWithdrawPwdSchema } from '../../../protocol/accounts';
import { refreshUserInfo } from '../../api/refreshUser';
import { userApi } from '../../api/user';
import { SubmitButton } from '../../components/form/SubmitButton';
import { CurrentPasswordField, NewPasswordFields } from '../../components/form/NewPasswordFields';
import { NavBar } from '../../components/NavBar';
import { Spinner } from '../../components/Spinner';
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

/** Set the withdrawal password, or change it once one is set. Whether one is set is asked of the
 * server first: it may have been set from another device since this one stored the user info. */
const WithdrawalPwdScreen = () => {
  const { t } = useTranslation();
  const { user } = useSnapshot(sessionState);
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    // A failed refresh leaves the stored info, the best there is (the server still refuses a
    // second password).
    void refreshUserInfo().finally(() => setAsked(true));
  }, []);
  const hasWithdrawPassword = Boolean(user?.userinfo.hasWithdrawPassword);
  return (
    <>
      <NavBar
        title={t(
          !asked ? 'route.withdrawalPwd' : hasWithdrawPassword ? 'pwd.changeWithdraw' : 'pwd.setWithdraw',
        )}
      />
      {!asked ? <Spinner /> : hasWithdrawPassword ? <ChangeWithdrawalPwd /> : <SetWithdrawalPwd />}
    </>
  );
};

export default WithdrawalPwdScreen;
