import type { Kysely } from 'kysely';
import { ASSET_SCALE, addressProblem, type Network } from '../../../protocol';
import { parseExact } from '../../domain/money/scaled';
import type { NetworkConfig } from '../../domain/wallet/types';
import { walletRepo } from '../repos/wallet';
import type { Database } from '../schema';

/**
 * A demo deposit address: the network's prefix, "NovaDemo…", padded to the network's length.
 * They look like addresses, but the letters break every chain's checksum (and so our own address
 * check, which an operator's address passes), so nothing real can be sent to one by mistake.
 */
const demo = (prefix: string, body: string, length: number, pad: string) =>
  (prefix + body).padEnd(length, pad).slice(0, length);

const ADDRESSES: Record<Network, string> = {
  TRC20: demo('T', 'NovaDemoDepositAddressTrc', 34, '1'),
  ERC20: demo('0x', 'DE40DE40', 42, '0'),
  BEP20: demo('0x', 'BE40DE40', 42, '0'),
  BTC: demo('bc1q', 'novademodepositaddress', 42, 'q'),
  SOL: demo('', 'NovaDemoDepositAddressSo1ana', 44, '1'),
  XRP: demo('r', 'NovaDemoDepositAddressXrp', 34, '1'),
  DOGE: demo('D', 'NovaDemoDepositAddressDoge', 34, '1'),
  ADA: demo('addr1q', 'novademodepositaddresscardano', 64, 'q'),
  LTC: demo('L', 'NovaDemoDepositAddressLtc', 34, '1'),
  DOT: demo('1', 'NovaDemoDepositAddressPo1kadot', 47, '1'),
};

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const HEX = '0123456789abcdef';
const LOWER = '0123456789abcdefghijklmnopqrstuvwxyz';

/** How the demo's own deposit addresses are spelt on each network without memos: a prefix and a
 * body like the shared ones (the mixed case of the hex bodies fails the EIP-55 checksum wallets
 * check, see demoDepositAddress), then a number in the network's alphabet. */
const POOL_SPELLING: Partial<Record<Network, { head: string; alphabet: string; length: number }>> = {
  TRC20: { head: 'TNovaDemo', alphabet: BASE58, length: 34 },
  ERC20: { head: '0xDe40De40', alphabet: HEX, length: 42 },
  BEP20: { head: '0xBe40De40', alphabet: HEX, length: 42 },
  BTC: { head: 'bc1qnovademo', alphabet: LOWER, length: 42 },
  SOL: { head: 'NovaDemo', alphabet: BASE58, length: 44 },
  DOGE: { head: 'DNovaDemo', alphabet: BASE58, length: 34 },
  ADA: { head: 'addr1qnovademo', alphabet: LOWER, length: 64 },
  LTC: { head: 'LNovaDemo', alphabet: BASE58, length: 34 },
  DOT: { head: '1NovaDemo', alphabet: BASE58, length: 47 },
};

/** The demo's `i`-th own deposit address on a network without memos. */
export const demoDepositAddress = (network: Network, i: number): string => {
  const spelling = POOL_SPELLING[network];
  if (!spelling) throw new Error(`${network} deposits share one address and a memo`);
  const { head, alphabet, length } = spelling;
  let digits = '';
  for (let n = i; digits === '' || n > 0; n = Math.floor(n / alphabet.length))
    digits = alphabet[n % alphabet.length]! + digits;
  const spelt = head + digits.padStart(length - head.length, alphabet[0]);
  if (addressProblem(network, spelt) !== null) return spelt;
  // Only an EVM spelling gets here: its case is the checksum of its few letters (EIP-55), right
  // by chance one time in sixteen. Its first letter in lower case makes it wrong for sure.
  return spelt.slice(0, 2) + spelt[2]!.toLowerCase() + spelt.slice(3);
};

/** Free addresses a demo pool is kept at, at every start. */
export const DEMO_POOL_FREE = 200;

