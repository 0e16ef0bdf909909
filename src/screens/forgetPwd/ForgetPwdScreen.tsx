import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { CODE_RESEND_SECONDS } from '../../../protocol/accountRules';
import { forgetPwdSchema, sendCodeSchema } from '../../../protocol/accounts';
import type { Envelope } from '../../../protocol/envelope';
import { userApi } from '../../api/user';
import { CaptchaField } from '../../components/form/CaptchaField';
import { SendCodeButton } from '../../components/form/SendCodeButton';
import { SubmitButton } from '../../components/form/SubmitButton';
import { NewPasswordFields } from '../../components/form/NewPasswordFields';
import { TextField } from '../../components/form/TextField';
import { NavBar } from '../../components/NavBar';
import { useForm } from '../../hooks/useForm';
import { showToast } from '../../state/ui';

/** Password recovery: a code goes to the account's email or phone (after a graphic captcha), and
 * the code sets a new password. */
const ForgetPwdScreen = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const sendForm = useForm(sendCodeSchema, { target: '', purpose: 'forgetPwd', captchaId: '', captcha: '' });
  const form = useForm(forgetPwdSchema, { target: '', code: '', password: '', confirmPassword: '' });
  const [captchaRenewals, setCaptchaRenewals] = useState(0);
  const [availableAt, setAvailableAt] = useState(0);

  const setTarget = (v: string) => {
    const target = v.trim();
    sendForm.set('target', target);
    form.set('target', target);
  };

  const send = () =>
    void sendForm.submit(async (body) => {
      try {
        await userApi.sendCode(body);
        setAvailableAt(Date.now() + CODE_RESEND_SECONDS * 1000);
        showToast(t('forget.codeSent'), 2000);
      } catch (err) {
        // Sent from this form before a reload: the button counts down the wait the server tells.
        const refusal = err as Envelope<{ seconds?: unknown } | null>;
        const seconds = refusal?.data?.seconds;
        if (refusal?.msg === 'app.msg.code_frequent' && typeof seconds === 'number')
          setAvailableAt(Date.now() + seconds * 1000);
        throw err;
      } finally {
        setCaptchaRenewals((n) => n + 1);
      }
    });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void form.submit(async (body) => {
      await userApi.forgetPwd(body);
      showToast(t('forget.done'), 2000);
      navigate('/login', { replace: true });
    });
  };

  return (
    <>
      <NavBar title={t('route.forgetPwd')} />
      <form className="form" onSubmit={onSubmit} noValidate>
        <p className="form__intro">{t('forget.intro')}</p>
        <TextField
          label={t('forget.target')}
          placeholder={t('forget.targetHint')}
          autoComplete="email"
          value={form.values.target}
          onChange={setTarget}
          error={form.errors.target ?? sendForm.errors.target}
        />
        <CaptchaField form={sendForm} renewals={captchaRenewals} />
        <TextField
          label={t('form.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          {...form.field('code', (v) => v.trim())}
          addon={<SendCodeButton onSend={send} availableAt={availableAt} busy={sendForm.submitting} />}
        />
        <NewPasswordFields form={form} label={t('form.newPassword')} />
        <SubmitButton busy={form.submitting}>{t('forget.submit')}</SubmitButton>
      </form>
    </>
  );
};

export default ForgetPwdScreen;
