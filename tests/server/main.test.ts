import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort, listensOn } from '../../bench/serverProcess';
import { DEFAULT_SITE_CONFIG } from '../../server/db/seed/defaults';
import { TEST_DATABASE_URL, createPgSchema } from './helpers/testDb';
import { REFUSED_URL } from './helpers/silentServer';
import { hostOf, tcpProxy } from './helpers/tcpProxy';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TIMEOUT = 30_000;
const INDEX_HTML = '<!doctype html><title>main test</title>';

/** Variables of ours the parent environment must not leak into the child. */
const OWN_VARS = [
  'PORT',
  'HOST',
  'DATABASE_URL',
  'DATABASE_WAIT_SECONDS',
  'DATA_DIR',
  'LOG_LEVEL',
  'RATE_LIMIT_PER_MINUTE',
  'RATE_LIMIT_PER_ADDRESS_PER_MINUTE',
  'WS_CONNECTIONS_PER_ADDRESS',
  'CONNECTIONS_PER_ADDRESS',
  'WEB_ROOT',
  'TRUST_PROXY',
  'SESSION_TTL_HOURS',
  'OPERATOR_SESSION_TTL_HOURS',
  'CODE_DAILY_LIMIT',
  'SMTP_URL',
  'SMTP_FROM',
];

interface Server {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

const running = new Set<ChildProcess>();

const start = (env: Record<string, string>, nodeArgs: string[] = []): Server => {
  const base = { ...process.env };
  for (const name of OWN_VARS) delete base[name];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let out = '';
  let err = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return { child, stdout: () => out, stderr: () => err, exited };
};

/** Polls /api/health until it answers; fails early if the process dies. */
const waitForHealth = async (server: Server, port: number) => {
  const deadline = Date.now() + TIMEOUT - 5_000;
  let dead = false;
  void server.exited.then(() => (dead = true));
  while (Date.now() < deadline) {
    if (dead) throw new Error(`server exited early:\n${server.stdout()}\n${server.stderr()}`);
    // Its own socket first: another file's server may answer on a port freePort handed out
    // before this one bound it (this one then exits with EADDRINUSE).
    if (listensOn(server.child.pid!, port)) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.ok)
          return (await res.json()) as { code: number; data: { status: string; serverTime: number } };
      } catch {
        // listening, not answering yet
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not answer in time:\n${server.stdout()}\n${server.stderr()}`);
};

const logLines = (out: string) =>
  out
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);

let tmp: string;
let webRoot: string;

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-main-'));
  webRoot = path.join(tmp, 'web');
  fs.mkdirSync(webRoot);
  fs.writeFileSync(path.join(webRoot, 'index.html'), INDEX_HTML);
});

afterEach(() => {
  // A failed test must not leave a server behind.
  for (const child of running) child.kill('SIGKILL');
});

afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

const engines: Array<['sqlite' | 'postgres']> = [
  ['sqlite'],
  ...(TEST_DATABASE_URL ? [['postgres'] as ['postgres']] : []),
];

describe.each(engines)('server/main.ts on %s', (engine) => {
  let dataDir: string;
  let databaseUrl: string | undefined;
  let dropSchema: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(tmp, `data-${engine}-`));
    if (engine === 'postgres' && TEST_DATABASE_URL) {
      const s = await createPgSchema(TEST_DATABASE_URL);
      databaseUrl = s.url;
      dropSchema = s.drop;
    }
  }, TIMEOUT);

  afterAll(async () => {
    await dropSchema?.();
  }, TIMEOUT);

  const env = (port: number): Record<string, string> => ({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_ROOT: webRoot,
    LOG_LEVEL: 'info',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });

  it(
    'starts, migrates, seeds, serves the API and the web app, and stops cleanly on SIGTERM',
    async () => {
      const port = await freePort();
      const server = start(env(port));

      const health = await waitForHealth(server, port);
      expect(health.code).toBe(1);
      expect(health.data.status).toBe('up');
      expect(typeof health.data.serverTime).toBe('number');

      const config = await fetch(`http://127.0.0.1:${port}/api/index/config`);
      expect(config.status).toBe(200);
      expect(await config.json()).toEqual({ code: 1, msg: 'app.msg.success', data: DEFAULT_SITE_CONFIG });

      const coins = (await (await fetch(`http://127.0.0.1:${port}/api/index/coinlist`)).json()) as {
        data: unknown[];
      };
      expect(coins.data).toHaveLength(10);

      const page = await fetch(`http://127.0.0.1:${port}/market`);
      expect(page.status).toBe(200);
      // The built page, titled by the server for the screen and the reader's language.
      expect(await page.text()).toBe(
        `<!doctype html><title>${DEFAULT_SITE_CONFIG.companyName} - Markets</title>`,
      );

      const ready = logLines(server.stdout()).find((l) => l.msg === 'database ready');
      expect(ready).toMatchObject({ engine, seeded: true });
      // Demo deposits on by default: said at the start, for whoever runs it with real funds.
      const demo = logLines(server.stdout()).find((l) => String(l.msg).startsWith('demo mode'));
      expect(demo).toMatchObject({ level: 40, seconds: 10 });
      expect(demo?.msg).toContain('DEMO_DEPOSIT_DELAY_SECONDS=0');
      // First start: the operator and demo trader credentials, once, in a box on stdout.
      expect(server.stdout()).toContain('FIRST START');
      expect(server.stdout()).toMatch(/admin \/ \S{16}/);
      expect(server.stdout()).toMatch(/demotrader \/ \S{16}/);
      if (engine === 'sqlite') {
        expect(ready?.file).toBe(path.join(dataDir, 'exchange.db'));
        expect(fs.existsSync(path.join(dataDir, 'exchange.db'))).toBe(true);
      }

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      const stopping = logLines(server.stdout()).find((l) => l.msg === 'shutting down');
      expect(stopping).toMatchObject({ signal: 'SIGTERM' });
      // Every step ran, the database's close last: the process did not just run out of work
      // while a step still waited on a thread that keeps no hold on it (the log's flusher).
      expect(logLines(server.stdout()).find((l) => l.msg === 'shutdown finished')).toMatchObject({
        failed: [],
      });
      expect(server.stderr()).toBe('');
    },
    TIMEOUT,
  );

  it(
    'keeps its data across a restart and does not seed again',
    async () => {
      const port = await freePort();
      const server = start(env(port));
      await waitForHealth(server, port);
      const ready = logLines(server.stdout()).find((l) => l.msg === 'database ready');
      expect(ready).toMatchObject({ engine, seeded: false });
      expect(server.stdout()).not.toContain('FIRST START');
      const coins = (await (await fetch(`http://127.0.0.1:${port}/api/index/coinlist`)).json()) as {
        data: unknown[];
      };
      expect(coins.data).toHaveLength(10);
      server.child.kill('SIGINT');
      expect(await server.exited).toBe(0);
      expect(logLines(server.stdout()).find((l) => l.msg === 'shutting down')).toMatchObject({
        signal: 'SIGINT',
      });
      expect(logLines(server.stdout()).find((l) => l.msg === 'shutdown finished')).toMatchObject({
        failed: [],
      });
    },
    TIMEOUT,
  );

  it(
    'runs its spot thread under a process-wide Node option such as --max-old-space-size',
    async () => {
      // A thread refuses such an option passed to it explicitly; the server must not pass it on.
      const port = await freePort();
      const server = start(env(port), ['--max-old-space-size=512']);
      await waitForHealth(server, port);
      await vi.waitFor(
        async () => {
          const depth = (await (
            await fetch(`http://127.0.0.1:${port}/api/market/depth?pair=btcusdt&limit=1`)
          ).json()) as { data: { bids: unknown[] } };
          // The house's quotes come from the books on the spot thread.
          expect(depth.data.bids).toHaveLength(1);
        },
        { timeout: 15_000, interval: 200 },
      );
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    },
    TIMEOUT,
  );
});

