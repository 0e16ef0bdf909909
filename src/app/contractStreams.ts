import { createContractStreams } from '../../streams/contracts';
import { contractApi } from '../api/contract';
import { serverClock, transport } from './streams';

/** The contract streams over the app's socket; imported only by the contract screens. */
export const contracts = createContractStreams({ transport, api: contractApi, clock: serverClock });
