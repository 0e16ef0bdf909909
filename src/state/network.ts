import { proxy } from 'valtio';

/**
 * Whether the server answered the app's last REST call (any answer, a refusal included) or none
 * came (no network, the server down or restarting). While the socket is down the screens poll over
 * REST, so this is what tells "prices still update" from "prices may be out of date".
 */
export const networkState = proxy({ serverAnswers: true });

export const noteServerAnswers = (answers: boolean) => {
  // Written only on a change: every answer passes here, and a write wakes every reader.
  if (networkState.serverAnswers !== answers) networkState.serverAnswers = answers;
};