describe('server/main.ts with a bad configuration', () => {
  it.each([
    ['PORT', 'abc'],
    ['LOG_LEVEL', 'loud'],
    ['DATABASE_URL', 'mysql://localhost/x'],
  ])(
    'exits 1 on %s=%s, naming the variable without a stack trace',
    async (name, value) => {
      const server = start({ DATA_DIR: path.join(tmp, 'never'), WEB_ROOT: webRoot, [name]: value });
      expect(await server.exited).toBe(1);
      expect(server.stderr()).toContain('Invalid configuration');
      expect(server.stderr()).toContain(`${name}:`);
      expect(server.stderr()).not.toMatch(/\n\s+at /);
      expect(server.stderr()).not.toContain('ConfigError');
      expect(fs.existsSync(path.join(tmp, 'never'))).toBe(false);
    },
    TIMEOUT,
  );

  it(
    'exits 1 when the data folder cannot be made, naming DATA_DIR without a stack trace',
    async () => {
      const file = path.join(tmp, 'a-file');
      fs.writeFileSync(file, '');
      const server = start({ DATA_DIR: path.join(file, 'data'), WEB_ROOT: webRoot });
      expect(await server.exited).toBe(1);
      expect(server.stderr()).toContain('Cannot start: DATA_DIR');
      expect(server.stderr()).toContain('ENOTDIR');
      expect(server.stderr()).not.toMatch(/\n\s+at /);
    },
    TIMEOUT,
  );

  it(
    'waits for a database it cannot reach, a line per attempt, then exits 1 naming DATABASE_URL without a stack trace',
    async () => {
      const started = Date.now();
      const server = start({
        DATA_DIR: path.join(tmp, 'unreached'),
        WEB_ROOT: webRoot,
        DATABASE_URL: REFUSED_URL.replace('postgres@', 'postgres:s3cret@'),
        DATABASE_WAIT_SECONDS: '2',
      });
      expect(await server.exited).toBe(1);
      expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
      const lines = server.stderr().trim().split('\n');
      const waits = lines.filter((l) => l.startsWith('Waiting for the database'));
      expect(waits.length).toBeGreaterThanOrEqual(2);
      expect(waits[0]).toBe(
        'Waiting for the database, DATABASE_URL (postgres://postgres@127.0.0.1:1/nowhere): ECONNREFUSED connect ECONNREFUSED 127.0.0.1:1 (attempt 1, again in 500 ms)',
      );
      expect(lines.at(-1)).toBe(
        'Cannot start: DATABASE_URL (postgres://postgres@127.0.0.1:1/nowhere): ECONNREFUSED connect ECONNREFUSED 127.0.0.1:1',
      );
      // The password is never printed.
      expect(server.stderr()).not.toContain('s3cret');
      expect(server.stderr()).not.toMatch(/\n\s+at /);
    },
    TIMEOUT,
  );

  it(
    'exits 1 when its port is taken, naming HOST and PORT without a stack trace',
    async () => {
      const taken = net.createServer();
      await new Promise<void>((done) => taken.listen(0, '127.0.0.1', done));
      const port = String((taken.address() as net.AddressInfo).port);
      try {
        const server = start({
          DATA_DIR: path.join(tmp, 'taken'),
          WEB_ROOT: webRoot,
          HOST: '127.0.0.1',
          PORT: port,
        });
        expect(await server.exited).toBe(1);
        expect(server.stderr()).toContain(`Cannot start: HOST / PORT (127.0.0.1:${port}): EADDRINUSE`);
        expect(server.stderr()).not.toMatch(/\n\s+at /);
      } finally {
        taken.close();
      }
    },
    TIMEOUT,
  );
});

