import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { forgetPwdSchema } from '../../../protocol/accounts';
import { userApi } from '../../api/user';
import { CodeFields } from '../../components/form/CodeFields';
import { SubmitButton } from '../../components/form/SubmitButton';
import { NewPasswordFields } from '../../components/form/NewPasswordFields';
import { CODE_REFUSALS, NEW_PASSWORD_REFUSALS } from '../../components/form/refusals';
import { TextField } from '../../components/form/TextField';
import { NavBar } from '../../components/NavBar';
import { useCodeSender } from '../../hooks/useCodeSender';
import { useForm } from '../../hooks/useForm';
import { showToast } from '../../state/ui';

/** Password recovery: a code goes to the account's email or phone (after a graphic captcha), and
 * the code sets a new password. */
const ForgetPwdScreen = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm(forgetPwdSchema, {
    target: '',
    code: '',
    codeTicket: '',
    password: '',
    confirmPassword: '',
  });
  const sender = useCodeSender('forgetPwd', (ticket) => form.set('codeTicket', ticket));

  const setTarget = (v: string) => {
    const target = v.trim();
    sender.form.set('target', target);
    form.set('target', target);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void form.submit(
      async (body) => {
        await userApi.forgetPwd(body);
        showToast(t('forget.done'), 2000);
        // The account just recovered is the one to log in to: not typed a second time.
        navigate('/login', { replace: true, state: { account: body.target } });
      },
      { leaves: true, atFields: { code: CODE_REFUSALS, password: NEW_PASSWORD_REFUSALS } },
    );
  };

  return (
    <>
      <NavBar title={t('route.forgetPwd')} />
      <form className="form" onSubmit={onSubmit} noValidate>
        <p className="form__intro">{t('forget.intro')}</p>
        <TextField
          label={t('forget.target')}
          placeholder={t('forget.targetHint')}
          autoComplete="username"
          value={form.values.target}
          onChange={setTarget}
          error={form.errors.target ?? sender.form.errors.target}
        />
        <CodeFields sender={sender} form={form} />
        <NewPasswordFields form={form} label={t('form.newPassword')} />
        <SubmitButton busy={form.submitting}>{t('forget.submit')}</SubmitButton>
      </form>
    </>
  );
};

export default ForgetPwdScreen;
