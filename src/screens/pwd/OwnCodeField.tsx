import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { userApi } from '../../api/user';
import { CodeField } from '../../components/form/CodeField';
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
    <CodeField
      form={form}
      onSend={onSend}
      availableAt={availableAt}
      busy={busy}
      hint={t('pwd.codeTo', { email })}
    />
  );
};
