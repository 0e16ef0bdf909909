import { describe, expect, it } from 'vitest';
import { DepthMirror } from '../../../../server/spot/thread/depthMirror';

const mirror = () => {
  const asked: number[] = [];
  const m = new DepthMirror('btcusdt', 2, () => asked.push(1));
  m.reset({ pair: 'btcusdt', seq: 5, ts: 1, bids: [['99.00', '1.0']], asks: [['101.00', '2.0']] });
  return { m, asked };
};

describe('depth mirror', () => {
  it('applies diffs that follow it, best levels first, a zero size removing its level', () => {
    const { m, asked } = mirror();
    m.apply({
      seq: 6,
      prev: 5,
      ts: 2,
      bids: [
        ['100.50', '3.0'],
        ['9.00', '1.0'],
      ],
      asks: [['101.00', '0.0']],
    });
    m.apply({
      seq: 7,
      prev: 6,
      ts: 3,
      bids: [],
      asks: [
        ['102.00', '1.5'],
        ['101.50', '0.5'],
      ],
    });
    expect(m.snapshot(2)).toEqual({
      pair: 'btcusdt',
      seq: 7,
      ts: 3,
      // Compared as numbers, not as text: 9.00 is the lowest bid.
      bids: [
        ['100.50', '3.0'],
        ['99.00', '1.0'],
      ],
      asks: [
        ['101.50', '0.5'],
        ['102.00', '1.5'],
      ],
    });
    expect(asked).toEqual([]);
  });

  it('skips a diff the snapshot already holds', () => {
    const { m, asked } = mirror();
    m.apply({ seq: 5, prev: 4, ts: 1, bids: [['98.00', '1.0']], asks: [] });
    expect(m.snapshot(10).bids).toEqual([['99.00', '1.0']]);
    expect(asked).toEqual([]);
  });

  it('on a gap asks for a snapshot once and drops diffs until it comes', () => {
    const { m, asked } = mirror();
    m.apply({ seq: 8, prev: 7, ts: 2, bids: [['98.00', '1.0']], asks: [] });
    m.apply({ seq: 9, prev: 8, ts: 3, bids: [['97.00', '1.0']], asks: [] });
    expect(asked).toEqual([1]);
    expect(m.snapshot(10).seq).toBe(5);
    expect(m.snapshot(10).bids).toEqual([['99.00', '1.0']]);

    m.reset({ pair: 'btcusdt', seq: 9, ts: 3, bids: [['97.00', '1.0']], asks: [] });
    m.apply({ seq: 10, prev: 9, ts: 4, bids: [['96.00', '2.0']], asks: [] });
    expect(m.snapshot(10)).toMatchObject({
      seq: 10,
      bids: [
        ['97.00', '1.0'],
        ['96.00', '2.0'],
      ],
      asks: [],
    });
    expect(asked).toEqual([1]);
  });
});
