import { createServiceStreams } from '../../streams/service';
import { helpApi } from '../api/help';
import { transport, whileLoggedIn } from './streams';

/** The customer-service thread over the app's socket; imported only by the service screen. */
export const service = createServiceStreams({
  transport,
  api: { messages: whileLoggedIn(helpApi.messages) },
});
