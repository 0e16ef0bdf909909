import { createContractStreams } from '../../streams/contracts';
import { contractApi } from '../api/contract';
import { serverClock, transport, whileLoggedIn } from './streams';

/** The contract streams over the app's socket; imported only by the contract screens. */
export const contracts = createContractStreams({
  transport,
  api: {
    info: contractApi.info,
    list: whileLoggedIn(contractApi.list),
    detail: whileLoggedIn(contractApi.detail),
  },
  clock: serverClock,
});
