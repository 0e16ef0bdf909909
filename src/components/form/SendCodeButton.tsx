import { useTranslation } from 'react-i18next';
import { useSecondsLeft } from '../../hooks/useSecondsLeft';

/** "Send code", then a countdown until another may be sent (the server allows one a minute). */
export const SendCodeButton = ({
  onSend,
  availableAt,
  busy,
}: {
  onSend: () => void;
  availableAt: number;
  busy: boolean;
}) => {
  const { t } = useTranslation();
  const seconds = useSecondsLeft(availableAt);
  return (
    <button
      type="button"
      className="field__action field__send"
      onClick={onSend}
      disabled={busy || seconds > 0}
    >
      {seconds > 0 ? t('form.resendIn', { seconds }) : t('form.sendCode')}
    </button>
  );
};
