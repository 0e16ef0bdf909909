import type { JournalEntry } from '../../../protocol/assets';
import { Decimal } from '../../components/decimal';

/**
 * What a journal entry did to the coin's holding, as a statement says it. Money that left or came
 * is the change of the whole balance (available and frozen together); an entry that only set funds
 * aside (an order's or a withdrawal's freeze) or gave them back moved nothing in or out, and says
 * so. Showing the change of the available balance instead counted a withdrawal twice: once as it
 * was frozen, again as it was paid out of the frozen funds.
 */
export type JournalMove =
  { kind: 'in' | 'out'; amount: string } | { kind: 'frozen' | 'released'; amount: string };

export const journalMove = ({
  availableChange,
  frozenChange,
}: Pick<JournalEntry, 'availableChange' | 'frozenChange'>): JournalMove => {
  const available = new Decimal(availableChange);
  const total = available.plus(frozenChange);
  if (!total.isZero() || available.isZero()) {
    return { kind: total.isNegative() ? 'out' : 'in', amount: total.toFixed() };
  }
  return available.isNegative()
    ? { kind: 'frozen', amount: available.negated().toFixed() }
    : { kind: 'released', amount: available.toFixed() };
};