/**
 * The whole server while PostgreSQL cannot be reached: through a proxy the test cuts, as the
 * cluster is shared and never stopped.
 */
describe.runIf(TEST_DATABASE_URL)('server/main.ts while PostgreSQL cannot be reached', () => {
  let dropSchema: (() => Promise<void>) | undefined;
  let proxy: Awaited<ReturnType<typeof tcpProxy>> | undefined;
  afterEach(async () => {
    await proxy?.close();
    await dropSchema?.();
    proxy = undefined;
    dropSchema = undefined;
  }, TIMEOUT);

  it(
    'answers 503 and says so in health, serves its pages, recovers, and on SIGTERM attempts every step of stopping',
    async () => {
      const s = await createPgSchema(TEST_DATABASE_URL!);
      dropSchema = s.drop;
      proxy = await tcpProxy(hostOf(TEST_DATABASE_URL!));
      const port = await freePort();
      const server = start({
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: fs.mkdtempSync(path.join(tmp, 'data-outage-')),
        WEB_ROOT: webRoot,
        LOG_LEVEL: 'info',
        DATABASE_URL: proxy.through(s.url),
      });
      await waitForHealth(server, port);
      const get = (p: string) => fetch(`http://127.0.0.1:${port}${p}`);

      await proxy.cut();
      // Once in CI every request here failed to connect for five seconds; what the server said
      // (and whether it was still running) is the clue to why.
      const health = await vi
        .waitFor(
          async () => {
            const res = await get('/api/health');
            expect(res.status).toBe(503);
            return res;
          },
          { timeout: 5000, interval: 100 },
        )
        .catch((err: unknown) => {
          const state = `exit code ${server.child.exitCode}, signal ${server.child.signalCode}`;
          throw new Error(`${String(err)}\nserver (${state}):\n${server.stdout()}\n${server.stderr()}`);
        });
      expect(health.headers.get('retry-after')).toBe('5');
      expect(((await health.json()) as { data: { status: string } }).data.status).toBe(
        'database_unreachable',
      );
      for (let i = 0; i < 20; i++) {
        const res = await get('/api/index/popups');
        expect(res.status).toBe(503);
        expect(res.headers.get('retry-after')).toBe('5');
        expect(await res.json()).toEqual({ code: 503, msg: 'app.msg.service_unavailable', data: null });
      }
      const home = await get('/');
      expect(home.status).toBe(200);
      expect(home.headers.get('content-type')).toMatch(/^text\/html/);
      const outage = logLines(server.stdout()).filter((l) => l.msg === 'database unreachable');
      expect(outage.length).toBeGreaterThanOrEqual(1);
      expect(outage.length).toBeLessThanOrEqual(3);
      expect(logLines(server.stdout()).filter((l) => l.msg === 'unexpected error')).toEqual([]);

      await proxy.restore();
      await vi.waitFor(async () => expect((await get('/api/health')).status).toBe(200), {
        timeout: 5000,
        interval: 100,
      });
      expect((await get('/api/index/popups')).status).toBe(200);

      await proxy.cut();
      const stopAsked = Date.now();
      server.child.kill('SIGTERM');
      const code = await server.exited;
      // Well within the 10 s after which a stuck stop is cut short with exit code 1.
      expect(Date.now() - stopAsked).toBeLessThan(8000);
      const finished = logLines(server.stdout()).find((l) => l.msg === 'shutdown finished') as
        { failed: string[] } | undefined;
      expect(finished).toBeDefined();
      const failedSteps = logLines(server.stdout())
        .filter((l) => l.msg === 'shutdown step failed')
        .map((l) => l.step);
      expect(failedSteps).toEqual(finished!.failed);
      expect(code).toBe(finished!.failed.length > 0 ? 1 : 0);
    },
    TIMEOUT * 2,
  );
});
