import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/http/app';
import { TEST_APP_CONFIG } from '../helpers/appConfig';
import { openSqliteTest, type TestDb } from '../helpers/testDb';

interface Line {
  level: number;
  msg: string;
}

describe('request logs', () => {
  let t: TestDb | undefined;
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    await t?.close();
  });

  /** The app logging at `level`, and the lines it writes. */
  const appLogging = async (level: 'info' | 'debug') => {
    const lines: Line[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)) as Line);
        done();
      },
    });
    t = await openSqliteTest({ seed: true });
    app = await buildApp({ config: TEST_APP_CONFIG, db: t.db, logger: { level, stream } });
    await app.ready();
    return { app, lines };
  };
  const messages = (lines: Line[]) => lines.map((l) => l.msg);

  it('writes a request’s passage at debug, not at info', async () => {
    const quiet = await appLogging('info');
    expect((await quiet.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(messages(quiet.lines)).not.toContain('incoming request');
    expect(messages(quiet.lines)).not.toContain('request completed');
    await app!.close();
    await t!.close();

    const traced = await appLogging('debug');
    await traced.app.inject({ method: 'GET', url: '/api/health' });
    const passage = traced.lines.filter((l) => ['incoming request', 'request completed'].includes(l.msg));
    expect(passage.map((l) => [l.msg, l.level])).toEqual([
      ['incoming request', 20],
      ['request completed', 20],
    ]);
  });

  it('still writes a rejected request at info', async () => {
    const { app: a, lines } = await appLogging('info');
    const res = await a.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
    expect(lines.find((l) => l.msg === 'rejected request')?.level).toBe(30);
  });
});
