import WebSocket from 'ws';

/** Tries to open a WebSocket: 'open' once it is, or the HTTP status that refused the upgrade. The
 * socket goes into `opened` for the caller to close. */
export const attemptSocket = (url: string, opened: WebSocket[]) =>
  new Promise<number | 'open'>((resolve) => {
    const ws = new WebSocket(url);
    opened.push(ws);
    // A refused upgrade also ends in an error event, which the status already tells.
    ws.on('error', () => undefined);
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('open', () => resolve('open'));
  });
