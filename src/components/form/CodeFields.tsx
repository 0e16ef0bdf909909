import { useTranslation } from 'react-i18next';
import type { useCodeSender } from '../../hooks/useCodeSender';
import type { TextFields } from '../../hooks/useForm';
import { CaptchaField } from './CaptchaField';
import { CodeField } from './CodeField';

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
      {/* Its answer typed, Enter sends the code, as the button beside the code would: submitting
          the whole form then only said the code was missing. */}
      <CaptchaField
        form={sender.form}
        renewals={sender.captchaRenewals}
        hint={t('form.captchaForCode')}
        onEnter={() => {
          if (Date.now() >= sender.availableAt) sender.send();
        }}
      />
      <CodeField
        form={form}
        onSend={sender.send}
        availableAt={sender.availableAt}
        busy={sender.form.submitting}
      />
    </>
  );
};
