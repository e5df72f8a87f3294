/**
 * What an image file is, read from its bytes (magic numbers and headers), never from its name or a declared type:
 * JPEG, PNG or WebP with its pixel size, or null for anything else (a file that does not start like one of them,
 * or whose size cannot be read).
 */
export type ImageType = 'jpeg' | 'png' | 'webp';

export interface ImageInfo {
  readonly type: ImageType;
  readonly mime: `image/${ImageType}`;
  readonly width: number;
  readonly height: number;
}

const info = (type: ImageType, width: number, height: number): ImageInfo | null =>
  width > 0 && height > 0 ? { type, mime: `image/${type}`, width, height } : null;

export function imageInfo(bytes: Uint8Array): ImageInfo | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ascii = (at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));
  // PNG: the 8-byte signature, then the IHDR chunk with width and height (big-endian).
  if (bytes.length >= 24 && ascii(1, 3) === 'PNG' && bytes[0] === 0x89 && ascii(12, 4) === 'IHDR') {
    return info('png', view.getUint32(16), view.getUint32(20));
  }
  // JPEG: SOI, then segments up to a start-of-frame marker (SOF0-SOF15 but DHT C4, JPG C8, DAC CC) with the size.
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    let at = 2;
    while (at + 9 < bytes.length) {
      if (bytes[at] !== 0xff) return null;
      const marker = bytes[at + 1]!;
      if (marker === 0xff) {
        at += 1;
        continue;
      }
      if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
        at += 2;
        continue;
      }
      const length = view.getUint16(at + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return info('jpeg', view.getUint16(at + 7), view.getUint16(at + 5));
      }
      if (length < 2) return null;
      at += 2 + length;
    }
    return null;
  }
  // WebP: RIFF....WEBP, then a VP8 (lossy), VP8L (lossless) or VP8X (extended) chunk.
  if (bytes.length >= 30 && ascii(0, 4) === 'RIFF' && ascii(8, 4) === 'WEBP') {
    const chunk = ascii(12, 4);
    if (chunk === 'VP8 ' && bytes[23] === 0x9d && bytes[24] === 0x01 && bytes[25] === 0x2a) {
      return info('webp', view.getUint16(26, true) & 0x3fff, view.getUint16(28, true) & 0x3fff);
    }
    if (chunk === 'VP8L' && bytes[20] === 0x2f) {
      const bits = view.getUint32(21, true);
      return info('webp', (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
    }
    if (chunk === 'VP8X') {
      const width = 1 + (bytes[24]! | (bytes[25]! << 8) | (bytes[26]! << 16));
      const height = 1 + (bytes[27]! | (bytes[28]! << 8) | (bytes[29]! << 16));
      return info('webp', width, height);
    }
  }
  return null;
}

/**
 * The Bot API's rules for a photo (sendPhoto, https://core.telegram.org/bots/api#sendphoto): at most 10 MB, width
 * and height at most 10000 in total, their ratio at most 20.
 */
export const TELEGRAM_PHOTO_MAX_BYTES = 10 * 1024 * 1024;

export function fitsTelegramPhoto(image: Pick<ImageInfo, 'width' | 'height'>): boolean {
  const { width, height } = image;
  return width + height <= 10_000 && Math.max(width, height) / Math.min(width, height) <= 20;
}
