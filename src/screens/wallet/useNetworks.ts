import { useSnapshot } from 'valtio';
import type { WalletNetwork } from '../../../protocol/wallet';
import { localFailure } from '../../api/client';
import { walletApi } from '../../api/wallet';
import { useRemote } from '../../hooks/useRemote';
import { sessionState } from '../../state/session';

/** The last coin list read, and the session that read it. A memo network's deposit memo is the
 * reader's own destination tag: another login in this tab must never be shown it. */
let last: { token: string; nets: WalletNetwork[] } | undefined;

/**
 * The coins and networks as the reader deposits and withdraws on them, read afresh whenever a
 * screen that shows them opens: the operator may have changed an address, a limit or a fee since.
 * What this session read last shows at once until the fresh answer replaces it. `reload` reads
 * again while keeping what is shown (a fee the server says has changed).
 */
export const useNetworks = () => {
  const token = useSnapshot(sessionState).user?.token ?? '';
  const remote = useRemote(
    () =>
      // Logged out while a wallet screen is open (the session ended): nothing to ask, and a call
      // without a token would raise a second "not logged in" alert over the session's own.
      token
        ? walletApi.coins().then((nets) => {
            last = { token, nets };
            return { token, nets };
          })
        : Promise.reject(localFailure('app.msg.not_logged_in')),
    token,
  );
  const fresh = remote.data?.token === token ? remote.data.nets : undefined;
  const known = last?.token === token ? last.nets : undefined;
  const nets = fresh ?? known;
  return { nets, failure: nets ? undefined : remote.failure, reload: remote.retry };
};
