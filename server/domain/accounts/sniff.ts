import { imageSize } from 'image-size';

/**
 * What an uploaded file is, read from its first bytes (never from its name or declared type).
 * Accepted: JPEG, PNG, WebP whose header gives a size. Recognised but refused (upload_format): GIF,
 * BMP, TIFF, ICO, HEIC/AVIF and other ISO-BMFF images. Anything else is not an image
 * (upload_not_image), a file that only begins like one included.
 */
export type Sniffed =
  | { kind: 'accepted'; mime: 'image/jpeg' | 'image/png' | 'image/webp'; ext: 'jpg' | 'png' | 'webp' }
  | { kind: 'other-image'; mime: string }
  | { kind: 'not-image' };

const startsWith = (bytes: Uint8Array, sig: readonly number[], offset = 0) =>
  bytes.length >= offset + sig.length && sig.every((b, i) => bytes[offset + i] === b);

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** An accepted kind, if the header behind its first bytes is that kind's and gives a size: the
 * first bytes of a JPEG before a script are no image (image-size reads the header). */
type Accepted = Extract<Sniffed, { kind: 'accepted' }>;
const ifReadable = (bytes: Uint8Array, ext: Accepted['ext'], mime: Accepted['mime']): Sniffed => {
  try {
    const size = imageSize(bytes);
    if (size.type === ext && size.width > 0 && size.height > 0) return { kind: 'accepted', mime, ext };
  } catch {
    // Not the header of an image: below.
  }
  return { kind: 'not-image' };
};

export const sniffImage = (bytes: Uint8Array): Sniffed => {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return ifReadable(bytes, 'jpg', 'image/jpeg');
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return ifReadable(bytes, 'png', 'image/png');
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8))
    return ifReadable(bytes, 'webp', 'image/webp');
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
