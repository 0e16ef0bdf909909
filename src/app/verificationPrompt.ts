import type { Envelope } from '../../protocol/envelope';
import { CODE } from '../../protocol/envelope';
import { showFailure } from '../api/client';
import { refreshUserInfo } from '../api/refreshUser';
import { i18n } from '../i18n';
import { currentUser } from '../state/session';
import { showAlert, showToast } from '../state/ui';
import { verificationDecision, type VerificationDecision } from './gate';
import { VERIFY_PATH } from '../../protocol/routes';

const PROMPT_MS = 2000;

/** Tells the reader why verification stops them (spec §4) and answers where they go: to
 * verification, or nowhere while it is under review. The route gate and refused actions share it,
 * so a reader hears the same thing however they ran into the rule. */
export const promptVerification = (kind: Exclude<VerificationDecision['kind'], 'pass'>): string | null => {
  if (kind === 'review') {
    void showAlert(i18n.t('gate.review'));
    return null;
  }
  showToast(i18n.t(kind === 'verify' ? 'gate.verify' : 'gate.reverify'), PROMPT_MS);
  return VERIFY_PATH;
};

const REFUSALS: readonly string[] = ['app.msg.verification_required', 'app.msg.verification_pending'];

/**
 * Shows the failure of an action whose request was `silent`, and answers where to send the reader.
 * A refusal for want of verification is answered as the route gate answers, from the status the
 * server holds now: the stored one let the reader try, and the server's refusal does not tell a
 * first-time reader from a rejected one. Anything else is toasted as the REST client would (not
 * what a form says at a field), but an expired session, which the client has already announced.
 */
export const answerFailure = async (failure: Envelope): Promise<string | null> => {
  if (REFUSALS.includes(failure.msg)) {
    await refreshUserInfo();
    const user = currentUser();
    const decision = user ? verificationDecision(user) : null;
    if (decision && decision.kind !== 'pass') return promptVerification(decision.kind);
  }
  if (failure.code !== CODE.sessionExpired) showFailure(failure);
  return null;
};

/** Runs an action whose request is `silent`; a failure is shown by `answerFailure`, the reader sent
 * where it says, and the failure passed on so the caller stops. */
export const verifiedAction = async <T>(
  send: () => Promise<T>,
  navigate: (path: string) => void,
): Promise<T> => {
  try {
    return await send();
  } catch (err) {
    const to = await answerFailure(err as Envelope);
    if (to) navigate(to);
    throw err;
  }
};
