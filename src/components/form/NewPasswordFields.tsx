import { useTranslation } from 'react-i18next';
import { TextField } from './TextField';

interface PasswordForm {
  values: { password: string; confirmPassword: string };
  errors: { password?: string | undefined; confirmPassword?: string | undefined };
  set: (key: 'password' | 'confirmPassword', value: string) => void;
}

/** A new password and its confirmation, with the password rule shown under the first. */
export const NewPasswordFields = ({ form, label }: { form: PasswordForm; label: string }) => {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={label}
        type="password"
        autoComplete="new-password"
        hint={t('register.passwordHint')}
        value={form.values.password}
        onChange={(v) => form.set('password', v)}
        error={form.errors.password}
      />
      <TextField
        label={t('form.confirmPassword')}
        type="password"
        autoComplete="new-password"
        value={form.values.confirmPassword}
        onChange={(v) => form.set('confirmPassword', v)}
        error={form.errors.confirmPassword}
      />
    </>
  );
};

/** The password the reader has now, to prove it is them. */
export const CurrentPasswordField = ({
  form,
  label,
}: {
  form: {
    values: { oldPassword: string };
    errors: { oldPassword?: string | undefined };
    set: (key: 'oldPassword', value: string) => void;
  };
  label: string;
}) => (
  <TextField
    label={label}
    type="password"
    autoComplete="current-password"
    value={form.values.oldPassword}
    onChange={(v) => form.set('oldPassword', v)}
    error={form.errors.oldPassword}
  />
);
