import { useTranslation } from 'react-i18next';
import { CODE_LENGTH } from '../../../protocol/accountRules';
import type { useCodeSender } from '../../hooks/useCodeSender';
import type { TextFields } from '../../hooks/useForm';
import { CaptchaField } from './CaptchaField';
import { SendCodeButton } from './SendCodeButton';
import { TextField } from './TextField';

/** The captcha that guards a code's send, and the code sent, typed beside its send button. */
export const CodeFields = ({
  sender,
  form,
}: {
  sender: ReturnType<typeof useCodeSender>;
  form: TextFields<'code'>;
}) => {
  const { t } = useTranslation();
  return (
    <>
      {/* A new picture comes after each send: said, so no one thinks the form itself needs it. */}
      <CaptchaField form={sender.form} renewals={sender.captchaRenewals} hint={t('form.captchaForCode')} />
      <TextField
        label={t('form.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={CODE_LENGTH}
        {...form.field('code', (v) => v.trim())}
        addon={
          <SendCodeButton
            onSend={sender.send}
            availableAt={sender.availableAt}
            busy={sender.form.submitting}
          />
        }
      />
    </>
  );
};
