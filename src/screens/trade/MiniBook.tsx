import { useTranslation } from 'react-i18next';
import type { DepthLevel } from '../../../protocol/market';
import { formatDecimal } from '../../components/format';
import { useDepth, useTicker } from '../../hooks/useMarket';

export const BOOK_LEVELS = 7;

const Side = ({
  levels,
  kind,
  onPrice,
}: {
  levels: readonly DepthLevel[];
  kind: 'bid' | 'ask';
  onPrice: (price: string) => void;
}) => {
  const { i18n } = useTranslation();
  return (
    <ol className={`mini-book__side mini-book__side--${kind}`} data-testid={`book-${kind}s`}>
      {levels.map(([price, qty]) => (
        <li key={price}>
          <button type="button" className="mini-book__row" onClick={() => onPrice(price)}>
            <span className={kind === 'bid' ? 'text-up' : 'text-down'}>
              {formatDecimal(price, i18n.language)}
            </span>
            <span>{formatDecimal(qty, i18n.language)}</span>
          </button>
        </li>
      ))}
    </ol>
  );
};

/** The engine's book beside the form: asks above (best nearest the middle), the last price, bids
 * below. A tap on a level takes its price into the form. */
export const MiniBook = ({
  pair,
  base,
  quote,
  onPrice,
}: {
  pair: string;
  base: string;
  quote: string;
  onPrice: (price: string) => void;
}) => {
  const { t, i18n } = useTranslation();
  const depth = useDepth(pair);
  const ticker = useTicker(pair);
  const asks = (depth?.asks ?? []).slice(0, BOOK_LEVELS).reverse();
  const bids = (depth?.bids ?? []).slice(0, BOOK_LEVELS);
  return (
    <section className="mini-book" aria-label={t('trade.book')} data-testid="mini-book">
      <div className="mini-book__head muted">
        <span>{t('trade.price', { coin: quote })}</span>
        <span>{t('trade.qty', { coin: base })}</span>
      </div>
      <Side levels={asks} kind="ask" onPrice={onPrice} />
      <div className="mini-book__last" aria-label={t('trade.lastPrice')} data-testid="trade-last">
        {ticker ? formatDecimal(ticker.last, i18n.language) : '—'}
      </div>
      <Side levels={bids} kind="bid" onPrice={onPrice} />
    </section>
  );
};
