import { BehaviorSubject, Subject, finalize } from 'rxjs';
import type { ChannelMessage } from '../../protocol';
import type { ConnectionState, Transport } from '../../streams/transport';

/** A transport the test drives: it says when the socket is up and pushes channel messages. */
export const fakeTransport = () => {
  const connection$ = new BehaviorSubject<ConnectionState>('connecting');
  const channels = new Map<string, Subject<ChannelMessage>>();
  const live = new Set<string>();
  const transport: Transport = {
    connection$,
    stale$: new BehaviorSubject(false),
    reconnects$: new BehaviorSubject(0),
    pong$: new Subject(),
    errors$: new Subject(),
    channel$: <T>(ch: string) => {
      let s = channels.get(ch);
      if (!s) channels.set(ch, (s = new Subject()));
      live.add(ch);
      return (s as Subject<ChannelMessage<T>>).pipe(finalize(() => live.delete(ch)));
    },
    setToken: () => undefined,
    retryNow: () => undefined,
    close: () => connection$.next('closed'),
  };
  return {
    transport,
    live,
    setState: (s: ConnectionState) => connection$.next(s),
    push: <T>(ch: string, seq: number, data: T) => channels.get(ch)?.next({ ch, seq, ts: 0, data }),
  };
};
