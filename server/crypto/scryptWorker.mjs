// Plain JavaScript: a worker thread does not get the TypeScript loader the server runs under.
import { parentPort } from 'node:worker_threads';
import { scryptSync } from 'node:crypto';

/**
 * Password hashing on a thread of its own (see scryptThread.ts). `scryptSync` on purpose: the
 * asynchronous `scrypt` would hand the work to libuv's pool, which is shared by every thread of
 * the process and also runs the write-ahead log's flushes.
 */
parentPort?.on('message', ({ id, password, salt, n, r, p, keyLength }) => {
  try {
    const key = scryptSync(password, salt, keyLength, { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 });
    parentPort?.postMessage({ id, key });
  } catch (err) {
    parentPort?.postMessage({ id, error: String(err) });
  }
});
