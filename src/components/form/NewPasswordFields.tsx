import { useTranslation } from 'react-i18next';
import type { TextFields } from '../../hooks/useForm';
import { TextField } from './TextField';

/** A new password and its confirmation, with the password rule shown under the first. */
export const NewPasswordFields = ({
  form,
  label,
}: {
  form: TextFields<'password' | 'confirmPassword'>;
  label: string;
}) => {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={label}
        type="password"
        autoComplete="new-password"
        hint={t('register.passwordHint')}
        {...form.field('password')}
      />
      <TextField
        label={t('form.confirmPassword')}
        type="password"
        autoComplete="new-password"
        {...form.field('confirmPassword')}
      />
    </>
  );
};

/** The password the reader has now, to prove it is them. */
export const CurrentPasswordField = ({ form, label }: { form: TextFields<'oldPassword'>; label: string }) => (
  <TextField label={label} type="password" autoComplete="current-password" {...form.field('oldPassword')} />
);
