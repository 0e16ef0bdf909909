import { Worker, type WorkerOptions } from 'node:worker_threads';

/** The thread runs TypeScript as the server does: through tsx, added when this process was not
 * started with it (the test runner). Otherwise it inherits this process's options as Node does by
 * default: passed explicitly, a process-wide one such as --max-old-space-size is refused. */
const execArgv = process.execArgv.some((a) => a.includes('tsx')) ? undefined : ['--import', 'tsx'];

/** A worker thread whose entry (`boot`, a `.mjs` that registers tsx again, see
 * spot/thread/boot.mjs) imports TypeScript modules. */
export const tsWorker = (boot: URL, options: Omit<WorkerOptions, 'execArgv'>) =>
  new Worker(boot, { ...options, execArgv });
