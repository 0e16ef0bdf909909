import WebSocket from 'ws';

/** One connected socket: its channels, its user after `auth`, and the slow-consumer guard. */
export class WsClient {
  readonly channels = new Set<string>();
  userId: number | undefined;
  /** The token `userId` was verified from, checked again while the socket lives. */
  token: string | undefined;
  alive = true;
  /** `auth` messages refused on this socket. */
  failedAuths = 0;
  private dropped = false;

  constructor(
    readonly socket: WebSocket,
    private readonly maxBufferedBytes: number,
    private readonly onDrop: (client: WsClient) => void,
  ) {}

  /** Sends a frame already serialised for the channel. A client whose unsent bytes pass the bound
   * cannot keep up; it is cut off rather than allowed to grow the server's memory. */
  send(frame: string | Buffer) {
    if (this.dropped || this.socket.readyState !== WebSocket.OPEN) return;
    if (this.socket.bufferedAmount > this.maxBufferedBytes) {
      this.dropped = true;
      this.socket.terminate();
      this.onDrop(this);
      return;
    }
    this.socket.send(frame, { binary: false });
  }
}
