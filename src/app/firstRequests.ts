import { marketApi } from '../api/market';
import { preload, prefetch } from '../api/prefetch';
import { siteApi } from '../api/site';
import { requestLocale } from '../state/locale';
import { boot } from './boot';

/** For public screens, the request their largest element waits on (the home banner, the pair's
 * name on market detail), started alongside the screen's code rather than after it. The pairs
 * usually came with the page (app/boot.ts) and need no request at all. */
const FIRST_REQUEST: Partial<Record<string, () => Promise<unknown>>> = {
  home: siteApi.carousel,
  ...(boot.pairs ? {} : { marketDetail: marketApi.pairs }),
};

export const prefetchFor = (routeName: string) => {
  // The page carried the home carousel (once: a later visit home asks again), in the reader's
  // language unless the server guessed it wrong.
  const carousel = routeName === 'home' ? boot.carousel : undefined;
  if (carousel) {
    delete boot.carousel;
    if (carousel.locale === requestLocale())
      return preload(siteApi.carousel, carousel.items, carousel.locale);
  }
  const load = FIRST_REQUEST[routeName];
  if (load) prefetch(load);
};
