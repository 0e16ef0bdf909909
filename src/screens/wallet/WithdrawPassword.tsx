import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { Envelope } from '../../../protocol/envelope';
import { refreshUserInfo } from '../../api/refreshUser';
import { sessionState } from '../../state/session';

/** The refusals of a withdrawal password said under its field rather than in a toast. */
export const PASSWORD_REFUSALS = ['app.msg.withdraw_pwd_incorrect'];

/**
 * The state around a form that asks for the withdrawal password (a withdrawal, a new saved
 * address): whether one is set, as the server has it now, and whether the wrong tries ran out.
 * `heard` reads a refusal of the form's request; it passes the refusal on.
 */
export const useWithdrawPassword = () => {
  const { user } = useSnapshot(sessionState);
  // Past the wrong tries the toast's words go quickly: the way out (a reset by email code) stays.
  const [triedOut, setTriedOut] = useState(false);
  useEffect(() => {
    void refreshUserInfo();
  }, []);
  const heard = (err: unknown): never => {
    const msg = (err as Envelope | undefined)?.msg;
    // The stored info said a password was set: the fresh one brings the notice to set one.
    if (msg === 'app.msg.withdraw_pwd_not_set') void refreshUserInfo();
    if (msg === 'app.msg.withdraw_pwd_tries') setTriedOut(true);
    throw err;
  };
  return { unset: user ? !user.userinfo.hasWithdrawPassword : false, triedOut, heard };
};

/** What stands in the way of the withdrawal password, each with its way out: none set yet
 * (`unsetText` says for what it is needed), or the wrong tries used up. */
export const WithdrawPasswordNotes = ({
  unset,
  triedOut,
  unsetText,
}: {
  unset: boolean;
  triedOut: boolean;
  unsetText: string;
}) => {
  const { t } = useTranslation();
  return (
    <>
      {triedOut && (
        <p className="wallet-notice wallet-notice--warn" role="note" data-testid="withdraw-tried-out">
          {t('app.msg.withdraw_pwd_tries')} <Link to="/withdrawalPwd?reset=1">{t('pwd.forgotWithdraw')}</Link>
        </p>
      )}
      {unset && (
        <p className="wallet-notice wallet-notice--warn" data-testid="withdraw-pwd-unset">
          {unsetText} <Link to="/withdrawalPwd">{t('withdraw.setPassword')}</Link>
        </p>
      )}
    </>
  );
};
