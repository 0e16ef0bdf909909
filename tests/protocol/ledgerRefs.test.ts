import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LEDGER_SOURCES, ledgerRef, sourceOfRef } from '../../protocol/ledgerRefs';

describe('ledger refs', () => {
  it('reads back what every source and id were written as', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LEDGER_SOURCES), fc.nat(), (source, id) => {
        expect(sourceOfRef(ledgerRef(source, id))).toEqual({ source, id });
      }),
    );
  });

  it.each([
    'seed',
    'demo:',
    'order:',
    'order:1:2',
    'order:-1',
    'order:1.5',
    'order: 1',
    'trade:4',
    'order:1e3',
    `order:${'9'.repeat(20)}`,
  ])('names nothing to open for %j', (ref) => expect(sourceOfRef(ref)).toBeUndefined());
});
