import ReconnectingWebSocket from 'reconnecting-websocket';
import { BehaviorSubject, Observable, Subject, distinctUntilChanged, share } from 'rxjs';
import {
  MAX_SUBSCRIPTIONS,
  PING_INTERVAL_MS,
  PONG_TIMEOUT_MS,
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

/** Dropped, whether being retried or given up: nothing is pushed, so what is shown is only as new
 * as the last poll. ('connecting' is the first open, before there was anything live to lose.) */
export const isSocketDown = (state: ConnectionState) => state === 'reconnecting' || state === 'closed';

interface TransportOptions {
  url: string | (() => string);
  /** The WebSocket class (mock-socket's in tests, a browser's otherwise). */
  WebSocket?: unknown;
  random?: () => number;
  minDelayMs?: number;
  maxDelayMs?: number;
  staleMs?: number;
  pingMs?: number;
  pongTimeoutMs?: number;
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
  /** Tries at once to open a socket that is down, its backoff skipped: the server is known to be
   * back (it answered a call). */
  retryNow(): void;
  close(): void;
}

/**
 * The socket under every live stream (ARCHITECTURE §5): reconnecting-websocket with capped,
 * jittered backoff and no send queue (nothing is sent while offline; what matters is replayed on
 * open instead: the token, then every channel in the registry), an application ping that also
 * measures the server clock, and a socket given up and opened anew when it has gone silent (a ping
 * unanswered, nothing heard for the stale time) or the browser says the network has gone.
 */
export const createTransport = ({
  url,
  WebSocket,
  random = Math.random,
  minDelayMs = 500,
  maxDelayMs = 15_000,
  staleMs = STALE_MS,
  pingMs = PING_INTERVAL_MS,
  pongTimeoutMs = PONG_TIMEOUT_MS,
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
  let pongTimer: ReturnType<typeof setTimeout> | undefined;

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
  const open = () => {
    const made = new ReconnectingWebSocket(url, [], options);
    made.addEventListener('open', onOpen);
    made.addEventListener('close', onClose);
    made.addEventListener('message', onMessage);
    return made;
  };
  let socket = open();

  const send = (msg: ClientMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(msg));
  };
  /** A socket that has gone quiet is given up and opened anew; the streams poll meanwhile. */
  const drop = () => {
    stale$.next(true);
    socket.reconnect();
  };
  const heard = () => {
    clearTimeout(pongTimer);
    pongTimer = undefined;
  };
  const ping = () => {
    if (socket.readyState !== socket.OPEN) return;
    send({ op: 'ping', ts: Date.now() });
    pongTimer ??= setTimeout(() => {
      pongTimer = undefined;
      drop();
    }, pongTimeoutMs);
  };
  // A phone woken from sleep reads the server's time again at once: countdowns go on from a fresh
  // reading instead of the one from before it slept. One whose socket died in its sleep tries again
  // at once: the backoff grew while nobody looked, and its last wait (up to `maxDelayMs`) would keep
  // the reader on "reconnecting" with the network long back.
  const onVisible = () => {
    if (document.visibilityState !== 'visible') return;
    if (socket.readyState === socket.OPEN) ping();
    else if (socket.readyState !== socket.CONNECTING && navigator.onLine !== false) retryNow();
  };
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisible);

  const armStaleTimer = () => {
    clearTimeout(staleTimer);
    staleTimer = setTimeout(drop, staleMs);
  };

  /**
   * Tries at once a socket that is not open, when there is reason to think it would open now (the
   * network or the server is back). The library's backoff grows with every failed try, up to
   * `maxDelayMs`, and its wait runs to its end whatever is asked of it: a socket in that wait is
   * replaced by a fresh one, which tries at once.
   */
  const retryNow = () => {
    if (!started || closed || socket.readyState === socket.OPEN) return;
    clearTimeout(offlineRetry);
    socket.removeEventListener('open', onOpen);
    socket.removeEventListener('close', onClose);
    socket.removeEventListener('message', onMessage);
    socket.close();
    socket = open();
    socket.reconnect();
  };

  // The browser knows before any timer when the network goes or comes back. A socket it has cut off
  // is closed at once (the screens then say prices may be old) and left closed while the network is
  // gone, tries meanwhile only failing; it tries again as soon as the browser says it is back.
  let offlineRetry: ReturnType<typeof setTimeout> | undefined;
  const onOnline = () => retryNow();
  const onOffline = () => {
    if (!started || closed) return;
    stale$.next(true);
    if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.close();
    // Said at once: a first socket still connecting when the network went (a page just loaded) may
    // never tell it closed, and the screens went on as if it were about to open.
    connection$.next('reconnecting');
    // Should the browser never say the network is back, look again now and then.
    const lookAgain = () => {
      if (typeof navigator !== 'undefined' && navigator.onLine === false)
        offlineRetry = setTimeout(lookAgain, maxDelayMs);
      else retryNow();
    };
    clearTimeout(offlineRetry);
    offlineRetry = setTimeout(lookAgain, maxDelayMs);
  };
  if (typeof window !== 'undefined') {
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
  }

  function onOpen() {
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
  }

  function onClose() {
    clearInterval(pingTimer);
    clearTimeout(staleTimer);
    heard();
    stale$.next(true);
    connection$.next(closed ? 'closed' : 'reconnecting');
  }

  function onMessage(event: MessageEvent) {
    let msg: ServerMessage;
    try {
      msg = JSON.parse(String(event.data)) as ServerMessage;
    } catch {
      return;
    }
    armStaleTimer();
    heard();
    if (stale$.value) stale$.next(false);
    if (isChannelMessage(msg)) registry.get(msg.ch)?.next(msg);
    else if (msg.op === 'pong') pong$.next({ ...msg, receivedAt: Date.now() });
    else if (msg.op === 'error') errors$.next(msg);
  }

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
    retryNow,
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
      if (typeof window !== 'undefined') {
        window.removeEventListener('offline', onOffline);
        window.removeEventListener('online', onOnline);
      }
      clearTimeout(offlineRetry);
      clearInterval(pingTimer);
      clearTimeout(staleTimer);
      heard();
      socket.close();
      connection$.next('closed');
    },
  };
};
