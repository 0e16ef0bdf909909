import { proxy } from 'valtio';
import type { UserInfo } from '../../protocol';
import { KEYS, local, readJson } from './storage';

/** Verification status: null never verified, 0 under review, 1 failed, anything else approved. */
export type Certification = number | null;

/** What is stored under localStorage `user`. The server sends the full userinfo
 * (protocol `UserInfo`); the gates need only its certification, so that is all this requires. */
export interface StoredUser {
  token: string;
  userinfo: { certification: Certification } & Partial<Omit<UserInfo, 'certification'>>;
}

const isStoredUser = (v: unknown): v is StoredUser =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as StoredUser).token === 'string' &&
  typeof (v as StoredUser).userinfo === 'object' &&
  (v as StoredUser).userinfo !== null;

export const readStoredUser = (): StoredUser | null => {
  const v = readJson<unknown>(local.get(KEYS.user));
  return isStoredUser(v) ? v : null;
};

/** The logged-in user as stored under localStorage `user`; this proxy mirrors it for the screens. */
export const sessionState = proxy<{ user: StoredUser | null }>({ user: readStoredUser() });

export const setUser = (user: StoredUser) => {
  local.set(KEYS.user, JSON.stringify(user));
  sessionState.user = user;
};

export const clearUser = () => {
  local.remove(KEYS.user);
  sessionState.user = null;
};

/** The current user, read from storage so another tab's logout is seen at once. */
export const currentUser = (): StoredUser | null => {
  const stored = readStoredUser();
  if (stored?.token !== sessionState.user?.token) sessionState.user = stored;
  return stored;
};

/** Replaces the stored userinfo (after a refresh or an edit), keeping the token. */
export const updateUserInfo = (userinfo: UserInfo) => {
  const user = currentUser();
  if (user) setUser({ token: user.token, userinfo });
};
