import { blake2b } from '@noble/hashes/blake2.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { base58, base58xrp, bech32, bech32m, createBase58check } from '@scure/base';

/**
 * How each chain writes an address and its checksum, read far enough to tell that the address is
 * one of the chain's and was copied whole: a mistyped, truncated or wrong-chain address is refused
 * before money is sent to it. Synchronous and small, as the forms run it too.
 */

type Check = (address: string) => boolean;

/** The decoders throw on anything that is not theirs: here that only means "not this format". */
const decoded = <T>(decode: () => T): T | undefined => {
  try {
    return decode();
  } catch {
    return undefined;
  }
};

const bitcoinBase58check = createBase58check(sha256);

/** Bitcoin's base58check (a version byte, a 20-byte hash, 4 bytes of double SHA-256): Bitcoin's
 * forks and TRON write addresses so, each with version bytes of its own. */
export const base58checkAddress =
  (...versions: number[]): Check =>
  (address) => {
    const bytes = decoded(() => bitcoinBase58check.decode(address));
    return bytes?.length === 21 && versions.includes(bytes[0]!);
  };

/** XRP Ledger classic address: base58check in Ripple's own alphabet, account version 0. */
export const xrpAddress: Check = (address) => {
  const bytes = decoded(() => base58xrp.decode(address));
  if (bytes?.length !== 25 || bytes[0] !== 0) return false;
  const sum = sha256(sha256(bytes.subarray(0, 21)));
  return sum.subarray(0, 4).every((b, i) => b === bytes[21 + i]);
};

/** A segwit address (BIP 173/350) with the chain's prefix: version 0 in bech32 with a 20- or
 * 32-byte program, version 1 (taproot) in bech32m with 32. Later versions are refused: no output
 * of theirs is spendable yet, so coins sent there would be anyone's. */
export const segwitAddress =
  (prefix: string): Check =>
  (address) => {
    const v0 = decoded(() => bech32.decode(address));
    const v1 = v0 ? undefined : decoded(() => bech32m.decode(address));
    const found = v0 ?? v1;
    if (found?.prefix !== prefix || found.words[0] !== (v0 ? 0 : 1)) return false;
    const program = bech32.fromWordsUnsafe(found.words.slice(1));
    return program !== undefined && (program.length === 32 || (v0 !== undefined && program.length === 20));
  };

/** An EVM address: 20 bytes in hex. Written in mixed case, the case is EIP-55's checksum (a letter
 * is upper case where the Keccak-256 of the lower-case hex has a nibble of 8 or more) and must be
 * right; all in one case it carries none, as wallets and QR codes write it too. */
export const evmAddress: Check = (address) => {
  if (!/^0[xX][0-9a-fA-F]{40}$/.test(address)) return false;
  const hex = address.slice(2);
  const lower = hex.toLowerCase();
  if (hex === lower || hex === hex.toUpperCase()) return true;
  const hash = keccak_256(utf8ToBytes(lower));
  return [...hex].every((c, i) => {
    const nibble = (hash[i >> 1]! >> (i % 2 === 0 ? 4 : 0)) & 15;
    return c === (nibble >= 8 ? c.toUpperCase() : lower[i]);
  });
};

/** A Solana address is an ed25519 key or a program-derived one: 32 bytes in base58, no checksum. */
export const solanaAddress: Check = (address) => decoded(() => base58.decode(address))?.length === 32;

const SS58_PREFIX = utf8ToBytes('SS58PRE');

/** A Polkadot address (SS58 with network prefix 0): the prefix byte, a 32-byte account and the
 * first two bytes of BLAKE2b-512 over "SS58PRE" and both. Kusama's and the generic substrate
 * spellings of a key are refused: they are another network's. */
export const polkadotAddress: Check = (address) => {
  const bytes = decoded(() => base58.decode(address));
  if (bytes?.length !== 35 || bytes[0] !== 0) return false;
  const sum = blake2b(new Uint8Array([...SS58_PREFIX, ...bytes.subarray(0, 33)]), { dkLen: 64 });
  return sum[0] === bytes[33] && sum[1] === bytes[34];
};

/** Lengths of a mainnet Shelley address by its header's type (CIP-19): base (0–3) a header and two
 * 28-byte hashes, pointer (4, 5) a payment hash and a chain pointer of at least 3 bytes,
 * enterprise (6, 7) a header and one hash. Stake addresses (14, 15) cannot be paid to. */
const shelleyLength = (type: number, length: number) =>
  type <= 3 ? length === 57 : type <= 5 ? length >= 32 : type <= 7 && length === 29;

/** One CBOR item's head: its major type, its argument, and where what follows starts. */
const cborHead = (bytes: Uint8Array, at: number) => {
  const first = bytes[at];
  if (first === undefined) return undefined;
  const info = first & 31;
  const size = info < 24 ? 0 : info <= 26 ? 2 ** (info - 24) : -1;
  if (size < 0 || at + 1 + size > bytes.length) return undefined;
  let value = size === 0 ? info : 0;
  for (let k = 1; k <= size; k++) value = value * 256 + bytes[at + k]!;
  return { major: first >> 5, value, next: at + 1 + size };
};

/** CRC-32 (IEEE), Byron's checksum: too small a need for a dependency of its own. */
const crc32 = (bytes: Uint8Array): number => {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
};

/** A Byron address (`Ae2…`, `DdzFF…`): base58 of the CBOR `[24(bytes), crc32(bytes)]`. */
const byronAddress: Check = (address) => {
  const bytes = decoded(() => base58.decode(address));
  if (!bytes) return false;
  const list = cborHead(bytes, 0);
  const tag = list?.major === 4 && list.value === 2 ? cborHead(bytes, list.next) : undefined;
  const body = tag?.major === 6 && tag.value === 24 ? cborHead(bytes, tag.next) : undefined;
  if (body?.major !== 2) return false;
  const end = body.next + body.value;
  const crc = cborHead(bytes, end);
  return crc?.major === 0 && crc.next === bytes.length && crc.value === crc32(bytes.subarray(body.next, end));
};

/** A Cardano mainnet address: Shelley's bech32 `addr1…` (longer than bech32's usual 90
 * characters), or Byron's base58. */
export const cardanoAddress: Check = (address) => {
  const shelley = decoded(() => bech32.decode(address, false));
  if (!shelley) return byronAddress(address);
  const bytes = shelley.prefix === 'addr' ? bech32.fromWordsUnsafe(shelley.words) : undefined;
  return bytes !== undefined && (bytes[0]! & 15) === 1 && shelleyLength(bytes[0]! >> 4, bytes.length);
};
