import { describe, expect, it } from 'vitest';
import { coveringFlush } from '../../../../server/spot/thread/coveringFlush';

/** A flush log that records each flush asked for and lets the test end each one. */
const flushes = () => {
  const asked: Array<() => void> = [];
  const flushLog = () => new Promise<void>((resolve) => asked.push(resolve));
  return { asked, flushLog };
};

const settled = async (p: Promise<void>) => {
  let done = false;
  void p.then(() => (done = true));
  await new Promise((r) => setTimeout(r, 0));
  return done;
};

describe('coveringFlush', () => {
  it('asks for a flush for the first batch, and for each batch that tells of writes none covers', async () => {
    const { asked, flushLog } = flushes();
    const flushed = coveringFlush(flushLog);
    void flushed(0);
    expect(asked).toHaveLength(1);
    void flushed(3);
    expect(asked).toHaveLength(2);
    void flushed(4);
    expect(asked).toHaveLength(3);
  });

  it('lets batches of writes already covered wait for the flush asked for them, not another', async () => {
    const { asked, flushLog } = flushes();
    const flushed = coveringFlush(flushLog);
    const first = flushed(2);
    const second = flushed(2);
    const earlier = flushed(1);
    expect(asked).toHaveLength(1);
    expect(await settled(second)).toBe(false);
    asked[0]!();
    expect(await settled(first)).toBe(true);
    expect(await settled(second)).toBe(true);
    expect(await settled(earlier)).toBe(true);
  });

  it('holds a batch of new writes until its own flush ends, whatever an earlier one does', async () => {
    const { asked, flushLog } = flushes();
    const flushed = coveringFlush(flushLog);
    const first = flushed(1);
    const next = flushed(2);
    asked[0]!();
    expect(await settled(first)).toBe(true);
    expect(await settled(next)).toBe(false);
    asked[1]!();
    expect(await settled(next)).toBe(true);
  });

  it('passes a failed flush on to every batch that waits for it', async () => {
    const flushed = coveringFlush(() => Promise.reject(new Error('disk')));
    await expect(flushed(1)).rejects.toThrow('disk');
    await expect(flushed(1)).rejects.toThrow('disk');
  });
});
