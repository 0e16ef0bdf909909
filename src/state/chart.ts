import { proxy } from 'valtio';
import type { Interval } from '../../protocol/market';

/** The chart interval the reader chose, kept while the app is open: coming back from the trade
 * screen, or opening another pair, shows the chart as they left it rather than at 15 minutes. */
export const chartState = proxy<{ interval: Interval }>({ interval: '15m' });
