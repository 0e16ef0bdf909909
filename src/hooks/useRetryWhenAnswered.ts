import { useEffect } from 'react';
import { subscribe } from 'valtio';
import { failureOf } from '../components/LoadFailed';
import { networkState } from '../state/network';

/** What a read fails with when no answer came: no network, the server down or restarting. */
const NO_ANSWER = 'app.msg.network_error';

/** Why a read failed (an `app.msg.*` key), and whether it was for want of an answer: the REST
 * client noted the server silent. */
export const failedRead = (err: unknown) => {
  const failure = failureOf(err);
  return { failure, unanswered: failure === NO_ANSWER && !networkState.serverAnswers };
};

/** Asks again (`retry`) a read that got no answer once the server answers another call or the
 * browser says the network is back, with no tap: the home page's sections have no retry button,
 * and stayed empty while the prices beside them came back. */
export const useRetryWhenAnswered = (unanswered: boolean, retry: () => void) =>
  useEffect(() => {
    if (!unanswered) return;
    // Another call was answered between this failure and now.
    if (networkState.serverAnswers) return retry();
    const stop = subscribe(networkState, () => {
      if (networkState.serverAnswers) retry();
    });
    window.addEventListener('online', retry);
    return () => {
      stop();
      window.removeEventListener('online', retry);
    };
  }, [unanswered, retry]);
