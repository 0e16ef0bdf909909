import { useTranslation } from 'react-i18next';
import type { PairInfo } from '../../../protocol/market';
import { ChangeBadge } from '../../components/ChangeBadge';
import { useTicker } from '../../hooks/useMarket';
import { formatDecimal } from '../../components/format';
import { Sheet } from '../../components/Sheet';

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
    <Sheet id="pair-sheet-title" title={t('trade.choosePair')} className="pair-sheet" onClose={onClose}>
      <ul className="pair-sheet__list">
        {pairs.map((p) => (
          <Row key={p.symbol} pair={p} active={p.symbol === value} onPick={() => onPick(p.symbol)} />
        ))}
      </ul>
    </Sheet>
  );
};
