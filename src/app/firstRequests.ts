import { marketApi } from '../api/market';
import { prefetch } from '../api/prefetch';
import { siteApi } from '../api/site';

/** For public screens, the request their largest element waits on (the home banner, the pair's
 * name on market detail), started alongside the screen's code rather than after it. */
const FIRST_REQUEST: Partial<Record<string, () => Promise<unknown>>> = {
  home: siteApi.carousel,
  marketDetail: marketApi.pairs,
};

export const prefetchFor = (routeName: string) => {
  const load = FIRST_REQUEST[routeName];
  if (load) prefetch(load);
};
