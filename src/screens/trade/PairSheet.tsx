import { useTranslation } from 'react-i18next';
import type { PairInfo } from '../../../protocol/market';
import { ChangeBadge } from '../../components/ChangeBadge';
import { useTicker } from '../../hooks/useMarket';
import { formatDecimal } from '../../components/format';

const Row = ({ pair, active, onPick }: { pair: PairInfo; active: boolean; onPick: () => void }) => {
  const { i18n } = useTranslation();
  const ticker = useTicker(pair.symbol);
  return (
    <li>
      <button type="button" className={`pair-sheet__row${active ? ' is-active' : ''}`} onClick={onPick}>
        <span className="pair-sheet__name">{pair.name}</span>
        <span className="pair-sheet__last">{ticker ? formatDecimal(ticker.last, i18n.language) : '—'}</span>
        <ChangeBadge changePercent={ticker?.changePercent} />
      </button>
    </li>
  );
};

/** The pair switcher: a sheet over the screen listing every pair with its live price. */
export const PairSheet = ({
  pairs,
  value,
  onPick,
  onClose,
}: {
  pairs: readonly PairInfo[];
  value: string;
  onPick: (symbol: string) => void;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <div className="sheet-backdrop" onClick={onClose}>
      <div
        className="sheet pair-sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby="pair-sheet-title"
        onClick={(e) => e.stopPropagation()}
      >
        <header className="sheet__head">
          <h2 id="pair-sheet-title">{t('trade.choosePair')}</h2>
          <button type="button" className="btn btn--text" onClick={onClose}>
            {t('common.close')}
          </button>
        </header>
        <ul className="pair-sheet__list">
          {pairs.map((p) => (
            <Row key={p.symbol} pair={p} active={p.symbol === value} onPick={() => onPick(p.symbol)} />
          ))}
        </ul>
      </div>
    </div>
  );
};
