import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { INVITE_CODE_RE, passwordProblem } from '../../../../protocol';
import {
  INVITE_ALPHABET,
  generatePassword,
  hashPassword,
  newInviteCode,
  newToken,
  randomDigits,
  safeEqualText,
  sha256Hex,
  verifyLogin,
  verifyPassword,
} from '../../../../server/domain/accounts/secrets';
import type * as scryptThread from '../../../../server/crypto/scryptThread';
import { scryptOnThread } from '../../../../server/crypto/scryptThread';

// The real hashing, watched: what each scrypt was asked to cost.
vi.mock('../../../../server/crypto/scryptThread', async (importOriginal) => {
  const real = await importOriginal<typeof scryptThread>();
  return { ...real, scryptOnThread: vi.fn(real.scryptOnThread) };
});

/** The work of every scrypt run since the last reset, in units of N·r·p. */
const workDone = () =>
  vi.mocked(scryptOnThread).mock.calls.reduce((sum, [, , , o]) => sum + o!.n! * o!.r! * o!.p!, 0);

describe('secrets', () => {
  it('hashes passwords with scrypt and a per-hash salt, and verifies them', async () => {
    const a = await hashPassword('secret123', 1024);
    const b = await hashPassword('secret123', 1024);
    expect(a).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('secret123');
    expect(await verifyPassword('secret123', a)).toBe(true);
    expect(await verifyPassword('secret124', a)).toBe(false);
    expect(await verifyPassword('secret123', 'md5$abc')).toBe(false);
  });

  describe('a login', () => {
    const NOW = 8192;
    beforeEach(() => {
      vi.mocked(scryptOnThread).mockClear();
    });

    it('refuses an unknown name and a wrong password after the same work, whatever the hash cost', async () => {
      const current = await hashPassword('secret123', NOW);
      const older = await hashPassword('secret123', 1024);
      vi.mocked(scryptOnThread).mockClear();
      for (const stored of [null, current, older, 'md5$abc']) {
        expect(await verifyLogin('secret124', stored, NOW)).toBe(false);
        expect(workDone()).toBe(NOW * 8);
        vi.mocked(scryptOnThread).mockClear();
      }
    });

    it('takes a right password against any hash it can read', async () => {
      expect(await verifyLogin('secret123', await hashPassword('secret123', NOW), NOW)).toBe(true);
      const older = await hashPassword('secret123', 1024);
      vi.mocked(scryptOnThread).mockClear();
      expect(await verifyLogin('secret123', older, NOW)).toBe(true);
      // Only the check: the hash is made again at the current cost by the login (rehash.ts).
      expect(workDone()).toBe(1024 * 8);
    });
  });

  it('makes 256-bit url-safe tokens that never repeat', () => {
    const tokens = new Set(Array.from({ length: 500 }, newToken));
    expect(tokens.size).toBe(500);
    for (const t of tokens) expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sha256Hex('x')).toHaveLength(64);
  });

  it('stores tokens as their SHA-256, UTF-8 encoded', () => {
    // FIPS 180-2's test vector, and a token with a character past ASCII.
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('é')).toBe(createHash('sha256').update(Buffer.from('é', 'utf8')).digest('hex'));
  });

  it('compares secrets of any length', () => {
    expect(safeEqualText('abc', 'abc')).toBe(true);
    expect(safeEqualText('abc', 'abd')).toBe(false);
    expect(safeEqualText('abc', 'abcd')).toBe(false);
    expect(safeEqualText('', '')).toBe(true);
  });

  it('draws numeric codes of the asked length', () => {
    for (let i = 0; i < 200; i++) expect(randomDigits(6)).toMatch(/^\d{6}$/);
  });

  it('makes invitation codes without look-alike characters', () => {
    for (let i = 0; i < 500; i++) {
      const code = newInviteCode();
      expect(code).toMatch(INVITE_CODE_RE);
      expect(code).toHaveLength(8);
      for (const c of code) expect(INVITE_ALPHABET).toContain(c);
    }
    expect(INVITE_ALPHABET).not.toMatch(/[01OIL]/);
  });

  it('generates strong passwords that pass the account password rule', () => {
    for (let i = 0; i < 500; i++) {
      const p = generatePassword();
      expect(passwordProblem(p), p).toBeNull();
      expect(p).toHaveLength(16);
      expect(p).toMatch(/[a-z]/);
      expect(p).toMatch(/[A-Z]/);
      expect(p).toMatch(/\d/);
    }
  });
});
