import { crc32 } from 'node:zlib';
import { imageSize } from 'image-size';

/**
 * What an uploaded file is, read from its bytes (never from its name or declared type).
 * Accepted: whole JPEG, PNG and WebP images whose header gives a size within the caps below.
 * Recognised but refused (upload_format): GIF, BMP, TIFF, ICO, HEIC/AVIF and other ISO-BMFF images.
 * A whole image whose header gives a size over the caps is too large to draw (upload_dimensions).
 * Anything else is not an image (upload_not_image), a file that only begins like one, or is cut
 * short, included.
 */
type Sniffed =
  | { kind: 'accepted'; mime: 'image/jpeg' | 'image/png' | 'image/webp'; ext: 'jpg' | 'png' | 'webp' }
  | { kind: 'too-large' }
  | { kind: 'other-image'; mime: string }
  | { kind: 'not-image' };

const startsWith = (bytes: Uint8Array, sig: readonly number[], offset = 0) =>
  bytes.length >= offset + sig.length && sig.every((b, i) => bytes[offset + i] === b);

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const fourCC = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Whether a PNG is whole: from IHDR (13 bytes; image-size checks it comes first) its chunks follow
 * one another, each with the CRC of its bytes, image data (IDAT) among them, up to an IEND that ends
 * the file. A file cut short never reaches IEND; bytes written over fail a CRC; nothing may follow
 * IEND, as no PNG writer puts anything there. */
const wholePng = (bytes: Uint8Array) => {
  const data = view(bytes);
  let hasPixels = false;
  for (let at = 8; at + 12 <= bytes.length;) {
    const length = data.getUint32(at);
    const type = fourCC(bytes, at + 4);
    const end = at + 12 + length;
    if (end > bytes.length) return false;
    if (crc32(bytes.subarray(at + 4, end - 4)) !== data.getUint32(end - 4)) return false;
    if (type === 'IHDR' && length !== 13) return false;
    if (type === 'IDAT') hasPixels = true;
    if (type === 'IEND') return hasPixels && end === bytes.length;
    at = end;
  }
  return false;
};

/** Baseline, extended and progressive Huffman frames: the ones browsers draw, and image-size reads. */
const SOF = new Set([0xc0, 0xc1, 0xc2]);
const isRestart = (marker: number | undefined) => marker !== undefined && marker >= 0xd0 && marker <= 0xd7;

/**
 * Whether a JPEG is whole: after SOI its marker segments follow one another by their lengths, a
 * frame (SOF0–2) before the first scan, each scan's entropy-coded data running to the next marker,
 * up to an EOI. A file cut short never reaches EOI. Bytes after EOI are allowed: phones put more
 * there (a second image for HDR or depth, Samsung's trailer, a motion photo's video), and viewers
 * show the image before them.
 */
const wholeJpeg = (bytes: Uint8Array) => {
  let frame = false;
  let scan = false;
  let at = 2;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) return false;
    while (bytes[at] === 0xff) at++;
    const marker = bytes[at++];
    if (marker === undefined) return false;
    if (marker === 0xd9) return scan;
    if (at + 2 > bytes.length) return false;
    at += (bytes[at]! << 8) | bytes[at + 1]!;
    if (SOF.has(marker)) frame = true;
    if (marker !== 0xda) continue;
    if (!frame) return false;
    scan = true;
    // Within the scan data 0xFF is followed by 0x00 (a stuffed byte) or a restart marker.
    for (at = bytes.indexOf(0xff, at); at >= 0; at = bytes.indexOf(0xff, at + 2)) {
      const next = bytes[at + 1];
      if (next !== 0x00 && !isRestart(next)) break;
    }
    if (at < 0) return false;
  }
  return false;
};

/** Whether a WebP is whole: the RIFF header's size is the file's, and its chunks, each padded to
 * an even length, fill it exactly, one of them a frame (VP8, VP8L or an animation's ANMF). */
const wholeWebp = (bytes: Uint8Array) => {
  const data = view(bytes);
  if (bytes.length < 12 || data.getUint32(4, true) + 8 !== bytes.length) return false;
  let hasFrame = false;
  let at = 12;
  while (at + 8 <= bytes.length) {
    const size = data.getUint32(at + 4, true);
    if (['VP8 ', 'VP8L', 'ANMF'].includes(fourCC(bytes, at))) hasFrame = true;
    at += 8 + size + (size & 1);
  }
  return hasFrame && at === bytes.length;
};

/** A few kilobytes of PNG or WebP can declare billions of pixels, which the operator's browser
 * would try to decode (a decompression bomb). A 50 MP phone photo stays well inside both caps. */
export const MAX_IMAGE_PIXELS = 100_000_000;
export const MAX_IMAGE_SIDE = 16_384;

/** An accepted kind, if the file is a whole image of that kind and its header gives a size: the
 * first bytes of a JPEG before a script, or a PNG cut off after its header, are no image. */
type Accepted = Extract<Sniffed, { kind: 'accepted' }>;
const ifWhole = (
  bytes: Uint8Array,
  whole: (bytes: Uint8Array) => boolean,
  ext: Accepted['ext'],
  mime: Accepted['mime'],
): Sniffed => {
  if (!whole(bytes)) return { kind: 'not-image' };
  try {
    const size = imageSize(bytes);
    if (size.type === ext && size.width > 0 && size.height > 0) {
      const tooLarge =
        Math.max(size.width, size.height) > MAX_IMAGE_SIDE || size.width * size.height > MAX_IMAGE_PIXELS;
      return tooLarge ? { kind: 'too-large' } : { kind: 'accepted', mime, ext };
    }
  } catch {
    // Not the header of an image: below.
  }
  return { kind: 'not-image' };
};

export const sniffImage = (bytes: Uint8Array): Sniffed => {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return ifWhole(bytes, wholeJpeg, 'jpg', 'image/jpeg');
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return ifWhole(bytes, wholePng, 'png', 'image/png');
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8))
    return ifWhole(bytes, wholeWebp, 'webp', 'image/webp');
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a')))
    return { kind: 'other-image', mime: 'image/gif' };
  if (startsWith(bytes, ascii('BM')) && bytes.length >= 26) return { kind: 'other-image', mime: 'image/bmp' };
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]))
    return { kind: 'other-image', mime: 'image/tiff' };
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0x00])) return { kind: 'other-image', mime: 'image/x-icon' };
  if (startsWith(bytes, ascii('ftyp'), 4)) {
    const brand = String.fromCharCode(...bytes.slice(8, 12));
    if (/^(heic|heix|hevc|heim|heis|mif1|msf1|avif|avis)$/.test(brand))
      return { kind: 'other-image', mime: `image/${brand}` };
  }
  return { kind: 'not-image' };
};
