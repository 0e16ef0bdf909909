import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { changePwdSchema } from '../../../protocol/accounts';
import { userApi } from '../../api/user';
import { SubmitButton } from '../../components/form/SubmitButton';
import {
  AccountForPasswordManagers,
  CurrentPasswordField,
  NewPasswordFields,
} from '../../components/form/NewPasswordFields';
import { NEW_PASSWORD_REFUSALS } from '../../components/form/refusals';
import { NavBar } from '../../components/NavBar';
import { sessionState } from '../../state/session';
import { usePasswordForm } from './usePasswordForm';

/** Change of login password: other sessions end and withdrawals lock for 24 hours, which the
 * screen says before the reader commits. */
const ChangePwdScreen = () => {
  const { t } = useTranslation();
  const username = useSnapshot(sessionState).user?.userinfo.username;
  const { form, onSubmit } = usePasswordForm(
    changePwdSchema,
    { oldPassword: '', password: '', confirmPassword: '' },
    userApi.changePwd,
    'pwd.changed',
    {
      oldPassword: ['app.msg.old_password_wrong', 'app.msg.old_password_tries'],
      password: NEW_PASSWORD_REFUSALS,
    },
  );
  return (
    <>
      <NavBar title={t('route.changePwd')} />
      <form className="form" onSubmit={onSubmit} noValidate>
        <p className="form__intro">{t('pwd.changeWarning')}</p>
        {username && <AccountForPasswordManagers username={username} />}
        <CurrentPasswordField form={form} label={t('form.oldPassword')} />
        <NewPasswordFields form={form} label={t('form.newPassword')} />
        <SubmitButton busy={form.submitting}>{t('common.confirm')}</SubmitButton>
      </form>
    </>
  );
};

export default ChangePwdScreen;
