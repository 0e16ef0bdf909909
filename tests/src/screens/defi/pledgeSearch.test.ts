import { describe, expect, it } from 'vitest';
import { EARNING, nextPledgeView, SETTLED } from '../../../../src/screens/defi/pledgeSearch';

describe('nextPledgeView', () => {
  const seeking = { status: EARNING, seek: { id: 7, pages: 20 } };

  it('stops looking once the pledge is among the pages, staying on its tab', () => {
    expect(nextPledgeView(seeking, { type: 'looked', found: true, shown: 3 })).toEqual({ status: EARNING });
    expect(
      nextPledgeView(
        { status: SETTLED, seek: { id: 7, pages: 5 } },
        { type: 'looked', found: true, shown: 1 },
      ),
    ).toEqual({ status: SETTLED });
  });

  it('looks among the settled with the pages the earning tab left', () => {
    expect(nextPledgeView(seeking, { type: 'looked', found: false, shown: 3 })).toEqual({
      status: SETTLED,
      seek: { id: 7, pages: 16 },
    });
  });

  it('gives up on the first tab when the earning tab used every page, or the settled tab too', () => {
    expect(nextPledgeView(seeking, { type: 'looked', found: false, shown: 19 })).toEqual({ status: EARNING });
    expect(
      nextPledgeView(
        { status: SETTLED, seek: { id: 7, pages: 16 } },
        { type: 'looked', found: false, shown: 16 },
      ),
    ).toEqual({ status: EARNING });
  });

  it('changes nothing once nothing is looked for', () => {
    const view = { status: SETTLED };
    expect(nextPledgeView(view, { type: 'looked', found: false, shown: 2 })).toBe(view);
  });

  it('a tab a person picks ends the looking', () => {
    expect(nextPledgeView(seeking, { type: 'show', status: SETTLED })).toEqual({ status: SETTLED });
  });
});
