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

const readStoredUser = (): StoredUser | null => {
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

/** Replaces the stored userinfo (after a refresh or an edit), keeping the token. An answer about
 * another account is dropped: it was asked for before this tab (or another) logged out and in as
 * someone else, and would show the new user the previous one's name, status and gates. */
export const updateUserInfo = (userinfo: UserInfo) => {
  const user = currentUser();
  if (user && (user.userinfo.id === undefined || user.userinfo.id === userinfo.id))
    setUser({ token: user.token, userinfo });
};

/**
 * Tabs share the stored user: when another tab logs in or out, this tab's session follows at once
 * and `changed` is told, so the app can check the screen shown against its gates again (a
 * login-only screen sends a reader logged out elsewhere to login). When another tab logs in as
 * someone else, `switched` is told instead: the tab starts afresh, keeping nothing it showed the
 * previous user.
 */
export const followOtherTabsSession = (on: { changed: () => void; switched: () => void }) =>
  window.addEventListener('storage', (event) => {
    // A null key is the whole storage cleared.
    if (event.key !== null && event.key !== KEYS.user) return;
    const before = sessionState.user?.token;
    const now = currentUser()?.token;
    if (now === before) return;
    if (before !== undefined && now !== undefined) on.switched();
    else on.changed();
  });
