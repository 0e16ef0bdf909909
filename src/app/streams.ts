import { WS_PATH } from '../../protocol/ws';
import { createMarketStreams } from '../../streams/market';
import { createServerClock } from '../../streams/serverTime';
import { createTransport } from '../../streams/transport';
import { subscribe } from 'valtio';
import { marketApi } from '../api/market';
import { sessionState } from '../state/session';

const socketUrl = () =>
  `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}${WS_PATH}`;

/** The app's one socket and the streams over it. Imported only by screens with live data, so the
 * first download carries none of it; the socket opens when the first stream is watched. */
export const transport = createTransport({ url: socketUrl, WebSocket: window.WebSocket });
export const market = createMarketStreams({ transport, api: marketApi });
export const serverClock = createServerClock(transport);

// Private channels (orders, balances, contracts) follow the logged-in user.
let token: string | null = null;
const followSession = () => {
  const next = sessionState.user?.token ?? null;
  if (next !== token) transport.setToken((token = next));
};
followSession();
subscribe(sessionState, followSession);