/**
 * The demo's address pools: each network still on the demo's shared address (an operator who set
 * a real one loads real addresses with `npm run admin -- wallet addresses add`) is kept at
 * DEMO_POOL_FREE free addresses, so a demo never runs out.
 */
export const topUpDemoDepositAddresses = async (db: Kysely<Database>, now = Date.now()) => {
  const repo = walletRepo(db);
  for (const net of await repo.networks()) {
    if (!POOL_SPELLING[net.network] || net.depositAddress !== ADDRESSES[net.network]) continue;
    const { free, taken } = await repo.depositAddressStock(net.coin, net.network);
    if (free >= DEMO_POOL_FREE) continue;
    // Each coin counts in a range of its own, as its network's pools share no address.
    const next = Array.from({ length: DEMO_POOL_FREE - free }, (_, k) =>
      demoDepositAddress(net.network, net.sort * 1_000_000 + free + taken + k),
    );
    await repo.addDepositAddresses(net.coin, net.network, next, now);
  }
};

/** coin, network, min/max deposit, min/max withdrawal, fee (decimal text), and the decimal places
 * the coin carries on the network (the chain's own, up to the ledger's 8). */
type Row = [string, Network, string, string, string, string, string, number];

/** The demo's coins and networks, in display order. */
export const DEMO_NETWORKS: readonly Row[] = [
  ['USDT', 'TRC20', '10', '1000000', '10', '100000', '1', 6],
  ['USDT', 'ERC20', '10', '1000000', '20', '100000', '5', 6],
  ['USDT', 'BEP20', '10', '1000000', '10', '100000', '0.5', 8],
  ['BTC', 'BTC', '0.0005', '100', '0.001', '10', '0.0002', 8],
  ['ETH', 'ERC20', '0.01', '1000', '0.01', '200', '0.002', 8],
  ['BNB', 'BEP20', '0.01', '10000', '0.02', '2000', '0.001', 8],
  ['SOL', 'SOL', '0.1', '100000', '0.2', '20000', '0.01', 8],
  ['XRP', 'XRP', '20', '10000000', '25', '1000000', '0.25', 6],
  ['DOGE', 'DOGE', '50', '50000000', '100', '5000000', '5', 8],
  ['ADA', 'ADA', '10', '10000000', '20', '1000000', '1', 6],
  ['TRX', 'TRC20', '10', '10000000', '20', '1000000', '1', 6],
  ['LTC', 'LTC', '0.01', '10000', '0.02', '2000', '0.001', 8],
  ['DOT', 'DOT', '1', '1000000', '2', '100000', '0.1', 8],
];

const units = (v: string) => parseExact(v, ASSET_SCALE)!;

export const demoNetworks = (): NetworkConfig[] =>
  DEMO_NETWORKS.map(([coin, network, minD, maxD, minW, maxW, fee, decimals], sort) => ({
    coin,
    network,
    depositAddress: ADDRESSES[network],
    // XRP's shared address tells deposits apart by destination tag: each user's is this plus their id.
    memo: network === 'XRP' ? '100000' : '',
    minDeposit: units(minD),
    maxDeposit: units(maxD),
    minWithdraw: units(minW),
    maxWithdraw: units(maxW),
    withdrawFee: units(fee),
    depositEnabled: true,
    withdrawEnabled: true,
    sort,
    decimals,
  }));

/** First start only (no network configured yet): the demo's coins and networks, which the
 * operator then changes with `npm run admin -- wallet set`. At every start, the demo's address
 * pools are topped up. */
export const seedWalletIfEmpty = async (db: Kysely<Database>, now = Date.now()): Promise<boolean> => {
  const empty = !(await db.selectFrom('wallet_networks').select('coin').limit(1).executeTakeFirst());
  await db.transaction().execute(async (trx) => {
    const repo = walletRepo(trx);
    if (empty) for (const net of demoNetworks()) await repo.saveNetwork(net, now);
    await topUpDemoDepositAddresses(trx, now);
  });
  return empty;
};
