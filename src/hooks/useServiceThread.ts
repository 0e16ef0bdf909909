import { useObservableState } from 'observable-hooks';
import type { ServiceMessage } from '../../protocol';
import { service } from '../app/serviceStreams';

/** The thread of the login whose token is `login`, live; undefined until first read. */
export const useServiceThread = (login: string) => useObservableState(service.thread$(login), undefined);
/** The thread as the server answered a send: the message shows at once, socket or not. */
export const noteServiceThread = (login: string, thread: readonly ServiceMessage[]) =>
  service.noteThread(login, thread);
