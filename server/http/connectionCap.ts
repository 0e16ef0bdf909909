import type { Server } from 'node:http';
import { BlockList, isIPv6, type Socket } from 'node:net';
import { normalizeIP } from '@fastify/rate-limit';
import type { Config } from '../config';

/** Connections open under each key, refusing one past `max`. A key is forgotten with its last
 * connection, so the map holds only the addresses connected now, however many came and went.
 * `full` and `add` are apart for the gateway, which refuses a socket before its upgrade (in the
 * envelope) and counts it only once it is open. */
export class ConnectionCount {
  private readonly open = new Map<string, number>();

  constructor(private readonly max: number) {}

  full(key: string): boolean {
    return (this.open.get(key) ?? 0) >= this.max;
  }

  add(key: string): void {
    this.open.set(key, (this.open.get(key) ?? 0) + 1);
  }

  /** Counts a connection unless `key` holds `max` already; false when refused. */
  take(key: string): boolean {
    if (this.full(key)) return false;
    this.add(key);
    return true;
  }

  release(key: string): void {
    const left = (this.open.get(key) ?? 1) - 1;
    if (left > 0) this.open.set(key, left);
    else this.open.delete(key);
  }

  /** Keys with a connection open: what the map holds, which must not grow with every address
   * that ever connected. */
  get keys(): number {
    return this.open.size;
  }
}

/** How often, at most, refusals are told while they go on. */
export const REFUSALS_LOG_MS = 60_000;
/** Addresses one line names at most, those refused most first. */
const REFUSALS_NAMED = 20;

/**
 * Tells the operator that addresses are being refused, without letting a flood of refusals flood
 * the log: the first refusal at once, then every `REFUSALS_LOG_MS` one line with what was refused
 * since, by address, for as long as refusals go on.
 */
export class RefusalLog {
  private readonly since = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly tell: (refused: Record<string, number>) => void) {}

  refused(key: string): void {
    if (this.timer === undefined) {
      this.tell({ [key]: 1 });
      this.timer = setInterval(() => this.flush(), REFUSALS_LOG_MS);
      this.timer.unref();
      return;
    }
    this.since.set(key, (this.since.get(key) ?? 0) + 1);
  }

  private flush(): void {
    if (this.since.size === 0) {
      clearInterval(this.timer);
      this.timer = undefined;
      return;
    }
    const most = [...this.since].sort((a, b) => b[1] - a[1]).slice(0, REFUSALS_NAMED);
    this.since.clear();
    this.tell(Object.fromEntries(most));
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}

const family = (address: string) => (isIPv6(address) ? 'ipv6' : 'ipv4');

/** Whether a socket's peer is a proxy TRUST_PROXY believes, as Fastify decides it for the peer
 * (hop 0): every peer when a count of proxies is given, those listed otherwise. */
export const trustedPeer = (trust: Config['trustProxy']): ((address: string) => boolean) => {
  if (trust === false) return () => false;
  if (typeof trust === 'number') return () => true;
  const proxies = new BlockList();
  for (const entry of trust) {
    const [address = '', bits] = entry.split('/');
    if (bits === undefined) proxies.addAddress(address, family(address));
    else proxies.addSubnet(address, Number(bits), family(address));
  }
  return (address) => proxies.check(address, family(address));
};

/**
 * Caps the TCP connections one peer address holds open on `server`: idle keep-alive sockets,
 * requests under way and WebSockets alike (an upgrade keeps the connection it arrived on), so one
 * machine cannot take the server's file descriptors and memory with connections of its own.
 *
 * What is counted is the socket's remoteAddress, IPv6 by its /64 and IPv4-mapped addresses as
 * IPv4 (normalizeIP, as the request allowances count `req.ip`): no request has been read yet, so
 * X-Forwarded-For is not known. A peer TRUST_PROXY believes is therefore not counted at all: it
 * carries many clients over its own connections, and capping it would cap all of them together;
 * the proxy is where connections per client are limited (nginx's `limit_conn`), and what passes
 * it is still counted per client by the request allowances and WS_CONNECTIONS_PER_ADDRESS.
 *
 * A connection over the cap is destroyed as it is accepted, with no answer, as Node's own
 * `server.maxConnections` and HAProxy's `tcp-request connection reject` do: a 503 would have to be
 * written before the request is read, and closing a socket with unread input resets it, which
 * can lose the answer at the client anyway; and every byte spent answering goes to the
 * address that is already holding too many connections. The operator hears of it from `log`.
 */
export const capConnections = (server: Server, max: number, trust: Config['trustProxy'], log: RefusalLog) => {
  const count = new ConnectionCount(max);
  const trusted = trustedPeer(trust);
  server.on('connection', (socket: Socket) => {
    const peer = socket.remoteAddress;
    // A peer gone before it was accepted has no address, and no connection to count.
    if (peer === undefined || trusted(peer)) return;
    const key = normalizeIP(peer);
    if (!count.take(key)) {
      socket.destroy();
      log.refused(key);
      return;
    }
    socket.once('close', () => count.release(key));
  });
};
