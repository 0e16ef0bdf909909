import { pbkdf2, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HashingBusy, MAX_WAITING, scryptOnThread } from '../../../server/crypto/scryptThread';

const salt = Buffer.from('0123456789abcdef');

describe('the password-hashing thread', () => {
  it('answers what scrypt answers', async () => {
    const key = await scryptOnThread('secret123', salt, 32, { n: 1024, r: 8, p: 1 });
    expect(key.equals(scryptSync('secret123', salt, 32, { N: 1024, r: 8, p: 1 }))).toBe(true);
  });

  it('fails one hash with parameters scrypt refuses, and goes on with the next', async () => {
    await expect(scryptOnThread('x', salt, 32, { n: 1000, r: 8, p: 1 })).rejects.toThrow(/N|param/i);
    const key = await scryptOnThread('x', salt, 32, { n: 1024, r: 8, p: 1 });
    expect(key).toHaveLength(32);
  });

  it('leaves libuv’s pool free: work queued there finishes while four hashes are under way', async () => {
    const order: string[] = [];
    const hashes = Array.from({ length: 4 }, (_, i) =>
      scryptOnThread(`p${i}`, salt, 32, { n: 16_384, r: 8, p: 1 }).then(() => order.push(`hash ${i}`)),
    );
    // pbkdf2 runs on libuv's pool: had the hashes been sent there, its four threads would be busy.
    await new Promise<void>((resolve, reject) =>
      pbkdf2('x', salt, 1, 32, 'sha256', (err) => (err ? reject(err) : resolve())),
    );
    order.push('pool');
    await Promise.all(hashes);
    expect(order[0]).toBe('pool');
  });

  it('refuses at once past the hashes it may hold waiting', async () => {
    const held = Array.from({ length: MAX_WAITING + 1 }, (_, i) =>
      scryptOnThread(`p${i}`, salt, 32, { n: 4096, r: 8, p: 1 }),
    );
    await expect(scryptOnThread('one more', salt, 32, { n: 1024, r: 8, p: 1 })).rejects.toBeInstanceOf(
      HashingBusy,
    );
    expect(await Promise.all(held)).toHaveLength(MAX_WAITING + 1);
    // Once they are done, hashes are taken again.
    expect(await scryptOnThread('again', salt, 32, { n: 1024, r: 8, p: 1 })).toHaveLength(32);
  });
});
