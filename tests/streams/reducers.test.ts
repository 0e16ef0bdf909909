import { describe, expect, it } from 'vitest';
import type { Ticker, Trade } from '../../protocol';
import { compareDecimal } from '../../streams/decimalOrder';
import {
  GAP,
  applyDepth,
  applyKline,
  applyTickers,
  applyTrades,
  bookFromSnapshot,
  bookLevels,
} from '../../streams/reducers';

const k = (t: number, c = '1') => ({ t, o: c, h: c, l: c, c, v: '1' });

describe('stream reducers', () => {
  it('keep candles forward-only', () => {
    const list = [k(0), k(60)];
    expect(applyKline(list, k(60, '2'))).toEqual([k(0), k(60, '2')]);
    expect(applyKline(list, k(120))).toEqual([k(0), k(60), k(120)]);
    expect(applyKline(list, k(0, '9'))).toBe(list);
    expect(applyKline([], k(5))).toEqual([k(5)]);
  });

  it('take a ticker only when it is not older than the one held', () => {
    const t = (ts: number, last: string) => ({ pair: 'btcusdt', ts, last }) as Ticker;
    const m = applyTickers(new Map(), [t(2, 'a')]);
    expect(applyTickers(m, [t(1, 'old')])).toBe(m);
    expect(applyTickers(m, [t(3, 'new')]).get('btcusdt')?.last).toBe('new');
  });

  it('prepend only trades newer than the newest held', () => {
    const tr = (id: number) => ({ id, price: '1', qty: '1', side: 'buy', ts: id }) as Trade;
    const list = [tr(5), tr(4)];
    expect(applyTrades(list, [tr(4), tr(5)])).toBe(list);
    expect(applyTrades(list, [tr(6), tr(7)]).map((x) => x.id)).toEqual([7, 6, 5, 4]);
  });

  it('apply depth diffs in order, ignore old ones and report a gap', () => {
    const book = bookFromSnapshot({
      seq: 3,
      bids: [
        ['10', '1'],
        ['9.5', '2'],
      ],
      asks: [['11', '1']],
    });
    expect(applyDepth(book, 3, { kind: 'diff', prev: 2, bids: [], asks: [] })).toBe(book);
    expect(applyDepth(book, 5, { kind: 'diff', prev: 4, bids: [], asks: [] })).toBe(GAP);
    const next = applyDepth(book, 4, {
      kind: 'diff',
      prev: 3,
      bids: [
        ['10', '0'],
        ['9.75', '3'],
      ],
      asks: [],
    });
    expect(next).not.toBe(GAP);
    expect(bookLevels(next as typeof book, 10)).toEqual({
      seq: 4,
      bids: [
        ['9.75', '3'],
        ['9.5', '2'],
      ],
      asks: [['11', '1']],
    });
    expect(applyDepth(book, 9, { kind: 'snapshot', bids: [], asks: [['12', '1']] })).toEqual(
      bookFromSnapshot({ seq: 9, bids: [], asks: [['12', '1']] }),
    );
  });

  it('order decimal strings exactly', () => {
    expect(['10', '9.99', '100.0', '0.5', '9.990000001'].sort(compareDecimal)).toEqual([
      '0.5',
      '9.99',
      '9.990000001',
      '10',
      '100.0',
    ]);
    expect(compareDecimal('1.50', '1.5')).toBe(0);
  });
});
