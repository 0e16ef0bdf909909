import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type WebSocket from 'ws';
import type { CONTRACT_SETTINGS_CHANNEL } from '../../protocol';
import {
  PRIVATE_CHANNELS,
  DEPTH_LIMIT_MAX,
  MAX_SUBSCRIPTIONS,
  PING_INTERVAL_MS,
  TICKERS_CHANNEL,
  BATCHES_PER_SECOND,
  WS_PATH,
  clientMessageSchema,
  depthChannel,
  errorKey,
  klineChannel,
  parseChannel,
  tradesChannel,
  type DepthUpdate,
  type ErrorName,
  type Kline,
  type Ticker,
  type ClientMessage,
  type PrivateChannel,
} from '../../protocol';
import { AppError } from '../domain/appError';
import { outageLog, type OutageLog } from '../db/outageLog';
import { isUnreachable } from '../db/unreachable';
import { ConnectionCount } from '../http/connectionCap';
import { endInEnvelope } from '../http/errorHandler';
import { clientAddress } from '../http/rateLimits';
import type { Market } from '../market/market';
import { WsClient } from './client';
import { MessageBudget } from './messageBudget';
import { ChannelHub } from './hub';
import { LatestBatch } from './latestBatch';
import type { TokenOwner, TokenVerifier } from './tokens';

export interface GatewayOptions {
  market: Market;
  tokens: TokenVerifier;
  /** Unsent bytes a client may have before it is dropped as a slow consumer. */
  maxBufferedBytes?: number;
  maxSubscriptions?: number;
  pingIntervalMs?: number;
  /** How often batched tickers and candles are sent (BATCHES_PER_SECOND). */
  flushMs?: number;
  /** How often the auth epoch is looked at (`TokenVerifier.epoch`). */
  sessionCheckMs?: number;
  /** How often every socket's token is checked again whatever the epoch says (expiry by time). */
  sessionRecheckMs?: number;
  /** Sockets one address may hold open at once (WS_CONNECTIONS_PER_ADDRESS); no bound when absent. */
  connectionsPerAddress?: number;
  /** Messages a socket may send at once, and a second after that. */
  messageBurst?: number;
  messagesPerSecond?: number;
  /** Refused logins after which a socket is closed. */
  maxFailedAuths?: number;
  /** Where failures of the database go (the app's, shared with its requests); one of the app's
   * logger when absent. */
  outage?: OutageLog;
}

export interface Gateway {
  /** Sends a message to everyone on a public channel that no market feed fills. */
  publish(channel: typeof CONTRACT_SETTINGS_CHANNEL, data: unknown): void;
  /** Sends a private message (orders, balances, contracts, pledges, service) to one user's connections. */
  publishPrivate(userId: number, channel: PrivateChannel, data: unknown): void;
  /** Whether any connection of the user listens to the channel (so its data is worth reading). */
  listening(userId: number, channel: PrivateChannel): boolean;
  stats(): { clients: number; dropped: number };
}

const MAX_MESSAGE_BYTES = 4096;
/** An `auth` looks its session up in the database; the other messages are answered from memory. */
const AUTH_COST = 10;
/** The close code for a socket over its budget (RFC 6455 §7.4.1: policy violation). */
const POLICY_VIOLATION = 1008;
/** The close code for a socket whose login could not be checked (RFC 6455 §7.4.1 registry: try
 * again later); the app reconnects at once. */
const TRY_AGAIN_LATER = 1013;
/** Refused `auth`s a socket may send: the app sends one a login, so a few cover a session that
 * expired and the next login; more are guesses, each a session lookup. */
const WS_MAX_FAILED_AUTHS = 3;
const WS_MESSAGE_BURST = 4 * MAX_SUBSCRIPTIONS;
const WS_MESSAGES_PER_SECOND = 20;
const privateKey = (channel: PrivateChannel, userId: number) => `${channel}#${userId}`;

/**
 * The WebSocket gateway at /ws (ARCHITECTURE §4): sub/unsub/auth/ping from the client; channel
 * messages framed once per channel; depth as a snapshot then diffs; tickers batched; a ping every
 * 15 s (a client that did not answer the last one is cut off); slow consumers dropped; a cap on
 * subscriptions per connection.
 */
