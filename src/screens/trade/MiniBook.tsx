import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { barWidth, withTotals, type DepthRow } from '../../components/depthBars';
import { formatDecimal } from '../../components/format';
import { Spinner } from '../../components/Spinner';
import { useDepth, useTicker } from '../../hooks/useMarket';

const BOOK_LEVELS = 7;

const Side = ({
  rows,
  kind,
  width,
  onPrice,
  hintId,
}: {
  rows: readonly DepthRow[];
  kind: 'bid' | 'ask';
  width: (total: DepthRow['total']) => string;
  onPrice: (price: string) => void;
  hintId: string;
}) => {
  const { t, i18n } = useTranslation();
  return (
    // Named: the sides stand apart by colour and place, which a screen reader does not say.
    <ol
      className={`mini-book__side mini-book__side--${kind}`}
      aria-label={t(`marketDetail.${kind}`)}
      data-testid={`book-${kind}s`}
    >
      {/* Keyed by place, not price: the house requotes every second, and a row keyed by its price
          went with its level, taking the keyboard's focus with it. */}
      {rows.map(({ price, qty, total }, place) => (
        <li key={place}>
          <button
            type="button"
            className="mini-book__row"
            aria-describedby={hintId}
            onClick={() => onPrice(price)}
          >
            <span className="mini-book__bar" style={{ width: width(total) }} aria-hidden="true" />
            <span className="mini-book__price">{formatDecimal(price, i18n.language)}</span>
            <span>{formatDecimal(qty, i18n.language)}</span>
          </button>
        </li>
      ))}
    </ol>
  );
};

/** The engine's book beside the form: asks above (best nearest the middle), the last price, bids
 * below, each level over a bar of the size up to it. A tap on a level takes its price into the
 * form. */
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
  // Sizes add up from the best price outwards; the asks are then drawn best nearest the middle.
  const asks = withTotals(depth?.asks ?? [], BOOK_LEVELS);
  const bids = withTotals(depth?.bids ?? [], BOOK_LEVELS);
  const width = barWidth(asks, bids);
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
      {/* Until the book comes, and when it holds nothing, two empty sides read as a market with
          no orders, or as one still loading. */}
      {!depth ? (
        <Spinner />
      ) : (
        asks.length + bids.length === 0 && (
          <p className="mini-book__empty muted">{t('marketDetail.noOrders')}</p>
        )
      )}
      <Side rows={[...asks].reverse()} kind="ask" width={width} onPrice={onPrice} hintId={hintId} />
      {/* Named by hidden text: a label on a plain div is not read. */}
      <div className="mini-book__last">
        <span className="visually-hidden">{t('trade.lastPrice')} </span>
        <span data-testid="trade-last">{ticker ? formatDecimal(ticker.last, i18n.language) : '—'}</span>
      </div>
      <Side rows={bids} kind="bid" width={width} onPrice={onPrice} hintId={hintId} />
    </section>
  );
};
