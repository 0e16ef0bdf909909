import { ASSET_SCALE, type Balance, type WalletSummary } from '../../../protocol';
import { formatUnits } from '../ledger/ledger';
import { divRound, parseExact, toScaled } from '../money/scaled';

const ONE = 10n ** BigInt(ASSET_SCALE);

/**
 * Balances valued in USDT at the last prices (`lastUsdt`: coin → last price of its USDT pair).
 * Exact to 10^-8 USDT; a coin without a USDT price counts as 0 rather than being guessed.
 */
export const valueInUsdt = (
  balances: readonly Balance[],
  lastUsdt: ReadonlyMap<string, string>,
): WalletSummary => {
  let sum = 0n;
  const rows = balances.map((b) => {
    const total = parseExact(b.available, ASSET_SCALE)! + parseExact(b.frozen, ASSET_SCALE)!;
    const last = b.asset === 'USDT' ? '1' : lastUsdt.get(b.asset);
    const value = last === undefined ? 0n : divRound(total * toScaled(last, ASSET_SCALE), ONE);
    sum += value;
    return { ...b, total: formatUnits(total), valueUsdt: formatUnits(value) };
  });
  return { totalUsdt: formatUnits(sum), balances: rows };
};
