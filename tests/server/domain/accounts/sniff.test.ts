import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { sniffImage } from '../../../../server/domain/accounts/sniff';
import { IMAGES } from '../../helpers/accounts';

const bytes = (...parts: Array<string | number[] | Buffer>) =>
  Buffer.concat(
    parts.map((p) =>
      typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.isBuffer(p) ? p : Buffer.from(p),
    ),
  );

const u32be = (n: number) => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(n);
  return out;
};

/** A PNG chunk with its length and CRC. */
const chunk = (type: string, data: Buffer = Buffer.alloc(0)) => {
  const body = bytes(type, data);
  return bytes(u32be(data.length), body, u32be(crc32(body)));
};
const ihdr = (width: number, height: number) =>
  // 8-bit greyscale, deflate, filter method 0, not interlaced.
  chunk('IHDR', bytes(u32be(width), u32be(height), [8, 0, 0, 0, 0]));
/** Rows of grey pixels, each led by filter type 0. */
const idat = (width: number, height: number) =>
  chunk('IDAT', deflateSync(Buffer.alloc((width + 1) * height, 0)));
const pngOf = (...chunks: Buffer[]) => bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], ...chunks);
const PNG = pngOf(ihdr(3, 2), chunk('tEXt', bytes('Comment\0scan')), idat(3, 2), chunk('IEND'));

const { jpeg: JPEG, webp: WEBP } = IMAGES;
const jpegMarker = (marker: number) => JPEG.indexOf(Buffer.from([0xff, marker]));
/** The fixture's segment of `marker`, from the marker to the end of the length it gives. */
const jpegSegment = (marker: number) => {
  const at = jpegMarker(marker);
  return { at, end: at + 2 + JPEG.readUInt16BE(at + 2) };
};
const sof = jpegSegment(0xc0);
const jpegNoFrame = bytes(JPEG.subarray(0, sof.at), JPEG.subarray(sof.end));

