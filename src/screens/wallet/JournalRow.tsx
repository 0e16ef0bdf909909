import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { JournalEntry } from '../../../protocol/assets';
import { sourceOfRef, type LedgerSource } from '../../../protocol/ledgerRefs';
import { formatMoney, formatSignedMoney } from '../../components/format';
import { RecordTime } from '../../components/RecordTime';
import { MASK } from './hideBalances';
import { journalMove, type JournalMove } from './journalMove';
import { ZERO_BALANCE } from './valuation';
import { afterLabel } from '../../i18n/afterLabel';

/** Where what caused an entry is read, picked out by its id; an order opens over the history. */
const RECORD_PAGES: Record<Exclude<LedgerSource, 'order'>, string> = {
  contract: '/contractList',
  deposit: '/recharge/record',
  withdrawal: '/withdraw/record',
  pledge: '/defi/pledgeRecord',
};

/** Money in and out in the market's colours; funds only set aside or given back in neither. */
const AMOUNT_CLASS: Record<JournalMove['kind'], string> = {
  in: 'is-up',
  out: 'is-down',
  frozen: 'is-held',
  released: 'is-held',
};

/**
 * One entry of a coin's history: why the balance moved, by how much, and what it was after. An
 * entry of a spot order opens that order (`onOpenOrder`, in place), one of a contract its detail
 * page: "Spot fee -0.12" is read beside the order that paid it. One of a deposit, a withdrawal or
 * a pledge leads to its record, picked out among the others (`?id=`) where its status, hash and
 * terms are read in full.
 */
export const JournalRow = ({
  entry,
  hidden,
  onOpenOrder,
}: {
  entry: JournalEntry;
  hidden: boolean;
  onOpenOrder: (id: number) => void;
}) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const money = (v: string) => (hidden ? MASK : formatMoney(v, lang));
  const move = journalMove(entry);
  const amount = hidden
    ? MASK
    : move.kind === 'in' || move.kind === 'out'
      ? formatSignedMoney(move.amount, lang)
      : t(move.kind === 'frozen' ? 'wallet.toFrozen' : 'wallet.toAvailable', {
          amount: formatMoney(move.amount, lang),
        });
  const content: ReactNode = (
    <>
      <div className="record__row">
        <span className="record__title">{t(entry.type)}</span>
        <span className={`record__amount ${AMOUNT_CLASS[move.kind]}`}>{amount}</span>
      </div>
      <div className="record__row record__meta">
        <RecordTime ts={entry.createdAt} />
        <span>
          <span className="record__balance">
            {t('wallet.after')}
            {afterLabel(t('wallet.after'))}
            {money(entry.availableAfter)}
          </span>
          {entry.frozenAfter !== ZERO_BALANCE && (
            <>
              {' · '}
              <span className="record__balance">
                {t('wallet.frozen')} {money(entry.frozenAfter)}
              </span>
            </>
          )}
        </span>
      </div>
    </>
  );
  const source = sourceOfRef(entry.ref);
  return (
    <li className="record">
      {source?.source === 'order' ? (
        <button type="button" className="record__open" onClick={() => onOpenOrder(source.id)}>
          {content}
        </button>
      ) : source ? (
        <Link className="record__open" to={`${RECORD_PAGES[source.source]}?id=${source.id}`}>
          {content}
        </Link>
      ) : (
        content
      )}
    </li>
  );
};
