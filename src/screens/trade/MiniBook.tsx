import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DepthLevel } from '../../../protocol/market';
import { formatDecimal } from '../../components/format';
import { useDepth, useTicker } from '../../hooks/useMarket';

export const BOOK_LEVELS = 7;

const Side = ({
  levels,
  kind,
  onPrice,
  hintId,
}: {
  levels: readonly DepthLevel[];
  kind: 'bid' | 'ask';
  onPrice: (price: string) => void;
  hintId: string;
}) => {
  const { i18n } = useTranslation();
  return (
    <ol className={`mini-book__side mini-book__side--${kind}`} data-testid={`book-${kind}s`}>
      {/* Keyed by place, not price: the house requotes every second, and a row keyed by its price
          went with its level, taking the keyboard's focus with it. */}
      {levels.map(([price, qty], place) => (
        <li key={place}>
          <button
            type="button"
            className="mini-book__row"
            aria-describedby={hintId}
            onClick={() => onPrice(price)}
          >
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
  const hintId = useId();
  return (
    <section className="mini-book" aria-label={t('trade.book')} data-testid="mini-book">
      <div className="mini-book__head muted">
        <span>{t('trade.price', { coin: quote })}</span>
        <span>{t('trade.qty', { coin: base })}</span>
      </div>
      <p id={hintId} className="visually-hidden">
        {t('trade.bookHint')}
      </p>
      <Side levels={asks} kind="ask" onPrice={onPrice} hintId={hintId} />
      {/* Named by hidden text: a label on a plain div is not read. */}
      <div className="mini-book__last">
        <span className="visually-hidden">{t('trade.lastPrice')} </span>
        <span data-testid="trade-last">{ticker ? formatDecimal(ticker.last, i18n.language) : '—'}</span>
      </div>
      <Side levels={bids} kind="bid" onPrice={onPrice} hintId={hintId} />
    </section>
  );
};
