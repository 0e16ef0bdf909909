import { useTranslation } from 'react-i18next';
import { CODE_LENGTH } from '../../../protocol/accountRules';
import type { TextFields } from '../../hooks/useForm';
import { SendCodeButton } from './SendCodeButton';
import { TextField } from './TextField';

/** The code in what was typed or pasted: its digits, full-width ones (a Japanese input method's)
 * as plain ones, and no more than a code has. The field has no maxlength, which cut a code pasted
 * with a space before it (" 311985", as a mail's text is often copied) to five digits before it
 * could be read. */
const codeOf = (text: string) =>
  text
    .normalize('NFKC')
    .replace(/\D/g, '')
    .slice(0, CODE_LENGTH);

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
