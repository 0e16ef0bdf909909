import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, listensOn, serverEnv } from '../../../bench/serverProcess';

const root = path.resolve(__dirname, '../../..');

const START_TIMEOUT_MS = 60_000;
const UNASKED_EXIT_OUTPUT_CHARS = 20_000;

export interface RunningServer {
  url: string;
  dataDir: string;
  logs(): string;
  /** Stops the process (SIGTERM: the server closes every socket on its way out). */
  halt(): Promise<void>;
  /** Starts it again on the same port and data directory (nothing to do while it runs). */
  resume(): Promise<void>;
  /** Stops it for good and removes its data. */
  stop(): Promise<void>;
}

/** Another test file's server may take the port between freePort closing it and this server
 * binding it (each file runs in its own process). This server then exits with EADDRINUSE while the
 * other one answers its health check, so a server counts as started only once it holds the
 * listening socket itself (listensOn), and a taken port is swapped for another a few times. */
const PORT_ATTEMPTS = 5;

/** The real exchange server on a free port with a fresh data directory. It can also go away and
 * come back at the same address with the same data, as a deploy or a crash does to its users. */
export const startServer = async (
  webRoot: string,
  env: Record<string, string> = {},
): Promise<RunningServer> => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-data-'));
  let port = 0;
  let output = '';
  let child: ChildProcess | undefined;
  let halting = false;
  const url = () => `http://127.0.0.1:${port}`;

  const launch = async () => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: serverEnv(port, dataDir, webRoot, env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    const from = output.length;
    proc.stdout?.on('data', (d) => (output += d));
    proc.stderr?.on('data', (d) => (output += d));
    // A server that dies in the middle of a test file leaves only connection errors behind; its
    // own last words are the one clue to why, so they go to the test run's output.
    let started = false;
    proc.once('exit', (code, signal) => {
      if (halting || !started) return;
      process.stderr.write(
        `\nexchange server on ${url()} exited unasked (code ${code}, signal ${signal}); its output:\n${output.slice(-UNASKED_EXIT_OUTPUT_CHARS)}\n`,
      );
    });
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      if (proc.exitCode !== null) {
        const said = output.slice(from);
        throw Object.assign(new Error(`server exited early:\n${said}`), {
          portTaken: said.includes('EADDRINUSE'),
        });
      }
      if (listensOn(proc.pid!, port)) {
        try {
          if ((await fetch(`${url()}/api/health`)).ok) {
            started = true;
            return;
          }
        } catch {
          // listening, not answering yet
        }
      }
      if (Date.now() > deadline) {
        // Left running, it would hold its port and a core, and slow every start after it.
        proc.kill('SIGKILL');
        throw new Error(`server did not start:\n${output.slice(from)}`);
      }
      await new Promise((r) => setTimeout(r, 150));
    }
  };

  const up = () => child !== undefined && child.exitCode === null && child.signalCode === null;

  const halt = () =>
    new Promise<void>((resolve) => {
      const proc = child;
      if (!proc || !up()) return resolve();
      halting = true;
      proc.once('exit', () => {
        halting = false;
        resolve();
      });
      proc.kill('SIGTERM');
    });

  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    try {
      await launch();
      break;
    } catch (err) {
      if (!(err as { portTaken?: boolean }).portTaken || attempt === PORT_ATTEMPTS) throw err;
    }
  }
  return {
    url: url(),
    dataDir,
    logs: () => output,
    halt,
    resume: async () => {
      if (!up()) await launch();
    },
    stop: async () => {
      await halt();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
