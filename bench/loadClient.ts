import net from 'node:net';

interface Answer {
  status: number;
  body: string;
}

interface Request {
  bytes: Buffer;
  resolve: (a: Answer) => void;
  reject: (err: unknown) => void;
}

const HEAD_END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = /\r\ncontent-length:\s*(\d+)/i;

/** One keep-alive HTTP/1.1 connection, one request in flight at a time (no pipelining), reading
 * answers that carry a content length (the server's JSON answers do; nothing here asks for
 * compression). */
class Connection {
  private readonly socket: net.Socket;
  private buf: Buffer = Buffer.alloc(0);
  private current: Request | undefined;
  private sentAt = 0;

  constructor(
    host: string,
    port: number,
    private readonly onFree: (c: Connection, roundTripMs: number) => void,
  ) {
    this.socket = net.connect({ host, port, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => this.read(chunk));
    this.socket.on('error', (err) => this.fail(err));
    this.socket.on('close', () => this.fail(new Error('connection closed')));
  }

  send(r: Request) {
    this.current = r;
    this.sentAt = performance.now();
    this.socket.write(r.bytes);
  }

  close() {
    this.socket.destroy();
  }

  private read(chunk: Buffer) {
    this.buf = this.buf.length === 0 ? chunk : Buffer.concat([this.buf, chunk]);
    const end = this.buf.indexOf(HEAD_END);
    if (end < 0) return;
    const head = this.buf.toString('latin1', 0, end);
    const length = CONTENT_LENGTH.exec(head);
    if (!length) return this.fail(new Error(`answer without a content length: ${head}`));
    const total = end + 4 + Number(length[1]);
    if (this.buf.length < total) return;
    const answer = { status: Number(head.slice(9, 12)), body: this.buf.toString('utf8', end + 4, total) };
    this.buf = this.buf.subarray(total);
    const r = this.current!;
    this.current = undefined;
    r.resolve(answer);
    this.onFree(this, performance.now() - this.sentAt);
  }

  private fail(err: unknown) {
    const r = this.current;
    this.current = undefined;
    r?.reject(err);
  }
}

/**
 * The load generator's HTTP client: a fixed number of keep-alive connections, requests waiting in
 * order for a free one, each written as prepared bytes. Node's own http client spends well over
 * a hundred microseconds of CPU a request, as much as the server under test on this 2-core
 * machine; this one a few, so the figures are the server's.
 */
export class LoadClient {
  private readonly idle: Connection[] = [];
  private readonly queue: Request[] = [];
  private readonly all: Connection[] = [];
  private roundTripsMs = 0;
  private answered = 0;

  constructor(base: string, connections: number) {
    const { hostname, port } = new URL(base);
    for (let i = 0; i < connections; i++) {
      const c = new Connection(hostname, Number(port), (free, roundTripMs) => {
        this.roundTripsMs += roundTripMs;
        this.answered++;
        this.next(free);
      });
      this.all.push(c);
      this.idle.push(c);
    }
  }

  /** A POST of a JSON body with extra headers (a session token, say), as the bytes `send` writes:
   * made once and sent as often as wanted, so that a run at a high rate spends nothing on making
   * its requests. */
  static request(path: string, body: string, headers: Record<string, string>): Buffer {
    const extra = Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    return Buffer.from(
      `POST ${path} HTTP/1.1\r\nhost: bench\r\ncontent-type: application/json\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\n${extra}\r\n${body}`,
    );
  }

  send(bytes: Buffer): Promise<Answer> {
    return new Promise<Answer>((resolve, reject) => {
      const r = { bytes, resolve, reject };
      const c = this.idle.pop();
      if (c) c.send(r);
      else this.queue.push(r);
    });
  }

  /** The mean time in ms from writing a request on its connection to reading its answer: the
   * server's round trip, without the wait for a free connection that a request's latency (from
   * its due time) also holds. One request in flight a connection, so the connections carry at
   * most their number divided by it a second. */
  meanRoundTripMs() {
    return this.answered === 0 ? Number.NaN : this.roundTripsMs / this.answered;
  }

  close() {
    for (const c of this.all) c.close();
  }

  private next(c: Connection) {
    const r = this.queue.shift();
    if (r) c.send(r);
    else this.idle.push(c);
  }
}
