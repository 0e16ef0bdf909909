import { createHash, hash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { PASSWORD_MAX } from '../../../protocol';
import { scryptOnThread } from '../../crypto/scryptThread';

/**
 * Secrets: password hashing, session tokens, one-time codes and random identifiers. Passwords are
 * hashed with scrypt and a per-hash random salt; the parameters travel in the stored string
 * (`scrypt$N$r$p$salt$hash`), so a stronger setting later still verifies old hashes, and a
 * login with a weaker one stores it again at the current cost (`needsRehash`). Every comparison of
 * a secret runs in constant time. The hashing runs on a thread of its own (scryptThread.ts).
 */

const KEY_LENGTH = 32;

/** OWASP's minimum for scrypt (Password Storage Cheat Sheet): N=2^17, r=8, p=1, 128 MiB a hash.
 * Hashes before the forty-seventh session had N=2^14. */
export const DEFAULT_SCRYPT_N = 131_072;
const R = 8;
const P = 1;

const parse = (stored: string) => {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return null;
  return {
    n: Number(n),
    r: Number(r),
    p: Number(p),
    salt: Buffer.from(salt, 'base64'),
    hash: Buffer.from(hash, 'base64'),
  };
};

export const hashPassword = async (password: string, n = DEFAULT_SCRYPT_N): Promise<string> => {
  const salt = randomBytes(16);
  const key = await scryptOnThread(password, salt, KEY_LENGTH, { n, r: R, p: P });
  return `scrypt$${n}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
};

const matches = async (password: string, parsed: NonNullable<ReturnType<typeof parse>>) => {
  const actual = await scryptOnThread(password, parsed.salt, KEY_LENGTH, parsed);
  return actual.length === parsed.hash.length && timingSafeEqual(actual, parsed.hash);
};

export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const parsed = parse(stored);
  return parsed ? matches(password, parsed) : false;
};

/** Spends the time of one verification, for an account that does not exist. */
const verifyNothing = async (password: string, n = DEFAULT_SCRYPT_N): Promise<false> => {
  await scryptOnThread(password, Buffer.alloc(16), KEY_LENGTH, { n, r: R, p: P });
  return false;
};

/** Checks a login's password against its account's hash, or spends one check's work for no
 * account, so that how long a refusal takes does not tell whether the name exists. A wrong password
 * against a hash made at a lower cost (before the cost rose) spends the difference too, in scrypts
 * of doubling N (2^14 + 2^14 + 2^15 + 2^16 for 2^17): one of the same N repeated would take less
 * time than a larger N, whose memory misses the cache more (measured: a third less). */
export const verifyLogin = async (
  password: string,
  stored: string | null,
  n = DEFAULT_SCRYPT_N,
): Promise<boolean> => {
  const parsed = stored === null ? null : parse(stored);
  if (!parsed) return verifyNothing(password, n);
  if (await matches(password, parsed)) return true;
  for (let m = parsed.n; m < n; m *= 2) await verifyNothing(password, m);
  return false;
};

/** Whether a stored hash was made at a lower cost than `n` (with r=8, p=1) asks for: such a hash
 * is made again, at the current cost, once a right password has been checked against it. */
export const needsRehash = (stored: string, n = DEFAULT_SCRYPT_N) => {
  const parsed = parse(stored);
  return !parsed || parsed.n * parsed.r * parsed.p < n * R * P;
};

/** One-shot: every authenticated request hashes its token, and `createHash`'s stream object cost
 * twice the time and garbage. */
export const sha256Hex = (text: string) => hash('sha256', text, 'hex');

/** Constant-time equality of two strings of any lengths (both are hashed to a fixed length first). */
export const safeEqualText = (a: string, b: string): boolean =>
  timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());

/** A 256-bit token, base64url (43 characters): a session's, or a verification code's ticket. Only
 * its sha256 is stored. */
export const newToken = () => randomBytes(32).toString('base64url');

/** A random hexadecimal identifier of `bytes` bytes (upload ids, captcha ids, file names). */
export const randomHex = (bytes = 16) => randomBytes(bytes).toString('hex');

/** A numeric one-time code of `length` digits, uniformly drawn. */
export const randomDigits = (length: number) => Array.from({ length }, () => String(randomInt(10))).join('');

/** Invitation codes: 8 characters from an alphabet without the look-alikes 0 O 1 I L. */
export const INVITE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const newInviteCode = (length = 8) =>
  Array.from({ length }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join('');

/** A strong password that satisfies the account password rule: 16 characters (or PASSWORD_MAX,
 * when lower) of letters, digits and symbols, with at least one of each kind. */
export const generatePassword = (length = Math.min(16, PASSWORD_MAX)) => {
  const lower = 'abcdefghijkmnpqrstuvwxyz';
  const upper = 'ABCDEFGHJKMNPQRSTUVWXYZ';
  const digits = '23456789';
  const symbols = '-*+.~!@#%^&';
  const all = lower + upper + digits + symbols;
  const pick = (set: string) => set[randomInt(set.length)]!;
  const chars = [pick(lower), pick(upper), pick(digits), pick(symbols)];
  while (chars.length < length) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
};
