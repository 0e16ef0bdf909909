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
      <CaptchaField form={sender.form} renewals={sender.captchaRenewals} hint={t('form.captchaForCode')} />
      <CodeField
        form={form}
        onSend={sender.send}
        availableAt={sender.availableAt}
        busy={sender.form.submitting}
      />
    </>
  );
};