describe('sniffImage', () => {
  it.each([
    ['jpeg', JPEG, 'image/jpeg', 'jpg'],
    ['png', IMAGES.png, 'image/png', 'png'],
    ['png built here, with a text chunk', PNG, 'image/png', 'png'],
    ['webp', WEBP, 'image/webp', 'webp'],
  ])('accepts a whole %s by its magic number, its header and its structure', (_name, data, mime, ext) => {
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
    // The file QA picked: the signature and the start of IHDR, 30 bytes.
    ['a PNG cut off in its header', PNG.subarray(0, 30)],
  ])('refuses %s as not an image', (_name, data) => {
    expect(sniffImage(data)).toEqual({ kind: 'not-image' });
  });

  it.each([
    ['jpeg', JPEG],
    ['png', PNG],
    ['webp', WEBP],
  ])('refuses a %s cut short anywhere, down to its first byte', (_name, data) => {
    const cuts = Array.from({ length: data.length }, (_, n) => n);
    expect(cuts.filter((n) => sniffImage(data.subarray(0, n)).kind !== 'not-image')).toEqual([]);
  });

  it.each([
    ['a PNG padded with zeros', bytes(PNG, new Array(16).fill(0))],
    ['a PNG with bytes after IEND', bytes(PNG, 'PK', [3, 4], 'more')],
    ['a PNG whose image data was written over', PNG.map((b, i) => (i === PNG.length - 20 ? b ^ 1 : b))],
    ['a PNG with no image data', pngOf(ihdr(3, 2), chunk('IEND'))],
    [
      'a PNG whose first chunk is not IHDR',
      pngOf(chunk('tEXt', bytes('a\0b')), ihdr(3, 2), idat(3, 2), chunk('IEND')),
    ],
    ['a PNG whose IHDR is short', pngOf(chunk('IHDR', bytes(u32be(3), u32be(2))), idat(3, 2), chunk('IEND'))],
    ['a PNG of no width', pngOf(ihdr(0, 2), idat(0, 2), chunk('IEND'))],
    ['a PNG of no height', pngOf(ihdr(3, 0), idat(3, 0), chunk('IEND'))],
    ['a JPEG with no frame header', jpegNoFrame],
    [
      'a JPEG whose frame header comes after its scan',
      // Its scan data left out, so image-size, reading on past the scan, finds the frame.
      bytes(
        jpegNoFrame.subarray(0, jpegSegment(0xda).end - (sof.end - sof.at)),
        JPEG.subarray(sof.at, sof.end),
        [0xff, 0xd9],
      ),
    ],
    [
      'a JPEG of a frame type browsers do not draw (lossless)',
      JPEG.map((b, i) => (i === sof.at + 1 ? 0xc3 : b)),
    ],
    ['a JPEG whose header ends at once (no scan)', bytes(JPEG.subarray(0, jpegMarker(0xda)), [0xff, 0xd9])],
    ['a WebP padded with zeros', bytes(WEBP, new Array(16).fill(0))],
    ['a WebP with bytes after its RIFF size', bytes(WEBP, 'more')],
    [
      'a WebP whose RIFF size is larger than the file',
      bytes(WEBP.subarray(0, 4), [0xff, 0, 0, 0], WEBP.subarray(8)),
    ],
    ['a WebP with no frame', bytes('RIFF', [22, 0, 0, 0], 'WEBPVP8X', [10, 0, 0, 0], new Array(10).fill(0))],
  ])('refuses %s as not an image', (_name, data) => {
    expect(sniffImage(data)).toEqual({ kind: 'not-image' });
  });

  // Phones write more behind a JPEG's EOI (a second image for HDR or depth, vendor trailers, a
  // motion photo's video): the image before it is whole, and is what any viewer shows.
  it.each([
    ['zero padding', bytes(JPEG, new Array(16).fill(0))],
    ['a second image', bytes(JPEG, JPEG)],
    ['a vendor trailer', bytes(JPEG, 'SEFHxxxxSEFT')],
  ])('accepts a whole JPEG followed by %s', (_name, data) => {
    expect(sniffImage(data)).toEqual({ kind: 'accepted', mime: 'image/jpeg', ext: 'jpg' });
  });

  it('reads on past restart markers within a scan', () => {
    const scan = jpegSegment(0xda).end;
    const restarted = bytes(JPEG.subarray(0, scan + 1), [0xff, 0xd0], JPEG.subarray(scan + 1));
    expect(sniffImage(restarted)).toMatchObject({ kind: 'accepted' });
  });

  /** The fixture JPEG with its frame header saying `width` × `height`. */
  const jpegSized = (width: number, height: number) => {
    const out = Buffer.from(JPEG);
    out.writeUInt16BE(height, sof.at + 5);
    out.writeUInt16BE(width, sof.at + 7);
    return out;
  };
  /** The fixture WebP (lossless) with its header saying `width` × `height`, 14 bits each less one. */
  const webpSized = (width: number, height: number) => {
    const out = Buffer.from(WEBP);
    const bits = out.readUInt32LE(21);
    out.writeUInt32LE((bits & 0xf0000000) | ((height - 1) << 14) | (width - 1), 21);
    return out;
  };

  // A decompression bomb: a few bytes declaring more pixels than the operator's browser can draw.
  it.each([
    ['a PNG wider than 16 384 px', pngOf(ihdr(16_385, 1), idat(1, 1), chunk('IEND'))],
    ['a PNG taller than 16 384 px', pngOf(ihdr(1, 16_385), idat(1, 1), chunk('IEND'))],
    ['a PNG of 10 000 × 10 001 px (over 100 MP)', pngOf(ihdr(10_000, 10_001), idat(1, 1), chunk('IEND'))],
    ['a PNG of 4 000 000 000 px', pngOf(ihdr(65_536, 65_536), idat(1, 1), chunk('IEND'))],
    ['a JPEG of 65 535 × 65 535 px', jpegSized(65_535, 65_535)],
    ['a WebP of 16 384 × 16 384 px (268 MP)', webpSized(16_384, 16_384)],
  ])('refuses %s as too large', (_name, data) => {
    expect(sniffImage(data)).toEqual({ kind: 'too-large' });
  });

  it.each([
    [
      'a PNG of 16 384 × 6 103 px (just under 100 MP)',
      pngOf(ihdr(16_384, 6_103), idat(1, 1), chunk('IEND')),
      'png',
    ],
    ['a JPEG of a 50 MP phone photo (8 160 × 6 120 px)', jpegSized(8_160, 6_120), 'jpg'],
    ['a WebP of 16 384 × 6 103 px', webpSized(16_384, 6_103), 'webp'],
  ])('accepts %s, within the caps', (_name, data, ext) => {
    expect(sniffImage(data)).toMatchObject({ kind: 'accepted', ext });
  });

  it('ignores what the name or a declared type would say: only bytes count', () => {
    const pngNamedJpeg = IMAGES.png;
    expect(sniffImage(pngNamedJpeg)).toMatchObject({ mime: 'image/png' });
  });
});
