import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { CODE_LENGTH } from '../../../protocol/accountRules';
import { userApi } from '../../api/user';
import { SendCodeButton } from '../../components/form/SendCodeButton';
import { TextField } from '../../components/form/TextField';
import { useCodeSend } from '../../hooks/useCodeSender';
import type { TextFields } from '../../hooks/useForm';
import { sessionState } from '../../state/session';

/** The code, sent to the signed-in account's own email address, that setting or resetting the
 * withdrawal password takes; its send's ticket goes to `onTicket`. The address is said beside it,
 * so the reader knows which mailbox to open. */
export const OwnCodeField = ({
  form,
  onTicket,
}: {
  form: TextFields<'code'>;
  onTicket: (codeTicket: string) => void;
}) => {
  const { t } = useTranslation();
  const email = useSnapshot(sessionState).user?.userinfo.email ?? '';
  const { availableAt, send } = useCodeSend('withdrawPwd', email, onTicket);
  const [busy, setBusy] = useState(false);
  const onSend = () => {
    if (busy) return;
    setBusy(true);
    // A refusal has been shown by the REST client.
    send(userApi.sendWithdrawPwdCode)
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <TextField
      label={t('form.code')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={CODE_LENGTH}
      hint={t('pwd.codeTo', { email })}
      {...form.field('code', (v) => v.trim())}
      addon={<SendCodeButton onSend={onSend} availableAt={availableAt} busy={busy} />}
    />
  );
};
