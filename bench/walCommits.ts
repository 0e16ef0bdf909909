import fs from 'node:fs';

const WAL_HEADER = 32;
const FRAME_HEADER = 24;

/**
 * Reads a SQLite write-ahead log as it grows: each call returns the page numbers of the
 * transactions committed to it since the last call, one list a commit. The log starts over after
 * a checkpoint, under new salts in its header; frames left from before carry the old ones.
 */
export const walCommits = (dbFile: string) => {
  const fd = fs.openSync(`${dbFile}-wal`, 'r');
  const header = Buffer.alloc(WAL_HEADER);
  let salts = '';
  let offset = WAL_HEADER;
  return {
    read(): number[][] {
      if (fs.readSync(fd, header, 0, WAL_HEADER, 0) < WAL_HEADER) return [];
      const pageSize = header.readUInt32BE(8);
      const frameSize = FRAME_HEADER + pageSize;
      const now = header.toString('hex', 16, 24);
      if (now !== salts) {
        salts = now;
        offset = WAL_HEADER;
      }
      const size = fs.fstatSync(fd).size;
      const frames = Math.floor((size - offset) / frameSize);
      if (frames <= 0) return [];
      const buf = Buffer.alloc(frames * frameSize);
      fs.readSync(fd, buf, 0, buf.length, offset);
      const commits: number[][] = [];
      let pages: number[] = [];
      // Frames past the last commit frame belong to a transaction still being written.
      let committed = 0;
      for (let i = 0; i < frames; i++) {
        const at = i * frameSize;
        if (buf.toString('hex', at + 8, at + 16) !== salts) break;
        pages.push(buf.readUInt32BE(at));
        if (buf.readUInt32BE(at + 4) !== 0) {
          commits.push(pages);
          pages = [];
          committed = i + 1;
        }
      }
      offset += committed * frameSize;
      return commits;
    },
    close: () => fs.closeSync(fd),
  };
};
