import { useId, useState, type FormEvent } from 'react';
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

/** Refusals of what was typed, said in the form above its button instead of in a toast that goes
 * after a second. The form's, not a field's: the server does not say which of the two is wrong (an
 * unknown account is answered as a wrong password is), and a locked account is neither. */
const SAID_IN_FORM = ['app.msg.login_failed', 'app.msg.account_locked'];

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
  const [refused, setRefused] = useState<string | undefined>();
  const refusedId = useId();
  // What was said of the last try goes once the reader types either field again.
  const typedAgain = (key: 'username' | 'password') => {
    const binding = form.field(key);
    return {
      ...binding,
      onChange: (text: string) => {
        setRefused(undefined);
        binding.onChange(text);
      },
    };
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    // Gone while the try is out, so the same refusal of the next is announced again.
    setRefused(undefined);
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
            // Said once: in the form only, as a toast too would be read out a second time.
            if (SAID_IN_FORM.includes(refusal.msg)) setRefused(refusal.msg);
            else showFailure(refusal);
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
          {...typedAgain('username')}
        />
        <TextField
          label={t('form.password')}
          type="password"
          autoComplete="current-password"
          {...typedAgain('password')}
        />
        {captchaAsked && (
          <CaptchaField
            form={form}
            renewals={captchaRenewals}
            hint={t('app.msg.captcha_required')}
            autoFocus
          />
        )}
        {/* The focus stays where the reader sent from (the button, or the password by Enter): the
            alert says it once as it comes, and the button says it again when it is reached. */}
        {refused && (
          <p id={refusedId} className="field__error" role="alert">
            {t(refused)}
          </p>
        )}
        <SubmitButton busy={form.submitting} describedBy={refused && refusedId}>
          {t('login.submit')}
        </SubmitButton>
        <div className="form__links">
          <Link to="/forgetPwd">{t('login.forgot')}</Link>
          <Link to={authLink('/register', params)}>{t('login.register')}</Link>
        </div>
      </form>
    </>
  );
};

export default LoginScreen;
