import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HashingBusy } from '../../../server/crypto/scryptThread';
import { buildApp } from '../../../server/http/app';
import { installErrorHandler } from '../../../server/http/errorHandler';
import { RETRY_AFTER_S } from '../../../server/http/unavailable';
import { TEST_APP_CONFIG } from '../helpers/appConfig';
import { openSqliteTest, type TestDb } from '../helpers/testDb';

/** Sends raw bytes and reads whatever comes back until the server closes the connection. */
const raw = (port: number, bytes: string) =>
  new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.on('data', (d) => (answer += d.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });

const envelopeOf = (answer: string) => ({
  status: Number(/^HTTP\/1\.1 (\d+)/.exec(answer)?.[1]),
  type: /content-type: ([^\r]+)/i.exec(answer)?.[1],
  body: JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as unknown,
});

describe('requests the HTTP parser refuses', () => {
  let t: TestDb;
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    t = await openSqliteTest({ seed: true });
    app = await buildApp({ config: TEST_APP_CONFIG, db: t.db, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it('are answered in the envelope, not in Fastify’s own shape', async () => {
    expect(
      envelopeOf(await raw(port, 'GET /api/health HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n')),
    ).toEqual({
      status: 400,
      type: 'application/json; charset=utf-8',
      body: { code: 400, msg: 'app.msg.parameter_error', data: null },
    });
    expect(envelopeOf(await raw(port, 'FOO / HTTP/1.1\r\nHost: x\r\n\r\n')).body).toEqual({
      code: 400,
      msg: 'app.msg.parameter_error',
      data: null,
    });
    const huge = `GET /api/health?x=${'a'.repeat(70_000)} HTTP/1.1\r\nHost: x\r\n\r\n`;
    expect(envelopeOf(await raw(port, huge))).toMatchObject({
      status: 431,
      body: { code: 431, msg: 'app.msg.payload_too_large', data: null },
    });
  });

  it('still lets well-formed requests through', async () => {
    const answer = await raw(port, 'GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
  });
});

describe('a password-hashing thread with too many waiting', () => {
  it('is answered service_unavailable with Retry-After, as an outage is', async () => {
    const app = Fastify({ logger: false });
    installErrorHandler(app);
    app.post('/login', () => {
      throw new HashingBusy();
    });
    const res = await app.inject({ method: 'POST', url: '/login' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe(String(RETRY_AFTER_S));
    expect(res.json()).toEqual({ code: 503, msg: 'app.msg.service_unavailable', data: null });
    await app.close();
  });
});
