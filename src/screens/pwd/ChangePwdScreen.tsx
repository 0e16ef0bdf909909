import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { changePwdSchema } from '../../../protocol/accounts';
import { userApi } from '../../api/user';
import { SubmitButton } from '../../components/form/SubmitButton';
import { CurrentPasswordField, NewPasswordFields } from '../../components/form/NewPasswordFields';
import { NavBar } from '../../components/NavBar';
import { useForm } from '../../hooks/useForm';
import { useGoBack } from '../../hooks/useGoBack';
import { updateUserInfo } from '../../state/session';
import { showToast } from '../../state/ui';

/** Change of login password: other sessions end and withdrawals lock for 24 hours, which the
 * screen says before the reader commits. */
const ChangePwdScreen = () => {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const form = useForm(changePwdSchema, { oldPassword: '', password: '', confirmPassword: '' });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void form.submit(async (body) => {
      updateUserInfo(await userApi.changePwd(body));
      showToast(t('pwd.changed'), 2000);
      goBack();
    });
  };
  return (
    <>
      <NavBar title={t('route.changePwd')} />
      <form className="form" onSubmit={onSubmit} noValidate>
        <p className="form__intro">{t('pwd.changeWarning')}</p>
        <CurrentPasswordField form={form} label={t('form.oldPassword')} />
        <NewPasswordFields form={form} label={t('form.newPassword')} />
        <SubmitButton busy={form.submitting}>{t('common.confirm')}</SubmitButton>
      </form>
    </>
  );
};

export default ChangePwdScreen;
