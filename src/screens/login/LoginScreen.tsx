import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { loginSchema } from '../../../protocol/accounts';
import type { Envelope } from '../../../protocol/envelope';
import { showFailure } from '../../api/client';
import { userApi } from '../../api/user';
import { CaptchaField } from '../../components/form/CaptchaField';
import { SubmitButton } from '../../components/form/SubmitButton';
import { TextField } from '../../components/form/TextField';
import { NavBar } from '../../components/NavBar';
import { useForm } from '../../hooks/useForm';
import { setUser } from '../../state/session';
import { safeRedirect } from '../../app/safeRedirect';
import { authLink } from '../../app/authLink';

const LoginScreen = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { state } = useLocation() as { state: { account?: unknown } | null };
  const form = useForm(loginSchema, {
    username: typeof state?.account === 'string' ? state.account : '',
    password: '',
  });
  const [captchaAsked, setCaptchaAsked] = useState(false);
  const [captchaRenewals, setCaptchaRenewals] = useState(0);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void form.submit(
      async (body) => {
        try {
          setUser(await userApi.login(body));
        } catch (failure) {
          const refusal = failure as Envelope;
          // After several failed logins the account asks for a captcha: said under the field it
          // brings, not in a toast that would cover its picture. From then on each try spends its
          // picture's answer; a wrong one is said under it too.
          if (refusal.msg === 'app.msg.captcha_required') setCaptchaAsked(true);
          else {
            showFailure(refusal);
            if (captchaAsked) setCaptchaRenewals((n) => n + 1);
          }
          throw failure;
        }
        // Back to the screen the login gate interrupted, never off-site.
        navigate(safeRedirect(params.get('redirect')), { replace: true });
      },
      { leaves: true, atFields: { captcha: ['app.msg.graphic_captcha_incorrect'] } },
    );
  };

  return (
    <>
      <NavBar title={t('route.login')} />
      <form className="form" onSubmit={onSubmit} noValidate>
        <p className="form__intro">{t('login.intro')}</p>
        <TextField
          label={t('login.account')}
          placeholder={t('login.accountPlaceholder')}
          autoComplete="username"
          {...form.field('username')}
        />
        <TextField
          label={t('form.password')}
          type="password"
          autoComplete="current-password"
          {...form.field('password')}
        />
        {captchaAsked && (
          <CaptchaField
            form={form}
            renewals={captchaRenewals}
            hint={t('app.msg.captcha_required')}
            autoFocus
          />
        )}
        <SubmitButton busy={form.submitting}>{t('login.submit')}</SubmitButton>
        <div className="form__links">
          <Link to="/forgetPwd">{t('login.forgot')}</Link>
          <Link to={authLink('/register', params)}>{t('login.register')}</Link>
        </div>
      </form>
    </>
  );
};

export default LoginScreen;
