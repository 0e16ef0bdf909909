import { Subject, filter, map } from 'rxjs';
import type { ServiceMessage } from '../protocol/help';
import { SERVICE_CHANNEL } from '../protocol/ws';
import { keyed } from './keyed';
import { synced$ } from './synced';
import type { Transport } from './transport';

/** The REST call the thread starts from and polls; the app passes its axios client's. */
interface ServiceApi {
  messages(): Promise<ServiceMessage[]>;
}

/** Polling while the socket is down: a reply reads as one within seconds even then. */
export const SERVICE_POLL_MS = 5_000;

/** The thread with one message more, in the order written (by id); one it holds already (pushed
 * and also in a send's answer) is not shown twice. */
export const applyServiceMessage = (thread: ServiceMessage[], m: ServiceMessage): ServiceMessage[] =>
  thread.some((held) => held.id === m.id) ? thread : [...thread, m].sort((a, b) => a.id - b.id);

/** The reader's customer-service thread: the REST snapshot, then each message the private
 * `service` channel brings (an operator's answer, the reader's own from another tab), polled
 * only while the socket is down and read again when it is back. */
export const createServiceStreams = ({ transport, api }: { transport: Transport; api: ServiceApi }) => {
  const answers = new Subject<{ login: string; message: ServiceMessage }>();
  // One a login (keyed by its token): someone logging in on this device just after another sees
  // none of the other's thread, which stays warm for a while after they leave.
  const thread$ = keyed((login: string) =>
    synced$<ServiceMessage[], ServiceMessage>(transport, {
      channel: SERVICE_CHANNEL,
      load: () => api.messages(),
      apply: (thread, msg) => applyServiceMessage(thread, msg.data),
      countsSeq: false,
      pollMs: SERVICE_POLL_MS,
      local$: answers.pipe(
        filter((a) => a.login === login),
        map((a) => a.message),
      ),
    }),
  );
  /** The thread as the server answered a send: the message shows at once, socket or not. */
  const noteThread = (login: string, thread: readonly ServiceMessage[]) =>
    thread.forEach((message) => answers.next({ login, message }));
  return { thread$, noteThread };
};
