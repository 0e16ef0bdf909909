import { Decimal } from '../../components/decimal';
import type { PairInfo, Ticker } from '../../../protocol';

export type SortKey = 'name' | 'price' | 'change' | 'volume';
export type SortDir = 'asc' | 'desc';
export type MarketTab = 'favourites' | 'usdt';

export interface Arrangement {
  tab: MarketTab;
  query: string;
  sort: SortKey | null;
  dir: SortDir;
}

const valueOf = (key: Exclude<SortKey, 'name'>, t: Ticker | undefined) =>
  t ? new Decimal(key === 'price' ? t.last : key === 'change' ? t.changePercent : t.quoteVolume) : null;

/** The market list as the reader asked for it: the tab's pairs, those matching the search (by
 * coin or pair name), sorted by the chosen column; pairs without figures yet go last. */
export const arrangePairs = (
  pairs: readonly PairInfo[],
  tickers: ReadonlyMap<string, Ticker> | undefined,
  favourites: readonly string[],
  { tab, query, sort, dir }: Arrangement,
): PairInfo[] => {
  // A Japanese or Chinese keyboard often writes Latin letters full-width ('ＢＴＣ', '／'): NFKC
  // makes them the letters the pairs are named with.
  const q = query.normalize('NFKC').trim().toLowerCase().replace(/[\s/]/g, '');
  let list = pairs.filter((p) => (tab === 'favourites' ? favourites.includes(p.symbol) : p.quote === 'USDT'));
  if (q) list = list.filter((p) => p.symbol.includes(q) || p.base.toLowerCase().includes(q));
  if (!sort) return list;
  const sign = dir === 'asc' ? 1 : -1;
  return [...list].sort((a, b) => {
    if (sort === 'name') return sign * a.name.localeCompare(b.name);
    const x = valueOf(sort, tickers?.get(a.symbol));
    const y = valueOf(sort, tickers?.get(b.symbol));
    if (!x || !y) return x ? -1 : y ? 1 : 0;
    return sign * x.comparedTo(y);
  });
};

/** The next sort after a click on a column: descending first, then ascending, then off. */
export const nextSort = (
  current: Pick<Arrangement, 'sort' | 'dir'>,
  key: SortKey,
): Pick<Arrangement, 'sort' | 'dir'> => {
  if (current.sort !== key) return { sort: key, dir: key === 'name' ? 'asc' : 'desc' };
  const first: SortDir = key === 'name' ? 'asc' : 'desc';
  if (current.dir === first) return { sort: key, dir: first === 'asc' ? 'desc' : 'asc' };
  return { sort: null, dir: 'desc' };
};
