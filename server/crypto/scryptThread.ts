import { Worker } from 'node:worker_threads';

/**
 * Password hashes, computed one after another on a thread of their own (scryptWorker.mjs). A hash
 * at OWASP's cost takes about a third of a second of one core: on libuv's pool (four threads,
 * shared by the whole process) four logins at once would hold up every flush of the write-ahead
 * log, so every order, for that long. On one thread of its own, a burst of logins waits for
 * itself and leaves the other core to the exchange.
 *
 * The thread starts with the first hash and holds the process open only while a hash is under
 * way. If it dies (out of memory, say), the hashes it held fail and the next one starts a new one.
 */

/** Hashes waiting at most behind the one under way: past this a caller is refused at once
 * (`HashingBusy`) rather than made to wait many seconds. */
export const MAX_WAITING = 16;

/** The hashing thread has more waiting than it should take on: try again shortly. */
export class HashingBusy extends Error {
  constructor() {
    super('password hashing is busy');
  }
}

type Job = { resolve: (key: Buffer) => void; reject: (err: Error) => void };
type Answer = { id: number; key?: Uint8Array; error?: string };

let thread: Worker | undefined;
let nextId = 0;
const jobs = new Map<number, Job>();

const failAll = (err: Error) => {
  for (const job of jobs.values()) job.reject(err);
  jobs.clear();
};

const start = () => {
  const worker = new Worker(new URL('./scryptWorker.mjs', import.meta.url));
  worker.on('message', ({ id, key, error }: Answer) => {
    const job = jobs.get(id);
    if (!job) return;
    jobs.delete(id);
    if (jobs.size === 0) worker.unref();
    if (key) job.resolve(Buffer.from(key.buffer, key.byteOffset, key.byteLength));
    else job.reject(new Error(error));
  });
  const lost = (err: Error) => {
    if (thread !== worker) return;
    thread = undefined;
    failAll(err);
  };
  worker.on('error', lost);
  worker.on('exit', (code) => lost(new Error(`password hashing thread exited with code ${code}`)));
  return worker;
};

/** scrypt of `password` and `salt` into `keyLength` bytes, on the hashing thread. */
export const scryptOnThread = (
  password: string,
  salt: Buffer,
  keyLength: number,
  cost: { n: number; r: number; p: number },
): Promise<Buffer> => {
  if (jobs.size > MAX_WAITING) return Promise.reject(new HashingBusy());
  thread ??= start();
  thread.ref();
  const id = nextId++;
  const worker = thread;
  return new Promise<Buffer>((resolve, reject) => {
    jobs.set(id, { resolve, reject });
    worker.postMessage({ id, password, salt, keyLength, ...cost });
  });
};
