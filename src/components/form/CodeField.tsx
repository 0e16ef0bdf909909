import { useTranslation } from 'react-i18next';
import { CODE_LENGTH } from '../../../protocol/accountRules';
import type { TextFields } from '../../hooks/useForm';
import { SendCodeButton } from './SendCodeButton';
import { TextField } from './TextField';

/** A verification code, typed beside the button that sends it (a countdown until another may). */
export const CodeField = ({
  form,
  onSend,
  availableAt,
  busy,
  hint,
}: {
  form: TextFields<'code'>;
  onSend: () => void;
  availableAt: number;
  busy: boolean;
  hint?: string;
}) => {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('form.code')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={CODE_LENGTH}
      {...(hint ? { hint } : {})}
      {...form.field('code', (v) => v.trim())}
      addon={<SendCodeButton onSend={onSend} availableAt={availableAt} busy={busy} />}
    />
  );
};
