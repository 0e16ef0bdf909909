import type { DefiProduct } from '../../../protocol';
import { parseUnits } from '../../../protocol/defiRules';

/** Why the reader can no longer pledge a product, as the key to show, or null while they can: the
 * quota left cannot take even the minimum, or they have made every purchase the product allows.
 * The list and the detail page ask the same question, so neither offers what the server refuses. */
export const closedReason = (p: DefiProduct): string | null => {
  if ((parseUnits(p.remainingQuota) ?? 0n) < (parseUnits(p.minAmount) ?? 0n)) return 'defi.soldOut';
  if (p.purchased >= p.purchaseLimit) return 'app.msg.no_purchase_times';
  return null;
};
