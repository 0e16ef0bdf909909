import { PLEDGE_STATUSES, type PledgeStatus } from '../../../protocol/defiRules';
import type { Seek } from '../../hooks/usePages';

export const [EARNING, SETTLED] = PLEDGE_STATUSES;

/** The tab /defi/pledgeRecord shows and the pledge it is still looking for, if any. */
interface PledgeView {
  status: PledgeStatus;
  seek?: Seek;
}

type PledgeViewEvent =
  /** A person picked a tab: looking for anything stops there. */
  | { type: 'show'; status: PledgeStatus }
  /** The tab's pages came in: the pledge looked for is among them or not, `shown` pages in all. */
  | { type: 'looked'; found: boolean; shown: number };

/** The pledge picked out is sought among those earning, then among those settled with the pages
 * left (it may have settled since the entry that led here), and given up on the first tab should
 * it be in neither. Found, it is sought no more: one that settles later leaves its tab without
 * taking the reader along. */
export const nextPledgeView = (view: PledgeView, event: PledgeViewEvent): PledgeView => {
  if (event.type === 'show') return { status: event.status };
  if (!view.seek) return view;
  if (event.found) return { status: view.status };
  const left = view.seek.pages - event.shown - 1;
  if (view.status === EARNING && left > 0)
    return { status: SETTLED, seek: { id: view.seek.id, pages: left } };
  return { status: EARNING };
};
