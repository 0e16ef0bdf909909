import { describe, expect, it } from 'vitest';
import { sniffImage } from '../../../../server/domain/accounts/sniff';
import { IMAGES } from '../../helpers/accounts';

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('sniffImage', () => {
  it.each([
    ['jpeg', IMAGES.jpeg, 'image/jpeg', 'jpg'],
    ['png', IMAGES.png, 'image/png', 'png'],
    ['webp', IMAGES.webp, 'image/webp', 'webp'],
  ])('accepts %s by its magic number and its header', (_name, data, mime, ext) => {
    expect(sniffImage(data)).toEqual({ kind: 'accepted', mime, ext });
  });

  it.each([
    ['gif87', bytes('GIF87a', [0, 0, 0])],
    ['gif89', IMAGES.gif],
    ['bmp', bytes('BM', new Array(30).fill(0))],
    ['tiff little-endian', bytes([0x49, 0x49, 0x2a, 0x00, 1, 2])],
    ['tiff big-endian', bytes([0x4d, 0x4d, 0x00, 0x2a, 1, 2])],
    ['ico', bytes([0, 0, 1, 0, 1, 0])],
    ['heic', bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0])],
    ['avif', bytes([0, 0, 0, 0x18], 'ftypavif', [0, 0, 0, 0])],
  ])('recognises %s as an image of a refused format', (_name, data) => {
    expect(sniffImage(data).kind).toBe('other-image');
  });

  it.each([
    ['empty', Buffer.alloc(0)],
    ['text', IMAGES.text],
    ['pdf', bytes('%PDF-1.7\n')],
    ['html', bytes('<script>alert(1)</script>')],
    ['jpeg prefix cut short', bytes([0xff, 0xd8])],
    ['png prefix cut short', bytes([0x89, 0x50, 0x4e, 0x47])],
    ['RIFF that is not WebP', bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt ')],
    ['mp4', bytes([0, 0, 0, 0x18], 'ftypisom', [0, 0, 0, 0])],
    ['zip', bytes('PK', [3, 4])],
    // Only the first bytes of an image: no header behind them.
    ['a JPEG start before a script', bytes([0xff, 0xd8, 0xff, 0xe0], '<script>alert(1)</script>')],
    ['a PNG signature before text', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'not an image')],
  ])('refuses %s as not an image', (_name, data) => {
    expect(sniffImage(data)).toEqual({ kind: 'not-image' });
  });

  it('ignores what the name or a declared type would say: only bytes count', () => {
    const pngNamedJpeg = IMAGES.png;
    expect(sniffImage(pngNamedJpeg)).toMatchObject({ mime: 'image/png' });
  });
});
