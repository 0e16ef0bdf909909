// Plain JavaScript: shared with the log's flusher thread (spot/thread/logFlusherThread.mjs), which
// does not get the TypeScript loader the server runs under.
import fs from 'node:fs';
import path from 'node:path';

/**
 * A descriptor of the write-ahead log `walFile` to flush it through: `fd` while it still names the
 * log, else the log opened afresh. A log removed and made again (a journal mode switch, a copy put
 * in place) is a new file, and its directory entry must survive too: it is flushed once, when the
 * log is first opened. The caller closes `fd` when it gets another back.
 */
export const currentLog = (walFile, fd) => {
  if (fd !== undefined && fs.fstatSync(fd).nlink > 0) return fd;
  const opened = fs.openSync(walFile, 'r');
  try {
    const dir = fs.openSync(path.dirname(walFile), 'r');
    try {
      fs.fsyncSync(dir);
    } finally {
      fs.closeSync(dir);
    }
  } catch (err) {
    fs.closeSync(opened);
    throw err;
  }
  return opened;
};
