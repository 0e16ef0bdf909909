import { useId, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { registerSchema } from '../../../protocol/accounts';
import { compactPhone } from '../../../protocol/accountRules';
import { userApi } from '../../api/user';
import { CodeFields } from '../../components/form/CodeFields';
import { SubmitButton } from '../../components/form/SubmitButton';
import { NewPasswordFields } from '../../components/form/NewPasswordFields';
import { CODE_REFUSALS } from '../../components/form/refusals';
import { TextField } from '../../components/form/TextField';
import { NavBar } from '../../components/NavBar';
import { useCodeSender } from '../../hooks/useCodeSender';
import { useForm } from '../../hooks/useForm';
import { setUser } from '../../state/session';
import { safeRedirect } from '../../app/safeRedirect';
import { authLink } from '../../app/authLink';
import { AgreementSheet } from './AgreementSheet';

/** An invitation code as the server keeps it: upper case, without the spaces a link copied out of a
 * message or a code pasted as it was read out brings along; empty is none. */
const inviteCodeOf = (text: string | null) => text?.replace(/\s+/g, '').toUpperCase() || undefined;

const RegisterScreen = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [agreed, setAgreed] = useState(false);
  // Asked for beside the box, where it stays until ticked: a toast was gone in two seconds and
  // left the box unmarked.
  const [agreementAsked, setAgreementAsked] = useState(false);
  const agreementError = useId();
  const agree = (yes: boolean) => {
    setAgreed(yes);
    if (yes) setAgreementAsked(false);
  };
  const [reading, setReading] = useState(false);
  const form = useForm(registerSchema, {
    username: '',
    email: '',
    phone: undefined,
    password: '',
    confirmPassword: '',
    inviteCode: inviteCodeOf(params.get('code')),
    code: '',
    codeTicket: '',
  });
  const { set } = form;
  const sender = useCodeSender('register', (ticket) => set('codeTicket', ticket));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    // The fields are checked either way, so one tap shows everything left to do.
    if (!agreed) setAgreementAsked(true);
    void form.submit(
      async (body) => {
        if (!agreed) return;
        setUser(await userApi.register(body));
        navigate(safeRedirect(params.get('redirect')), { replace: true });
      },
      {
        leaves: agreed,
        atFields: {
          username: ['app.msg.username_exists'],
          email: ['app.msg.email_exists'],
          phone: ['app.msg.mobile_exists'],
          inviteCode: ['app.msg.invite_code_not_exist'],
          code: CODE_REFUSALS,
        },
      },
    );
  };

  return (
    <>
      <NavBar title={t('route.register')} />
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label={t('register.username')}
          hint={t('register.usernameHint')}
          autoComplete="username"
          {...form.field('username')}
        />
        <TextField
          label={t('register.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          value={form.values.email}
          onChange={(v) => {
            // One address for the code and the account, as the server keeps it (trimmed).
            const email = v.trim();
            set('email', email);
            sender.form.set('target', email);
          }}
          error={form.errors.email ?? sender.form.errors.target}
        />
        <CodeFields sender={sender} form={form} />
        <TextField
          label={t('register.phone')}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          placeholder="+44 7700 900123"
          value={form.values.phone ?? ''}
          onChange={(v) => set('phone', compactPhone(v) || undefined)}
          error={form.errors.phone}
        />
        <NewPasswordFields form={form} label={t('form.password')} />
        <TextField
          label={t('register.inviteCode')}
          autoCapitalize="characters"
          value={form.values.inviteCode ?? ''}
          onChange={(v) => set('inviteCode', inviteCodeOf(v))}
          error={form.errors.inviteCode}
        />
        <label className="checkbox">
          <input
            type="checkbox"
            checked={agreed}
            onChange={(e) => agree(e.target.checked)}
            aria-invalid={agreementAsked}
            aria-describedby={agreementAsked ? agreementError : undefined}
          />
          <span>
            {/* The translation holds the whole sentence, the link where its language puts it;
                <keep> holds the words that go to the next line with the link ("the Service
                agreement", "서비스 약관을"), which part only where wider than a whole line. */}
            <Trans
              t={t}
              i18nKey="register.agreement"
              components={{
                keep: <span className="checkbox__tail" />,
                agreement: (
                  <a
                    className="checkbox__link"
                    href="/serviceAgreement"
                    onClick={(e) => {
                      // Read over the form, which keeps what was typed, rather than on the page it names.
                      e.preventDefault();
                      setReading(true);
                    }}
                  />
                ),
              }}
            />
          </span>
        </label>
        {agreementAsked && (
          <p id={agreementError} className="field__error" role="alert">
            {t('register.agreeFirst')}
          </p>
        )}
        <SubmitButton busy={form.submitting}>{t('register.submit')}</SubmitButton>
        <div className="form__links">
          <span className="muted">{t('register.haveAccount')}</span>
          <Link to={authLink('/login', params, { code: form.values.inviteCode })}>{t('route.login')}</Link>
        </div>
      </form>
      {reading && (
        <AgreementSheet
          onAgree={() => {
            agree(true);
            setReading(false);
          }}
          onClose={() => setReading(false)}
        />
      )}
    </>
  );
};

export default RegisterScreen;
