import { useTranslation } from 'react-i18next';
import type { PairInfo } from '../../../protocol';
import { ChangeBadge } from '../../components/ChangeBadge';
import { PriceFlash } from '../../components/PriceFlash';
import { formatCompact, formatDecimal, trendOf } from '../../components/format';
import { useTicker } from '../../hooks/useMarket';

/** Last price with its 24h change, and the 24h high, low and volumes. */
export const MarketStats = ({ pair }: { pair: PairInfo }) => {
  const { t, i18n } = useTranslation();
  const ticker = useTicker(pair.symbol);
  const lang = i18n.language;
  const figure = (value: string | undefined) => (value ? formatDecimal(value, lang) : '—');
  return (
    <section className="stats" aria-label={t('marketDetail.stats')}>
      <div className="stats__main">
        <PriceFlash
          className={`stats__last text-${trendOf(ticker?.changePercent)}`}
          value={ticker?.last}
          text={figure(ticker?.last)}
        />
        <ChangeBadge changePercent={ticker?.changePercent} solid={false} />
      </div>
      <dl className="stats__grid">
        <div>
          <dt>{t('marketDetail.high')}</dt>
          <dd>{figure(ticker?.high)}</dd>
        </div>
        <div>
          <dt>{t('marketDetail.low')}</dt>
          <dd>{figure(ticker?.low)}</dd>
        </div>
        <div>
          <dt>{t('marketDetail.volume', { coin: pair.base })}</dt>
          <dd>{ticker ? formatCompact(ticker.volume, lang) : '—'}</dd>
        </div>
        <div>
          <dt>{t('marketDetail.volume', { coin: pair.quote })}</dt>
          <dd>{ticker ? formatCompact(ticker.quoteVolume, lang) : '—'}</dd>
        </div>
      </dl>
    </section>
  );
};
