import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConnectionBanner } from '../../components/ConnectionBanner';
import { NavBar } from '../../components/NavBar';
import { usePairs, useTickersEvery } from '../../hooks/useMarket';
import { useTabList } from '../../hooks/useTabList';
import { arrangePairs, nextSort, type Arrangement, type MarketTab, type SortKey } from './arrange';
import { toggleFavourite, useFavourites } from './favourites';
import { MarketRow } from './MarketRow';

/** How often the list may reorder when sorted by a live figure. */
const REORDER_MS = 1000;

const TABS: Array<{ id: MarketTab; label: string }> = [
  { id: 'favourites', label: 'market.favourites' },
  { id: 'usdt', label: 'market.usdt' },
];
const TAB_IDS = TABS.map(({ id }) => id);

const SortButton = ({
  id,
  label,
  state,
  onSort,
}: {
  id: SortKey;
  label: string;
  state: Pick<Arrangement, 'sort' | 'dir'>;
  onSort: (key: SortKey) => void;
}) => {
  const { t } = useTranslation();
  const active = state.sort === id;
  return (
    <button
      type="button"
      className={`sort-btn${active ? ' is-active' : ''}`}
      // aria-sort belongs to a table's column header, which assistive technology ignores on a
      // button: the order is said in the button's name instead.
      aria-pressed={active}
      aria-label={
        active ? `${label} (${t(state.dir === 'asc' ? 'market.sortedAsc' : 'market.sortedDesc')})` : undefined
      }
      onClick={() => onSort(id)}
    >
      {label}
      <span className="sort-btn__arrows" aria-hidden="true">
        {active ? (state.dir === 'asc' ? '▲' : '▼') : '↕'}
      </span>
    </button>
  );
};

/** All pairs: favourites and USDT tabs, a search, and sorting by name, price, change or volume. */
const MarketScreen = () => {
  const { t } = useTranslation();
  const pairs = usePairs();
  const tickers = useTickersEvery(REORDER_MS);
  const favourites = useFavourites();
  const [tab, setTab] = useState<MarketTab>(() => (favourites.length > 0 ? 'favourites' : 'usdt'));
  const { tab: tabProps, panel } = useTabList(TAB_IDS, tab, setTab);
  const [query, setQuery] = useState('');
  const [sortState, setSortState] = useState<Pick<Arrangement, 'sort' | 'dir'>>({ sort: null, dir: 'desc' });
  const onSort = useCallback((key: SortKey) => setSortState((s) => nextSort(s, key)), []);
  const onStar = useCallback((symbol: string) => toggleFavourite(symbol), []);
  // Rows reorder on the sampled tickers only when sorted by a live figure.
  const live = sortState.sort !== null && sortState.sort !== 'name';
  const rankBy = live ? tickers : undefined;
  const rows = useMemo(
    () => arrangePairs(pairs ?? [], rankBy, favourites, { tab, query, ...sortState }),
    [pairs, rankBy, favourites, tab, query, sortState],
  );

  return (
    <div className="market">
      <NavBar title={t('route.market')} back={false} />
      <ConnectionBanner />
      <div className="market__tools">
        <div className="segmented" role="tablist" aria-label={t('route.market')}>
          {TABS.map(({ id, label }) => (
            <button key={id} {...tabProps(id)} className={`segmented__item${tab === id ? ' is-active' : ''}`}>
              {t(label)}
            </button>
          ))}
        </div>
        <input
          type="search"
          className="search"
          placeholder={t('market.search')}
          aria-label={t('market.search')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      <div className="market-head">
        <SortButton id="name" label={t('market.sortName')} state={sortState} onSort={onSort} />
        <SortButton id="volume" label={t('market.sortVolume')} state={sortState} onSort={onSort} />
        <SortButton id="price" label={t('market.sortPrice')} state={sortState} onSort={onSort} />
        <SortButton id="change" label={t('market.sortChange')} state={sortState} onSort={onSort} />
      </div>
      <div {...panel}>
        {pairs && rows.length === 0 ? (
          <section className="empty-state">
            <p className="empty-state__text">
              {t(tab === 'favourites' && !query ? 'market.noFavourites' : 'market.noMatch')}
            </p>
          </section>
        ) : (
          <ul className="market-list" aria-label={t('market.list')}>
            {rows.map((p) => (
              <MarketRow key={p.symbol} pair={p} starred={favourites.includes(p.symbol)} onStar={onStar} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
};

export default MarketScreen;
