import { WS_PATH } from '../../protocol/ws';
import { createMarketStreams } from '../../streams/market';
import { createServerClock } from '../../streams/serverTime';
import { createTransport } from '../../streams/transport';
import { subscribe } from 'valtio';
import { localFailure } from '../api/client';
import { marketApi } from '../api/market';
import { prefetched } from '../api/prefetch';
import { refreshUserInfo } from '../api/refreshUser';
import { boot } from './boot';
import { networkState } from '../state/network';
import { currentUser, sessionState } from '../state/session';

const socketUrl = () =>
  `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}${WS_PATH}`;

/** The app's one socket and the streams over it. Imported only by screens with live data, so the
 * first download carries none of it; the socket opens when the first stream is watched. */
export const transport = createTransport({ url: socketUrl, WebSocket: window.WebSocket });
export const market = createMarketStreams({
  transport,
  // The page carries the listed pairs; a page without them asks (prefetched beside the screen).
  api: {
    ...marketApi,
    pairs: () => (boot.pairs ? Promise.resolve(boot.pairs) : prefetched(marketApi.pairs)),
  },
});
export const serverClock = createServerClock(transport);

// Private channels (orders, balances, contracts, pledges, service) follow the logged-in user.
let token: string | null = null;
const followSession = () => {
  const next = sessionState.user?.token ?? null;
  if (next !== token) transport.setToken((token = next));
};
followSession();
subscribe(sessionState, followSession);

// A call answered after calls that got no answer: the server is back (restarted, or the network
// mended) and the socket need not wait out the backoff its failed tries grew.
let serverAnswered = networkState.serverAnswers;
subscribe(networkState, () => {
  if (networkState.serverAnswers && !serverAnswered) transport.retryNow();
  serverAnswered = networkState.serverAnswers;
});

// The server tells a socket when its session has ended (logged out elsewhere, password changed,
// account locked): the user info asked for then meets the same end over HTTP, and its 401 logs the
// reader out as any other does, with the one alert.
transport.errors$.subscribe((e) => {
  if (e.msg === 'app.msg.session_expired' && e.ch === undefined) void refreshUserInfo();
});

/** A private snapshot is asked for only while someone is logged in. A stream still warm after a
 * logout, or after the server ended the session, would otherwise poll without a token, and each
 * 401 would send the reader home again with one more "not logged in" alert. */
export const whileLoggedIn =
  <A extends unknown[], T>(load: (...args: A) => Promise<T>) =>
  (...args: A): Promise<T> =>
    currentUser() ? load(...args) : Promise.reject(localFailure('app.msg.not_logged_in'));
