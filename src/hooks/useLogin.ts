import { useSnapshot } from 'valtio';
import { sessionState } from '../state/session';

/** The session's token, which keys the private streams (one a login): someone logging in just after
 * another, within a stream's keep-alive, never sees the figures still warm from the one before. */
export const useLogin = () => useSnapshot(sessionState).user?.token ?? '';
