import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendCodeSchema, type CodePurpose, type CodeUse, type SentCode } from '../../protocol/accounts';
import { CODE_RESEND_SECONDS } from '../../protocol/accountRules';
import type { Envelope } from '../../protocol/envelope';
import { userApi } from '../api/user';
import { readJson, session } from '../state/storage';
import { showToast } from '../state/ui';
import { useForm } from './useForm';

/** A tab's newest send of a purpose, as sessionStorage keeps it. */
type StoredSend = { target: string; codeTicket: string; availableAt: number };
const sentKey = (use: CodeUse) => `codeSent.${use}`;
const sameTarget = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * What every send of a code shares: the time another may be sent, and each send's ticket handed
 * to `onTicket`, for the form to send with the code (the newest send's, whose code the reader has).
 *
 * Both belong to the address the code went to (`target`): typed another, the form holds no ticket
 * and may send to it at once (the server's wait is per address). The newest send of each purpose
 * is also kept in the tab's sessionStorage, because the code is worthless without its ticket: a
 * page reloaded while the reader fetched the code from the mail app (a phone often drops a page
 * left for another app) gets the ticket, and the wait, back once the same address is typed again.
 */
export const useCodeSend = (use: CodeUse, target: string, onTicket: (codeTicket: string) => void) => {
  const { t } = useTranslation();
  const [wait, setWait] = useState<{ target: string; until: number } | null>(null);
  const availableAt = wait && sameTarget(wait.target, target) ? wait.until : 0;
  const follow = useEffectEvent((sent: StoredSend | null) => {
    if (!sent) return onTicket('');
    onTicket(sent.codeTicket);
    setWait((w) => ({
      target: sent.target,
      until: w && sameTarget(w.target, sent.target) ? Math.max(w.until, sent.availableAt) : sent.availableAt,
    }));
  });
  useEffect(() => {
    const sent = readJson<StoredSend>(session.get(sentKey(use)));
    follow(sent && target && sameTarget(sent.target, target) ? sent : null);
  }, [use, target]);
  /** Runs `request`, a send to `target`; a refusal is thrown on, once the wait it tells is kept. */
  const send = async (request: () => Promise<SentCode>) => {
    try {
      const { codeTicket } = await request();
      const sent: StoredSend = { target, codeTicket, availableAt: Date.now() + CODE_RESEND_SECONDS * 1000 };
      session.set(sentKey(use), JSON.stringify(sent));
      onTicket(codeTicket);
      setWait({ target, until: sent.availableAt });
      showToast(t('form.codeSent'), 2000);
    } catch (err) {
      // Sent from this form before a reload: the button counts down the wait the server tells.
      const refusal = err as Envelope<{ seconds?: unknown } | null>;
      const seconds = refusal?.data?.seconds;
      if (refusal?.msg === 'app.msg.code_frequent' && typeof seconds === 'number')
        setWait({ target, until: Date.now() + seconds * 1000 });
      throw err;
    }
  };
  return { availableAt, send };
};

/** A send's refusals about the address typed or the picture's answer, said under that field. */
const SEND_REFUSALS = {
  target: ['app.msg.account_not_exist', 'app.msg.email_exists'],
  captcha: ['app.msg.graphic_captcha_incorrect'],
};

/**
 * Sending a verification code from a form: its own small form (where the code goes, the graphic
 * captcha that guards the send) and the send itself (useCodeSend). `target` is kept in step by
 * the screen, from the field the reader types it in.
 */
export const useCodeSender = (purpose: CodePurpose, onTicket: (codeTicket: string) => void) => {
  const form = useForm(sendCodeSchema, { target: '', purpose, captchaId: '', captcha: '' });
  const [captchaRenewals, setCaptchaRenewals] = useState(0);
  const { availableAt, send: sendOnce } = useCodeSend(purpose, form.values.target, onTicket);
  const send = () =>
    void form.submit(
      async (body) => {
        try {
          await sendOnce(() => userApi.sendCode(body));
        } finally {
          // The send spent the captcha's answer, whatever came of it.
          setCaptchaRenewals((n) => n + 1);
        }
      },
      { atFields: SEND_REFUSALS },
    );
  return { form, send, availableAt, captchaRenewals };
};
