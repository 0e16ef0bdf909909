import ReconnectingWebSocket from 'reconnecting-websocket';
import { BehaviorSubject, Observable, Subject, distinctUntilChanged, share } from 'rxjs';
import {
  MAX_SUBSCRIPTIONS,
  PING_INTERVAL_MS,
  PRIVATE_CHANNELS,
  STALE_MS,
  isChannelMessage,
  type ChannelMessage,
  type ClientMessage,
  type ErrorMessage,
  type PongMessage,
  type ServerMessage,
} from '../protocol/ws';

export type ConnectionState = 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface TransportOptions {
  url: string | (() => string);
  /** The WebSocket class (mock-socket's in tests, a browser's otherwise). */
  WebSocket?: unknown;
  random?: () => number;
  minDelayMs?: number;
  maxDelayMs?: number;
  staleMs?: number;
  pingMs?: number;
}

export interface Transport {
  readonly connection$: Observable<ConnectionState>;
  /** True while data may be old: not connected, or connected but silent for too long. */
  readonly stale$: Observable<boolean>;
  /** How many times the socket has reopened after a drop. */
  readonly reconnects$: Observable<number>;
  readonly pong$: Observable<PongMessage & { receivedAt: number }>;
  readonly errors$: Observable<ErrorMessage>;
  /** Messages of one channel. The first subscriber subscribes on the server, the last one leaves. */
  channel$<T = unknown>(ch: string): Observable<ChannelMessage<T>>;
  setToken(token: string | null): void;
  close(): void;
}

/**
 * The socket under every live stream (ARCHITECTURE §5): reconnecting-websocket with capped,
 * jittered backoff and no send queue (nothing is sent while offline; what matters is replayed on
 * open instead: the token, then every channel in the registry), an application ping that also
 * measures the server clock, and a stale timer that reconnects a socket that has gone silent.
 */
export const createTransport = ({
  url,
  WebSocket,
  random = Math.random,
  minDelayMs = 500,
  maxDelayMs = 15_000,
  staleMs = STALE_MS,
  pingMs = PING_INTERVAL_MS,
}: TransportOptions): Transport => {
  const connection$ = new BehaviorSubject<ConnectionState>('connecting');
  const stale$ = new BehaviorSubject(true);
  const reconnects$ = new BehaviorSubject(0);
  const pong$ = new Subject<PongMessage & { receivedAt: number }>();
  const errors$ = new Subject<ErrorMessage>();
  let token: string | null = null;
  let everOpened = false;
  let closed = false;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let staleTimer: ReturnType<typeof setTimeout> | undefined;

  // Read on every retry, so each delay gets its own jitter (half to one and a half of the base).
  const options = {
    WebSocket,
    maxEnqueuedMessages: 0,
    reconnectionDelayGrowFactor: 1.6,
    maxReconnectionDelay: maxDelayMs,
    connectionTimeout: 8000,
    startClosed: true,
    get minReconnectionDelay() {
      return minDelayMs * (0.5 + random());
    },
  };
  const socket = new ReconnectingWebSocket(url, [], options);

  const send = (msg: ClientMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(msg));
  };
  const ping = () => send({ op: 'ping', ts: Date.now() });
  // A phone woken from sleep reads the server's time again at once: countdowns go on from a fresh
  // reading instead of the one from before it slept.
  const onVisible = () => {
    if (document.visibilityState === 'visible') ping();
  };
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisible);

  const armStaleTimer = () => {
    clearTimeout(staleTimer);
    staleTimer = setTimeout(() => {
      stale$.next(true);
      socket.reconnect();
    }, staleMs);
  };

  socket.addEventListener('open', () => {
    if (everOpened) reconnects$.next(reconnects$.value + 1);
    everOpened = true;
    if (token) send({ op: 'auth', token });
    const names = [...registry.keys()];
    for (let i = 0; i < names.length; i += MAX_SUBSCRIPTIONS) {
      send({ op: 'sub', ch: names.slice(i, i + MAX_SUBSCRIPTIONS) });
    }
    ping();
    clearInterval(pingTimer);
    pingTimer = setInterval(ping, pingMs);
    armStaleTimer();
    connection$.next('open');
  });

  socket.addEventListener('close', () => {
    clearInterval(pingTimer);
    clearTimeout(staleTimer);
    stale$.next(true);
    connection$.next(closed ? 'closed' : 'reconnecting');
  });

  socket.addEventListener('message', (event) => {
    let msg: ServerMessage;
    try {
      msg = JSON.parse(String(event.data)) as ServerMessage;
    } catch {
      return;
    }
    armStaleTimer();
    if (stale$.value) stale$.next(false);
    if (isChannelMessage(msg)) registry.get(msg.ch)?.next(msg);
    else if (msg.op === 'pong') pong$.next({ ...msg, receivedAt: Date.now() });
    else if (msg.op === 'error') errors$.next(msg);
  });

  /** Channels someone listens to: replayed on every open. */
  const registry = new Map<string, Subject<ChannelMessage>>();
  const streams = new Map<string, Observable<ChannelMessage>>();
  let started = false;

  const channel$ = <T>(ch: string): Observable<ChannelMessage<T>> => {
    let stream = streams.get(ch);
    if (!stream) {
      stream = new Observable<ChannelMessage>((subscriber) => {
        const subject = new Subject<ChannelMessage>();
        registry.set(ch, subject);
        send({ op: 'sub', ch: [ch] });
        if (!started && !closed) {
          // The socket opens when the first stream needs it, not when the page loads.
          started = true;
          socket.reconnect();
        }
        const inner = subject.subscribe(subscriber);
        return () => {
          inner.unsubscribe();
          registry.delete(ch);
          send({ op: 'unsub', ch: [ch] });
        };
      }).pipe(share());
      streams.set(ch, stream);
    }
    return stream as Observable<ChannelMessage<T>>;
  };

  return {
    connection$: connection$.pipe(distinctUntilChanged()),
    stale$: stale$.pipe(distinctUntilChanged()),
    reconnects$: reconnects$.asObservable(),
    pong$: pong$.asObservable(),
    errors$: errors$.asObservable(),
    channel$,
    setToken(next) {
      const previous = token;
      token = next;
      if (!next) {
        // The server keeps a socket's login until it closes: a logout must drop it.
        if (previous) socket.reconnect();
        return;
      }
      send({ op: 'auth', token: next });
      // Private subscriptions made before the login were refused; ask again now that they can pass.
      const privates = [...registry.keys()].filter((ch) =>
        (PRIVATE_CHANNELS as readonly string[]).includes(ch),
      );
      if (privates.length > 0) send({ op: 'sub', ch: privates });
    },
    close() {
      closed = true;
      if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisible);
      clearInterval(pingTimer);
      clearTimeout(staleTimer);
      socket.close();
      connection$.next('closed');
    },
  };
};
