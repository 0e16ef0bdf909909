import fs from 'node:fs/promises';
import path from 'node:path';
import type { FileStore } from '../../domain/accounts/ports';

/** Uploaded files on disk, in one folder, under the random names the rules give them. Names are
 * checked so a stored name can never point outside the folder. */
export const diskFileStore = (dir: string): FileStore => {
  const full = (name: string) => {
    if (!/^[a-f0-9]{32}\.[a-z]{3,4}$/.test(name)) throw new Error(`bad upload file name: ${name}`);
    return path.join(dir, name);
  };
  return {
    write: async (name, bytes) => {
      await fs.mkdir(dir, { recursive: true });
      // wx: never overwrite an existing file.
      await fs.writeFile(full(name), bytes, { flag: 'wx', mode: 0o600 });
    },
    read: (name) => fs.readFile(full(name)),
    remove: async (name) => {
      await fs.rm(full(name), { force: true });
    },
  };
};
