import type { WalletNetwork } from '../../../protocol/wallet';

type Direction = 'deposit' | 'withdraw';

const open = (n: WalletNetwork, d: Direction) => (d === 'deposit' ? n.depositEnabled : n.withdrawEnabled);

/** Coins open for a direction, in the operator's order, each once. */
export const coinsOf = (nets: readonly WalletNetwork[], d: Direction): string[] => [
  ...new Set(nets.filter((n) => open(n, d)).map((n) => n.coin)),
];

/** The networks of a coin open for a direction. */
export const networksOf = (nets: readonly WalletNetwork[], coin: string, d: Direction): WalletNetwork[] =>
  nets.filter((n) => n.coin === coin && open(n, d));
