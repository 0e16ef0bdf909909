import { useTranslation } from 'react-i18next';
import { CODE_LENGTH } from '../../../protocol/accountRules';
import type { TextFields } from '../../hooks/useForm';
import { SendCodeButton } from './SendCodeButton';
import { TextField } from './TextField';
import { typedCode } from './typedCode';

/** The code in what was typed or pasted: its digits only, so one copied from a mail with the
 * space before it (" 311985") or in a sentence is read whole. */
const codeOf = typedCode(/\D/g, CODE_LENGTH);

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
      {...(hint ? { hint } : {})}
      {...form.field('code', codeOf)}
      addon={<SendCodeButton onSend={onSend} availableAt={availableAt} busy={busy} />}
    />
  );
};
