import { memo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { PairInfo } from '../../../protocol';
import { coinPairPath } from '../../../protocol/routes';
import { ChangeBadge } from '../../components/ChangeBadge';
import { CoinBadge } from '../../components/CoinBadge';
import { PairName } from '../../components/PairName';
import { PriceFlash } from '../../components/PriceFlash';
import { StarButton } from '../../components/StarButton';
import { COLUMN_VOLUME_DIGITS, formatCompact, formatDecimal } from '../../components/format';
import { useInView } from '../../hooks/useInView';
import { useTicker } from '../../hooks/useMarket';

/** One pair of the market list; it follows its own ticker, so a tick re-renders this row only, and
 * only while the row is on screen. */
export const MarketRow = memo(function MarketRow({
  pair,
  starred,
  onStar,
}: {
  pair: PairInfo;
  starred: boolean;
  onStar: (symbol: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const row = useRef<HTMLLIElement>(null);
  const ticker = useTicker(pair.symbol, useInView(row));
  const lang = i18n.language;
  return (
    <li ref={row} className="market-row" data-pair={pair.symbol}>
      <StarButton on={starred} onToggle={() => onStar(pair.symbol)} name={pair.name} />
      <Link className="market-row__link" to={coinPairPath('/marketDetail', pair.symbol)}>
        <CoinBadge coin={pair.base} />
        <span className="market-row__name">
          <PairName base={pair.base} quote={pair.quote} />
          <span className="market-row__vol muted">
            {ticker
              ? t('market.vol', { value: formatCompact(ticker.quoteVolume, lang, COLUMN_VOLUME_DIGITS) })
              : '—'}
          </span>
        </span>
        <PriceFlash
          className="market-row__price"
          value={ticker?.last}
          text={ticker ? formatDecimal(ticker.last, lang) : '—'}
        />
        <ChangeBadge changePercent={ticker?.changePercent} />
      </Link>
    </li>
  );
});
