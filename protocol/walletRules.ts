import {
  base58checkAddress,
  cardanoAddress,
  evmAddress,
  polkadotAddress,
  segwitAddress,
  solanaAddress,
  xrpAddress,
} from './addressFormats';

/**
 * Wallet input rules shared by the forms and the server (spec §5): plain data, regexes and the
 * chains' address formats, so the web app can use them without zod.
 *
 * - A withdrawal address holds only letters and digits (the spec's rule), then must be an address
 *   of its network as the chain reads it (`addressFormats`): its encoding, version bytes, length
 *   and checksum, so a mistyped, truncated or other network's address is refused before money is
 *   sent to it.
 * - Networks whose deposit address is shared by many accounts need a memo (destination tag).
 * - A transaction hash is kept in one form per transaction, so that a transaction declared twice
 *   is seen to be one: hex hashes (every network but Solana) lower case and without 0x, which
 *   chains ignore; Solana's base58 signatures as typed, since there case is part of the hash.
 */
export const NETWORKS = [
  'TRC20',
  'ERC20',
  'BEP20',
  'BTC',
  'SOL',
  'XRP',
  'DOGE',
  'ADA',
  'LTC',
  'DOT',
] as const;
export type Network = (typeof NETWORKS)[number];

export const isNetwork = (value: unknown): value is Network =>
  typeof value === 'string' && (NETWORKS as readonly string[]).includes(value);

interface NetworkRule {
  /** Whether an address, as typed, is one of the network's. */
  address: (address: string) => boolean;
  /** The deposit address is shared: a memo tells whose deposit it is. */
  memo: boolean;
  /** Whether a memo is one the chain can carry, where it takes fewer than `MEMO_RE` allows; its
   * refusal's message key. */
  memoFormat?: { fits: (memo: string) => boolean; message: string };
  /** Transaction hashes are hex rather than base58. */
  hexTx: boolean;
  /** Addresses of the network whose letters carry no meaning of their own, in lower case: hex
   * (an EVM address's mixed case is only a checksum) and bech32 (`bc1…`, all lower or all upper
   * case, the same address). Base58 addresses are case-sensitive and have none. */
  caseless?: RegExp;
}

const either =
  (...checks: NetworkRule['address'][]): NetworkRule['address'] =>
  (address) =>
    checks.some((check) => check(address));

const EVM = { address: evmAddress, memo: false, hexTx: true, caseless: /^0x[0-9a-f]{40}$/ };

/** XRP's destination tag is an unsigned 32-bit integer: a payment with any other cannot be sent,
 * and a withdrawal saved with one would be paid by no one. */
export const DESTINATION_TAG_MAX = 0xffffffff;
const XRP_TAG = {
  fits: (memo: string) => /^\d{1,10}$/.test(memo) && Number(memo) <= DESTINATION_TAG_MAX,
  message: 'app.msg.destination_tag_invalid',
};

/** Version bytes are the chains' own: Bitcoin pays to a key hash (`1…`) or a script hash (`3…`);
 * Dogecoin `D…`, scripts `9…`/`A…`; Litecoin `L…`, scripts `M…` and, as it wrote them before
 * 2018, `3…`; TRON `T…` (0x41). */
const NETWORK_RULES: Record<Network, NetworkRule> = {
  TRC20: { address: base58checkAddress(0x41), memo: false, hexTx: true },
  ERC20: EVM,
  BEP20: EVM,
  BTC: {
    address: either(base58checkAddress(0x00, 0x05), segwitAddress('bc')),
    memo: false,
    hexTx: true,
    caseless: /^bc1[0-9a-z]+$/,
  },
  SOL: { address: solanaAddress, memo: false, hexTx: false },
  XRP: { address: xrpAddress, memo: true, memoFormat: XRP_TAG, hexTx: true },
  DOGE: { address: base58checkAddress(0x1e, 0x16), memo: false, hexTx: true },
  ADA: { address: cardanoAddress, memo: false, hexTx: true, caseless: /^addr1[0-9a-z]+$/ },
  LTC: {
    address: either(base58checkAddress(0x30, 0x32, 0x05), segwitAddress('ltc')),
    memo: false,
    hexTx: true,
    caseless: /^ltc1[0-9a-z]+$/,
  },
  DOT: { address: polkadotAddress, memo: false, hexTx: true },
};

const ADDRESS_CHARSET_RE = /^[A-Za-z0-9]+$/;
/** Longer than any network's address (Cardano's, the longest, reach 113): past it nothing is one. */
export const ADDRESS_MAX = 128;
/** A memo (destination tag) as chains write them: letters and digits. */
export const MEMO_RE = /^[A-Za-z0-9]{1,32}$/;
export const REMARK_MAX = 40;
/** A transaction hash: hex with or without 0x, or a base58 signature (Solana): letters and digits,
 * 16 of them at least past a `0x` (it is kept without one, `canonicalTxHash`: "0x" and 14 digits
 * were taken and kept as 14). Base58 has no 0, so a hash starting "0x" is a prefixed hex one. */
export const TX_HASH_RE = /^(?!0[xX][A-Za-z0-9]{0,15}$)[A-Za-z0-9]{16,128}$/;
/** An idempotency key (withdrawals, deposit declarations, pledges), chosen by the client once per
 * request it means to make. */
export const REQUEST_KEY_RE = /^[A-Za-z0-9-]{8,64}$/;

/** Whether `address` is of a kind its network reads in any case (`NetworkRule.caseless`): such an
 * address is kept in lower case and compared so. */
export const isCaselessAddress = (network: string, address: string): boolean =>
  isNetwork(network) && NETWORK_RULES[network].caseless?.test(address.toLowerCase()) === true;

/** An address in the one form it is kept and compared in: a caseless one in lower case (bech32 only
 * when written all in one case, as its rules allow; mixed, it stays as typed and is refused), any
 * other as typed. So `0xAbC…` and `0xabc…` are one saved address, and `BC1Q…` from a QR code is
 * the `bc1q…` it stands for. */
export const canonicalAddress = (network: string, address: string): string => {
  if (!isCaselessAddress(network, address)) return address;
  const lower = address.toLowerCase();
  const oneCase = address === lower || address === address.toUpperCase();
  return lower.startsWith('0x') || oneCase ? lower : address;
};

/** The first broken address rule for `network`, as its message key, or null when it is fine. */
export const addressProblem = (network: string, address: string): string | null => {
  if (address.length === 0) return 'app.msg.field_required';
  if (address.length > ADDRESS_MAX) return 'app.msg.address_invalid';
  if (!ADDRESS_CHARSET_RE.test(address)) return 'app.msg.address_charset';
  if (!isNetwork(network) || !NETWORK_RULES[network].address(address)) return 'app.msg.address_invalid';
  return null;
};

export const memoRequired = (network: string): boolean => isNetwork(network) && NETWORK_RULES[network].memo;

/** What is wrong with a memo of the letters and digits `MEMO_RE` takes for `network`, as its
 * message key, or null when its chain can carry it. */
export const memoProblem = (network: string, memo: string): string | null => {
  const format = isNetwork(network) ? NETWORK_RULES[network].memoFormat : undefined;
  return format && !format.fits(memo) ? format.message : null;
};

const HEX_TX_RE = /^(?:0[xX])?([0-9a-fA-F]+)$/;

/** A transaction hash in the one form it is kept and compared in (see above). */
export const canonicalTxHash = (network: Network, hash: string): string => {
  const hex = NETWORK_RULES[network].hexTx ? HEX_TX_RE.exec(hash) : null;
  return hex ? hex[1]!.toLowerCase() : hash;
};
