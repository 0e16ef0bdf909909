import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { changeWithdrawPwdSchema, setWithdrawPwdSchema } from '../../../protocol/accounts';
import { refreshUserInfo } from '../../api/refreshUser';
import { userApi } from '../../api/user';
import { SubmitButton } from '../../components/form/SubmitButton';
import { CurrentPasswordField, NewPasswordFields } from '../../components/form/NewPasswordFields';
import { CODE_REFUSALS, NEW_PASSWORD_REFUSALS } from '../../components/form/refusals';
import { NavBar } from '../../components/NavBar';
import { Spinner } from '../../components/Spinner';
import { sessionState } from '../../state/session';
import { OwnCodeField } from './OwnCodeField';
import { usePasswordForm } from './usePasswordForm';

/** The first withdrawal password, or (`reset`) a new one in place of a forgotten one: either
 * takes a code sent to the account's email address. */
const WithdrawalPwdByCode = ({ reset }: { reset: boolean }) => {
  const { t } = useTranslation();
  const { form, onSubmit } = usePasswordForm(
    setWithdrawPwdSchema,
    { code: '', codeTicket: '', password: '', confirmPassword: '' },
    reset ? userApi.resetWithdrawPwd : userApi.setWithdrawPwd,
    reset ? 'pwd.withdrawReset' : 'pwd.withdrawSet',
    { code: CODE_REFUSALS, password: NEW_PASSWORD_REFUSALS },
  );
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <p className="form__intro">{t(reset ? 'pwd.resetWarning' : 'pwd.withdrawIntro')}</p>
      <OwnCodeField form={form} onTicket={(ticket) => form.set('codeTicket', ticket)} />
      <NewPasswordFields form={form} label={t('pwd.newWithdraw')} of="withdrawal" />
      <SubmitButton busy={form.submitting}>{t('common.confirm')}</SubmitButton>
    </form>
  );
};

const ChangeWithdrawalPwd = () => {
  const { t } = useTranslation();
  const { form, onSubmit } = usePasswordForm(
    changeWithdrawPwdSchema,
    { oldPassword: '', password: '', confirmPassword: '' },
    userApi.changeWithdrawPwd,
    'pwd.withdrawChanged',
    {
      // Tries paused is said there too, above the reset link it names, where a toast was gone
      // before its sentence was read.
      oldPassword: ['app.msg.old_withdraw_pwd_wrong', 'app.msg.withdraw_pwd_tries'],
      password: NEW_PASSWORD_REFUSALS,
    },
  );
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <CurrentPasswordField form={form} label={t('pwd.oldWithdraw')} of="withdrawal" />
      <NewPasswordFields form={form} label={t('pwd.newWithdraw')} of="withdrawal" />
      <SubmitButton busy={form.submitting}>{t('common.confirm')}</SubmitButton>
      {/* In place of this form: once reset, going back leaves the password screens. */}
      <div className="form__links">
        <Link to="/withdrawalPwd?reset=1" replace>
          {t('pwd.forgotWithdraw')}
        </Link>
      </div>
    </form>
  );
};

/** Set the withdrawal password, change it once one is set, or (`?reset=1`) replace a forgotten
 * one. Whether one is set is asked of the server first: it may have been set from another device
 * since this one stored the user info. */
const WithdrawalPwdScreen = () => {
  const { t } = useTranslation();
  const { user } = useSnapshot(sessionState);
  const [params] = useSearchParams();
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    // A failed refresh leaves the stored info, the best there is (the server still refuses a
    // second password).
    void refreshUserInfo().finally(() => setAsked(true));
  }, []);
  const hasWithdrawPassword = Boolean(user?.userinfo.hasWithdrawPassword);
  const form = !asked ? null : !hasWithdrawPassword ? 'set' : params.has('reset') ? 'reset' : 'change';
  const title = {
    set: 'pwd.setWithdraw',
    reset: 'pwd.resetWithdraw',
    change: 'pwd.changeWithdraw',
  } as const;
  return (
    <>
      <NavBar title={t(form ? title[form] : 'route.withdrawalPwd')} />
      {!form ? (
        <Spinner />
      ) : form === 'change' ? (
        <ChangeWithdrawalPwd />
      ) : (
        <WithdrawalPwdByCode key={form} reset={form === 'reset'} />
      )}
    </>
  );
};

export default WithdrawalPwdScreen;
