import net from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { CLOSING_RETRY_AFTER_S, refuseWhileClosing } from '../../../server/http/closing';
import { installErrorHandler } from '../../../server/http/errorHandler';

let app: ReturnType<typeof Fastify> | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** One keep-alive connection, its answers read one at a time. */
const connection = (port: number) => {
  const socket = net.connect(port, '127.0.0.1');
  let text = '';
  let waiting: (() => void) | undefined;
  socket.on('data', (chunk) => {
    text += chunk.toString();
    waiting?.();
  });
  const answer = async (path: string) => {
    text = '';
    socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n`);
    while (!/\r\n\r\n[\s\S]*\}$/.test(text)) await new Promise<void>((r) => (waiting = r));
    const at = text.indexOf('\r\n\r\n');
    return { head: text.slice(0, at), body: JSON.parse(text.slice(at + 4)) as unknown };
  };
  return { answer, close: () => socket.destroy() };
};

describe('a server that has begun to stop', () => {
  it('answers a request still arriving on an open connection in the envelope, 503 with Retry-After', async () => {
    const server = Fastify({ return503OnClosing: false });
    app = server;
    installErrorHandler(server);
    refuseWhileClosing(server);
    // Holds the stop between its start and the listener's close, the window in which a client's
    // open connection still brings requests.
    let begun = () => undefined as void;
    const stopBegun = new Promise<void>((r) => (begun = r));
    let goOn = () => undefined as void;
    const stopMayGoOn = new Promise<void>((r) => (goOn = r));
    server.addHook('preClose', (done) => {
      begun();
      void stopMayGoOn.then(() => done());
    });
    server.get('/api/fast', async () => ({ code: 1, msg: 'ok', data: 'fast' }));
    await server.listen({ port: 0, host: '127.0.0.1' });
    const client = connection((server.server.address() as net.AddressInfo).port);

    expect((await client.answer('/api/fast')).body).toEqual({ code: 1, msg: 'ok', data: 'fast' });
    const closed = server.close();
    await stopBegun;
    const refused = await client.answer('/api/fast');
    goOn();
    client.close();
    await closed;
    app = undefined;

    expect(refused.head).toMatch(/^HTTP\/1\.1 503/);
    expect(refused.head).toMatch(new RegExp(`\\r\\nretry-after: ${CLOSING_RETRY_AFTER_S}(\\r\\n|$)`, 'i'));
    expect(refused.head).toMatch(/\r\nconnection: close(\r\n|$)/i);
    expect(refused.body).toEqual({ code: 503, msg: 'app.msg.service_unavailable', data: null });
  });
});
