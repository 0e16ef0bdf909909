import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

/** Whether process `pid` itself holds the socket listening on `port` (Linux: the listening
 * socket's inode in /proc/net/tcp among the process's open files). Another process's server may
 * answer on a port freePort handed out before this one bound it; that one then exits with
 * EADDRINUSE, and its health check must not have counted the other's answer as its own. */
export const listensOn = (pid: number, port: number): boolean => {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set(
    fs
      .readFileSync('/proc/net/tcp', 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      // local address ends with the port; state 0A is LISTEN; the tenth field is the inode.
      .filter((f) => f[1]?.endsWith(`:${hex}`) && f[3] === '0A')
      .map((f) => `socket:[${f[9]}]`),
  );
  try {
    return fs.readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return inodes.has(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
      } catch {
        return false; // closed meanwhile
      }
    });
  } catch {
    return false; // the process is gone
  }
};

/** Resident memory of a process in MB, from /proc (Linux). */
export const rssMb = (pid: number): number => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
};

/** CPU time a process has used so far, all its threads, in milliseconds, from /proc (Linux, whose
 * /proc counts in hundredths of a second). */
export const cpuMs = (pid: number): number => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

/** The environment of the real server started for a benchmark or a browser test: on loopback at
 * `port`, its own data directory and embedded database (never a DATABASE_URL inherited from the
 * shell), quiet logs. */
export const serverEnv = (
  port: number,
  dataDir: string,
  webRoot: string,
  env: Record<string, string> = {},
): NodeJS.ProcessEnv => ({
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  WEB_ROOT: webRoot,
  // As the server runs by default: what it logs is part of what an order costs.
  LOG_LEVEL: 'info',
  DATABASE_URL: '',
  ...env,
});

/** The real exchange server in its own process (so its memory is its own), on loopback, with a
 * fresh embedded database. BENCH_NODE_ARGS adds Node flags to it (say `--cpu-prof` to profile);
 * BENCH_SERVER_STDOUT names a file to keep what it prints (say with `--trace-gc`).
 * `entry` runs another server in its place (the HTTP floor's), started and stopped alike. */
export const startServerProcess = async (
  opts: { dataDir?: string; env?: Record<string, string>; entry?: string } = {},
) => {
  const port = await freePort();
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-bench-srv-'));
  const stdout = process.env.BENCH_SERVER_STDOUT
    ? fs.openSync(process.env.BENCH_SERVER_STDOUT, 'w')
    : 'ignore';
  const child: ChildProcess = spawn(
    process.execPath,
    [...(process.env.BENCH_NODE_ARGS?.split(' ') ?? []), '--import', 'tsx', opts.entry ?? 'server/main.ts'],
    {
      cwd: root,
      env: serverEnv(port, dataDir, dataDir, {
        RATE_LIMIT_PER_MINUTE: '1000000',
        WS_CONNECTIONS_PER_ADDRESS: '1000000',
        CONNECTIONS_PER_ADDRESS: '1000000',
        ...opts.env,
      }),
      stdio: ['ignore', stdout, 'inherit'],
    },
  );
  // The child holds its own copy of the file; this process's would stay open until it exits.
  if (typeof stdout === 'number') fs.closeSync(stdout);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error('bench server exited');
    try {
      if (listensOn(child.pid!, port) && (await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not yet listening
    }
    if (i > 300) {
      // Left running, it would hold its port and a core, and slow every start after it.
      child.kill('SIGKILL');
      throw new Error('bench server did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => {
          fs.rmSync(dataDir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
};

export const percentile = (sorted: ArrayLike<number>, p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
