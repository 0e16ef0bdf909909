import { Decimal } from '../../components/decimal';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Ticker } from '../../../protocol';
import { coinPairPath } from '../../../protocol/routes';
import { ChangeBadge } from '../../components/ChangeBadge';
import { PairName } from '../../components/PairName';
import { COLUMN_VOLUME_DIGITS, formatCompact, formatDecimal, trendOf } from '../../components/format';
import { usePairs, useTickersEvery } from '../../hooks/useMarket';
import { useTabList } from '../../hooks/useTabList';

type Board = 'gainers' | 'losers' | 'volume';
const BOARDS: readonly Board[] = ['gainers', 'losers', 'volume'];
const SHOWN = 5;
const REFRESH_MS = 2000;

const rank = (tickers: readonly Ticker[], board: Board) => {
  const desc = (pick: (t: Ticker) => string) =>
    [...tickers].sort((a, b) => new Decimal(pick(b)).comparedTo(pick(a)));
  if (board === 'volume') return desc((t) => t.quoteVolume);
  // A gainer went up and a loser went down: a board may be short, never misleading.
  const byChange = desc((t) => t.changePercent);
  return board === 'gainers'
    ? byChange.filter((t) => trendOf(t.changePercent) === 'up')
    : byChange.reverse().filter((t) => trendOf(t.changePercent) === 'down');
};

/** Top gainers, losers and volume over 24 hours; re-ranked every couple of seconds. */
export const TopLists = () => {
  const { t, i18n } = useTranslation();
  const [board, setBoard] = useState<Board>('gainers');
  const { tab, panel } = useTabList(BOARDS, board, setBoard);
  const tickers = useTickersEvery(REFRESH_MS);
  const pairs = usePairs();
  const names = useMemo(() => new Map((pairs ?? []).map((p) => [p.symbol, p])), [pairs]);
  const rows = useMemo(() => rank([...(tickers?.values() ?? [])], board).slice(0, SHOWN), [tickers, board]);
  return (
    <section className="card top-lists">
      <div className="segmented segmented--small" role="tablist" aria-label={t('home.topLists')}>
        {BOARDS.map((b) => (
          <button key={b} {...tab(b)} className={`segmented__item${board === b ? ' is-active' : ''}`}>
            {t(`home.top.${b}`)}
          </button>
        ))}
      </div>
      <div {...panel}>
        {tickers && rows.length === 0 && board !== 'volume' ? (
          <p className="top-lists__list top-lists__empty muted">
            {t(board === 'gainers' ? 'home.top.noGainers' : 'home.top.noLosers')}
          </p>
        ) : (
          <ol className="top-lists__list">
            {rows.map((tk, i) => {
              const p = names.get(tk.pair);
              return (
                <li key={tk.pair}>
                  <Link className="top-lists__row" to={coinPairPath('/marketDetail', tk.pair)}>
                    <span className="top-lists__rank">{i + 1}</span>
                    <PairName className="top-lists__name" base={p?.base ?? tk.pair} quote={p?.quote ?? ''} />
                    <span className="top-lists__price">{formatDecimal(tk.last, i18n.language)}</span>
                    {board === 'volume' ? (
                      <span className="top-lists__vol">
                        {formatCompact(tk.quoteVolume, i18n.language, COLUMN_VOLUME_DIGITS)}
                      </span>
                    ) : (
                      <ChangeBadge changePercent={tk.changePercent} />
                    )}
                  </Link>
                </li>
              );
            })}
          </ol>
        )}
      </div>
    </section>
  );
};
