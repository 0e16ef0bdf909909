import { createSpotStreams } from '../../streams/spot';
import { spotApi } from '../api/spot';
import { transport, whileLoggedIn } from './streams';

/** The spot streams over the app's one socket: open orders and balances, live. */
export const spot = createSpotStreams({
  transport,
  api: { openOrders: whileLoggedIn(spotApi.openOrders), balances: whileLoggedIn(spotApi.balances) },
});