export const installGateway = async (app: FastifyInstance, opts: GatewayOptions): Promise<Gateway> => {
  const {
    market,
    tokens,
    maxBufferedBytes = 1 << 20,
    maxSubscriptions = MAX_SUBSCRIPTIONS,
    pingIntervalMs = PING_INTERVAL_MS,
    flushMs = 1000 / BATCHES_PER_SECOND,
    sessionCheckMs = 1000,
    sessionRecheckMs = 60_000,
    connectionsPerAddress = Infinity,
    messageBurst = WS_MESSAGE_BURST,
    messagesPerSecond = WS_MESSAGES_PER_SECOND,
    maxFailedAuths = WS_MAX_FAILED_AUTHS,
    outage = outageLog(app.log),
  } = opts;
  const hub = new ChannelHub();
  const clients = new Set<WsClient>();
  const tickers = new LatestBatch<Ticker>();
  const klines = new LatestBatch<{ ch: string; kline: Kline }>();
  let dropped = 0;

  const stopListening = market.listen({
    ticker: (t) => tickers.add(t.pair, t),
    // Keyed by the candle too: a candle that closes and the next one opening within one flush are
    // both sent, the closed one first, so no chart keeps a closed candle short of its last price.
    kline: (pair, interval, kline) => {
      const ch = klineChannel(pair, interval);
      klines.add(`${ch}@${kline.t}`, { ch, kline });
    },
    trades: (pair, trades) => hub.publish(tradesChannel(pair), trades),
    depth: (pair, diff) => {
      const data: DepthUpdate = { kind: 'diff', prev: diff.prev, bids: diff.bids, asks: diff.asks };
      hub.publish(depthChannel(pair), data, { seq: diff.seq, ts: diff.ts });
    },
  });
  const flushTimer = setInterval(() => {
    for (const { ch, kline } of klines.take()) hub.publish(ch, kline);
    const batch = tickers.take();
    if (batch.length > 0) hub.publish(TICKERS_CHANNEL, batch);
  }, flushMs);
  const pingTimer = setInterval(() => {
    for (const c of clients) {
      if (!c.alive) {
        c.socket.terminate();
        continue;
      }
      c.alive = false;
      c.socket.ping();
    }
  }, pingIntervalMs);
  flushTimer.unref();
  pingTimer.unref();

  const sendError = (client: WsClient, name: ErrorName, ch?: string) =>
    client.send(JSON.stringify({ op: 'error', msg: errorKey(name), ...(ch ? { ch } : {}) }));

  const forgetUser = (client: WsClient) => {
    if (client.userId === undefined) return;
    for (const name of PRIVATE_CHANNELS) hub.unsubscribe(client, privateKey(name, client.userId));
    client.userId = undefined;
    client.token = undefined;
  };

  /** A socket whose session has ended (logged out elsewhere, password changed, account locked,
   * expired) stops hearing that user's private channels at once and is told why; its public
   * channels go on. */
  const recheckSessions = async (): Promise<boolean> => {
    let unchecked = 0;
    let failure: unknown;
    for (const client of clients) {
      const { token, userId } = client;
      if (token === undefined) continue;
      let who: TokenOwner | null;
      try {
        who = await tokens.verify(token);
      } catch (err) {
        // Not checked (the database failed a moment) is not ended: the socket keeps its user
        // and is checked again at the next round.
        unchecked += 1;
        failure = err;
        continue;
      }
      // An `auth` may have changed the socket's user while this one was being checked.
      if (client.token !== token || who?.userId === userId) continue;
      forgetUser(client);
      sendError(client, 'session_expired');
    }
    // A database that cannot be reached fails every round alike: said every few seconds, not each.
    if (unchecked > 0 && isUnreachable(failure)) outage(failure, 'ws session check');
    else if (unchecked > 0)
      app.log.warn({ err: failure, unchecked }, 'ws session check left sockets for the next round');
    return unchecked === 0;
  };
  let seenEpoch: number | undefined;
  let lastRecheck = Date.now();
  let checking = false;
  let retry = false;
  const sessionTimer = setInterval(() => {
    if (checking) return;
    checking = true;
    void (async () => {
      const epoch = await tokens.epoch?.();
      const due = Date.now() - lastRecheck >= sessionRecheckMs;
      if (epoch === seenEpoch && !due && !retry) return;
      seenEpoch = epoch;
      lastRecheck = Date.now();
      retry = !(await recheckSessions());
    })()
      .catch((err: unknown) => outage(err, 'ws session check'))
      .finally(() => (checking = false));
  }, sessionCheckMs);
  sessionTimer.unref();

  const subscribe = (client: WsClient, ch: string) => {
    const parsed = parseChannel(ch);
    if (!parsed || ('pair' in parsed && !market.has(parsed.pair)))
      return sendError(client, 'unknown_channel', ch);
    if (parsed.kind === 'private' && client.userId === undefined)
      return sendError(client, 'not_logged_in', ch);
    const key = parsed.kind === 'private' ? privateKey(parsed.name, client.userId!) : ch;
    if (!client.channels.has(key) && client.channels.size >= maxSubscriptions) {
      return sendError(client, 'subscription_limit', ch);
    }
    hub.subscribe(client, key, ch);
    if (parsed.kind === 'depth') {
      const snap = market.depth(parsed.pair, DEPTH_LIMIT_MAX);
      const data: DepthUpdate = { kind: 'snapshot', bids: snap.bids, asks: snap.asks };
      client.send(JSON.stringify({ ch, seq: snap.seq, ts: snap.ts, data }));
    }
  };

  const unsubscribe = (client: WsClient, ch: string) => {
    const parsed = parseChannel(ch);
    if (parsed?.kind === 'private' && client.userId !== undefined) {
      hub.unsubscribe(client, privateKey(parsed.name, client.userId));
    } else hub.unsubscribe(client, ch);
  };

  const parse = (raw: string): ClientMessage | undefined => {
    try {
      const parsed = clientMessageSchema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  };

  const handle = async (client: WsClient, msg: ClientMessage | undefined) => {
    if (!msg) return sendError(client, 'parameter_error');
    switch (msg.op) {
      case 'sub':
        return msg.ch.forEach((ch) => subscribe(client, ch));
      case 'unsub':
        return msg.ch.forEach((ch) => unsubscribe(client, ch));
      case 'ping':
        return client.send(JSON.stringify({ op: 'pong', ts: msg.ts, serverTs: Date.now() }));
      case 'auth': {
        let who: TokenOwner | null;
        try {
          who = await tokens.verify(msg.token);
        } catch (err) {
          // The token could not be checked: closed rather than refused, the app reconnects and
          // logs in again, instead of staying on a socket that hears nothing private. Told why
          // first, in the catalogue's words, as an HTTP caller would be.
          const down = isUnreachable(err);
          if (down) outage(err, 'ws auth');
          else app.log.warn({ err }, 'ws auth could not be checked');
          sendError(client, down ? 'service_unavailable' : 'unexpected_error');
          client.socket.close(TRY_AGAIN_LATER, 'session check failed');
          return;
        }
        if (!who) {
          // A refused login ends the one before it too: the socket no longer speaks for anyone.
          forgetUser(client);
          sendError(client, 'session_expired');
          client.failedAuths += 1;
          if (client.failedAuths >= maxFailedAuths)
            client.socket.close(POLICY_VIOLATION, 'too many refused logins');
          return;
        }
        // A socket that logs in as someone else stops hearing the previous user's private channels.
        if (client.userId !== who.userId) forgetUser(client);
        client.userId = who.userId;
        client.token = msg.token;
        return;
      }
    }
  };

  await app.register(websocket, {
    options: { maxPayload: MAX_MESSAGE_BYTES },
    // A frame the protocol refuses (too large, not UTF-8, unmasked, an unknown opcode) or a client
    // gone mid-frame is the client's doing: ws has already closed the socket with the code that
    // says why. Logged as errors, any client could fill the error log and wake whoever watches it.
    errorHandler: (err, socket, req) => {
      const code = (err as { code?: unknown }).code;
      const clients = typeof code === 'string' && (code.startsWith('WS_ERR_') || code === 'ECONNRESET');
      if (clients) req.log.info({ err }, 'ws frame refused');
      else req.log.error({ err }, 'ws socket error');
      socket.terminate();
    },
  });
  // A handshake ws refuses (a bad Sec-WebSocket-Key, version, protocol list or extension offer,
  // which no browser sends) is answered in the envelope like any other refused request, not in
  // ws's plain text. Each is the request's mistake: parameter_error, 400, also where ws would say
  // 405 (an upgrade of a route that is not a GET), which the catalogue has no word for. The socket
  // is destroyed once the answer is written, as ws does: the HTTP server let go of it at the
  // upgrade, and its timeouts no longer close it.
  app.websocketServer.on('wsClientError', (err, socket, req) => {
    app.log.info({ err: { message: err.message } }, 'ws handshake refused');
    const version = req.headers['sec-websocket-version'];
    socket.once('finish', () => socket.destroy());
    // RFC 6455 §4.4: a version the server does not speak is answered with those it does.
    endInEnvelope(
      socket,
      400,
      'parameter_error',
      version === '13' || version === '8' ? {} : { 'Sec-WebSocket-Version': '13, 8' },
    );
  });
  // Sockets open per address, so one address cannot hold the server's memory and event loop with
  // sockets of its own; its attempts to connect also count against its HTTP allowance.
  const perAddress = new ConnectionCount(connectionsPerAddress);
  const refuseCrowd = async (req: FastifyRequest) => {
    if (perAddress.full(clientAddress(req))) throw new AppError('too_many_requests');
  };

  app.route({
    method: 'GET',
    url: WS_PATH,
    preValidation: refuseCrowd,
    // A plain request (no upgrade) is told in the envelope that there is nothing here to read.
    handler: () => {
      throw new AppError('not_found');
    },
    wsHandler: (socket: WebSocket, req) => {
      const address = clientAddress(req);
      perAddress.add(address);
      const client = new WsClient(socket, maxBufferedBytes, (c) => {
        dropped += 1;
        hub.drop(c);
      });
      clients.add(client);
      const budget = new MessageBudget(messageBurst, messagesPerSecond);
      // Messages are handled one after another, so an `auth` is settled before a `sub` that follows it.
      // Those still queued when the socket closes are not: a `sub` behind an `auth` being checked
      // would otherwise subscribe a socket already gone, which every publish would then walk over.
      let queue: Promise<unknown> = Promise.resolve();
      let over = false;
      let closed = false;
      const then = (step: () => unknown) => {
        queue = queue
          .then(() => (closed ? undefined : step()))
          .catch((err: unknown) => outage(err, 'ws message'));
      };
      socket.on('message', (data) => {
        if (over) return;
        const msg = parse(data.toString());
        // A socket sending faster than any screen of the app does is told why and closed, once what
        // it sent within its budget is answered; the app's socket would reconnect and subscribe
        // again in a few messages.
        if (!budget.spend(msg?.op === 'auth' ? AUTH_COST : 1)) {
          over = true;
          return then(() => {
            sendError(client, 'too_many_requests');
            socket.close(POLICY_VIOLATION, 'too many messages');
          });
        }
        then(() => handle(client, msg));
      });
      socket.on('pong', () => {
        client.alive = true;
      });
      socket.on('close', () => {
        closed = true;
        clients.delete(client);
        hub.drop(client);
        perAddress.release(address);
      });
    },
  });

  app.addHook('onClose', async () => {
    stopListening();
    clearInterval(flushTimer);
    clearInterval(pingTimer);
    clearInterval(sessionTimer);
    for (const c of clients) c.socket.terminate();
  });

  return {
    publish: (channel, data) => hub.publish(channel, data),
    publishPrivate(userId, channel, data) {
      hub.publish(privateKey(channel, userId), data);
    },
    listening: (userId, channel) => hub.subscribers(privateKey(channel, userId)) > 0,
    stats: () => ({ clients: clients.size, dropped }),
  };
};
