import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendCodeSchema, type CodePurpose } from '../../protocol/accounts';
import { CODE_RESEND_SECONDS } from '../../protocol/accountRules';
import type { Envelope } from '../../protocol/envelope';
import { userApi } from '../api/user';
import { readJson, session } from '../state/storage';
import { showToast } from '../state/ui';
import { useForm } from './useForm';

/** A tab's newest send of a purpose, as sessionStorage keeps it. */
type SentCode = { target: string; codeTicket: string; availableAt: number };
const sentKey = (purpose: CodePurpose) => `codeSent.${purpose}`;

/**
 * Sending a verification code from a form: its own small form (where the code goes, the graphic
 * captcha that guards the send), the time another may be sent, and the send itself. `target` is
 * kept in step by the screen, from the field the reader types it in. Each send's ticket goes to
 * `onTicket`, for the form to send with the code: the newest send's, whose code the reader has.
 *
 * The newest send of each purpose is also kept in the tab's sessionStorage, because the code is
 * worthless without its ticket: a page reloaded while the reader fetched the code from the mail
 * app (a phone often drops a page left for another app) gets the ticket, and the wait before
 * another send, back as soon as the same address is typed again.
 */
export const useCodeSender = (purpose: CodePurpose, onTicket: (codeTicket: string) => void) => {
  const { t } = useTranslation();
  const form = useForm(sendCodeSchema, { target: '', purpose, captchaId: '', captcha: '' });
  const [captchaRenewals, setCaptchaRenewals] = useState(0);
  const [availableAt, setAvailableAt] = useState(0);
  const handTicket = useRef(onTicket);
  handTicket.current = onTicket;
  const target = form.values.target;
  useEffect(() => {
    const sent = readJson<SentCode>(session.get(sentKey(purpose)));
    if (!sent || !target || sent.target.toLowerCase() !== target.toLowerCase()) return;
    handTicket.current(sent.codeTicket);
    setAvailableAt((at) => Math.max(at, sent.availableAt));
  }, [purpose, target]);
  const send = () =>
    void form.submit(async (body) => {
      try {
        const { codeTicket } = await userApi.sendCode(body);
        const sent: SentCode = {
          target: body.target,
          codeTicket,
          availableAt: Date.now() + CODE_RESEND_SECONDS * 1000,
        };
        session.set(sentKey(purpose), JSON.stringify(sent));
        onTicket(codeTicket);
        setAvailableAt(sent.availableAt);
        showToast(t('form.codeSent'), 2000);
      } catch (err) {
        // Sent from this form before a reload: the button counts down the wait the server tells.
        const refusal = err as Envelope<{ seconds?: unknown } | null>;
        const seconds = refusal?.data?.seconds;
        if (refusal?.msg === 'app.msg.code_frequent' && typeof seconds === 'number')
          setAvailableAt(Date.now() + seconds * 1000);
        throw err;
      } finally {
        // The send spent the captcha's answer, whatever came of it.
        setCaptchaRenewals((n) => n + 1);
      }
    });
  return { form, send, availableAt, captchaRenewals };
};
