import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flushAsker, startLogFlusher, type LogFlusher } from '../../../../server/spot/thread/logFlusher';

describe('the log’s flusher for the spot thread', () => {
  let dir: string;
  let flusher: LogFlusher | undefined;

  const start = (walFile?: string) => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'log-flusher-'));
    const log = walFile ?? path.join(dir, 'exchange.db-wal');
    if (!walFile) fs.writeFileSync(log, 'frames');
    const fallback = vi.fn((_writes: number) => Promise.resolve());
    const onError = vi.fn();
    const onFailure = vi.fn();
    flusher = startLogFlusher({ walFile: log, fallback, onError, onFailure });
    return { flusher, ask: flushAsker(flusher.shared), fallback, onError, onFailure };
  };

  /** Whether `p` has settled within a few milliseconds. */
  const settles = (p: Promise<void>) =>
    Promise.race([p.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 30))]);

  afterEach(async () => {
    await flusher?.stop();
    flusher = undefined;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('covers at once the writes it has flushed, and the others once the spot thread asks for them', async () => {
    const { flusher, ask, fallback } = start();
    expect(flusher.covering(0)).toBeUndefined();
    const third = flusher.covering(3)!;
    expect(third).toBeInstanceOf(Promise);
    expect(await settles(third)).toBe(false);
    ask(2);
    // A flush past the second write does not cover the third.
    await vi.waitFor(() => expect(flusher.covering(2)).toBeUndefined());
    expect(await settles(third)).toBe(false);
    ask(3);
    await third;
    expect(flusher.covering(3)).toBeUndefined();
    expect(flusher.covering(1)).toBeUndefined();
    ask(5);
    await flusher.covering(5);
    expect(fallback).not.toHaveBeenCalled();
  });

  it('once stopped, leaves what it had not flushed to the fallback, for waiters and later callers', async () => {
    const { flusher, ask, fallback } = start();
    ask(1);
    await flusher.covering(1);
    const waiting = flusher.covering(4)!;
    await flusher.stop();
    await waiting;
    expect(fallback).toHaveBeenCalledWith(4);
    expect(flusher.covering(1)).toBeUndefined();
    await flusher.covering(6);
    expect(fallback).toHaveBeenLastCalledWith(6);
  });

  it('tells a log it cannot flush as a failure, counts nothing flushed, and leaves its waiters to the fallback', async () => {
    const { flusher, ask, fallback, onFailure } = start(
      path.join(os.tmpdir(), 'no-such-dir', 'exchange.db-wal'),
    );
    const waiting = flusher.covering(1)!;
    ask(1);
    await vi.waitFor(() => expect(onFailure).toHaveBeenCalledTimes(1));
    expect(String(onFailure.mock.calls[0]![0])).toMatch(/ENOENT/);
    await waiting;
    expect(fallback).toHaveBeenCalledWith(1);
  });
});
