import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, serverEnv } from '../../../bench/serverProcess';

const root = path.resolve(__dirname, '../../..');

const START_TIMEOUT_MS = 60_000;

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

/** The real exchange server on a free port with a fresh data directory. It can also go away and
 * come back at the same address with the same data, as a deploy or a crash does to its users. */
export const startServer = async (
  webRoot: string,
  env: Record<string, string> = {},
): Promise<RunningServer> => {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-data-'));
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  let child: ChildProcess | undefined;

  const launch = async () => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: serverEnv(port, dataDir, webRoot, env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    proc.stdout?.on('data', (d) => (output += d));
    proc.stderr?.on('data', (d) => (output += d));
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`server exited early:\n${output}`);
      try {
        if ((await fetch(`${url}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 150));
    }
  };

  const up = () => child !== undefined && child.exitCode === null && child.signalCode === null;

  const halt = () =>
    new Promise<void>((resolve) => {
      const proc = child;
      if (!proc || !up()) return resolve();
      proc.once('exit', () => resolve());
      proc.kill('SIGTERM');
    });

  await launch();
  return {
    url,
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
