import { currentUser, updateUserInfo } from '../state/session';
import { userApi } from './user';

/** Fetches the logged-in user's info and stores it, so a status changed on the server (an operator
 * approved a verification) reaches the gates. Failures leave the stored info as it was. */
export const refreshUserInfo = async (): Promise<void> => {
  if (!currentUser()) return;
  try {
    updateUserInfo(await userApi.info());
  } catch {
    // The REST client has handled it (an expired session logs the reader out).
  }
};
