import { useTranslation } from 'react-i18next';
import type { TextFields } from '../../hooks/useForm';
import { TextField } from './TextField';

/** Which password a form is about, as a password manager is told: the login password (it fills
 * the one it keeps and offers to save the new one), or the withdrawal password, which it must
 * neither be filled with nor saved over the login password as (`off`, as on the withdrawal form). */
type PasswordOf = 'login' | 'withdrawal';

const AUTOCOMPLETE = {
  login: { current: 'current-password', new: 'new-password' },
  withdrawal: { current: 'off', new: 'off' },
} as const;

/** A new password and its confirmation, with the password rule shown under the first. */
export const NewPasswordFields = ({
  form,
  label,
  of = 'login',
}: {
  form: TextFields<'password' | 'confirmPassword'>;
  label: string;
  of?: PasswordOf;
}) => {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={label}
        type="password"
        autoComplete={AUTOCOMPLETE[of].new}
        hint={t('register.passwordHint')}
        {...form.field('password')}
      />
      <TextField
        label={t('form.confirmPassword')}
        type="password"
        autoComplete={AUTOCOMPLETE[of].new}
        {...form.field('confirmPassword')}
      />
    </>
  );
};

/** The password the reader has now, to prove it is them. */
export const CurrentPasswordField = ({
  form,
  label,
  of = 'login',
}: {
  form: TextFields<'oldPassword'>;
  label: string;
  of?: PasswordOf;
}) => (
  <TextField
    label={label}
    type="password"
    autoComplete={AUTOCOMPLETE[of].current}
    {...form.field('oldPassword')}
  />
);

/** The account whose login password a form changes, for password managers only: with several
 * logins kept for the site, they read it to know which to update. Clipped out of sight rather than
 * `display: none`, which some managers skip as a field nobody could fill; out of the tab order and
 * the accessibility tree, since the reader has nothing to do with it. */
export const AccountForPasswordManagers = ({ username }: { username: string }) => (
  <input
    type="text"
    className="visually-hidden"
    autoComplete="username"
    value={username}
    readOnly
    aria-hidden
    tabIndex={-1}
  />
);
