// Event images (issue 9): accepted by what their bytes are, never by their name or declared type,
// stored under a generated name in the uploads folder (UPLOADS_DIR; DATA_DIR/uploads/ unless set) and served from /uploads/.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { IMAGE_VARIANT_WIDTHS, imageVariantUrl, UPLOADED_IMAGE_URL } from '../contract';

export type ImageType = 'png' | 'jpg' | 'gif' | 'webp';

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The image type its magic number says, or undefined for anything else (a renamed text file...). */
export function detectImageType(bytes: Uint8Array): ImageType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return undefined;
}

/**
 * The most pixels an image may have: 40 megapixels (8,000 × 5,000, more than any camera's photo a
 * poster needs). A 5 MB file can declare 20,000 × 20,000 (400 megapixels, 1.6 GB once decoded),
 * which would take down the phone of every visitor whose browser decodes it. Decision 029.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

const be16 = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const le16 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const be32 = (b: Uint8Array, at: number) => ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;
const le24 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);

/** JPEG: the first start-of-frame segment's size (SOF0–SOF15 but DHT, JPG and DAC). */
function jpegDimensions(b: Uint8Array): { width: number; height: number } | undefined {
  let i = 2;
  while (i + 3 < b.length) {
    if (b[i] !== 0xff) return undefined;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      i += 2; // a marker without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return undefined; // the image ends or its data starts: no frame header
    const length = be16(b, i + 2);
    if (length < 2) return undefined;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (i + 8 >= b.length) return undefined;
      return { height: be16(b, i + 5), width: be16(b, i + 7) };
    }
    i += 2 + length;
  }
  return undefined;
}

/**
 * The width and height an image's header declares, read without decoding it; undefined when the
 * header is cut short or malformed (no real image of its type is).
 */
export function imageDimensions(bytes: Uint8Array, type: ImageType): { width: number; height: number } | undefined {
  const b = bytes;
  switch (type) {
    case 'png':
      // The first chunk is IHDR: width and height, 4 bytes each, big-endian.
      if (b.length < 24 || !startsWith(b, ascii('IHDR'), 12)) return undefined;
      return { width: be32(b, 16), height: be32(b, 20) };
    case 'gif':
      // The logical screen: every frame is drawn on it.
      if (b.length < 10) return undefined;
      return { width: le16(b, 6), height: le16(b, 8) };
    case 'jpg':
      return jpegDimensions(b);
    case 'webp':
      if (b.length < 30) return undefined;
      if (startsWith(b, ascii('VP8 '), 12)) {
        if (!startsWith(b, [0x9d, 0x01, 0x2a], 23)) return undefined;
        return { width: le16(b, 26) & 0x3fff, height: le16(b, 28) & 0x3fff };
      }
      if (startsWith(b, ascii('VP8L'), 12)) {
        if (b[20] !== 0x2f) return undefined;
        const bits = (b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24)) >>> 0;
        return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
      }
      if (startsWith(b, ascii('VP8X'), 12)) return { width: le24(b, 24) + 1, height: le24(b, 27) + 1 };
      return undefined;
  }
}

/** Why an image's header refuses it: unreadable, or more pixels than MAX_IMAGE_PIXELS. */
export function imageSizeProblem(bytes: Uint8Array, type: ImageType): 'invalid' | 'too-many-pixels' | undefined {
  const size = imageDimensions(bytes, type);
  if (!size || size.width === 0 || size.height === 0) return 'invalid';
  return size.width * size.height > MAX_IMAGE_PIXELS ? 'too-many-pixels' : undefined;
}

/** Writes the image under a new name; its public URL. */
export function saveUploadedImage(uploadsDir: string, bytes: Uint8Array, type: ImageType): string {
  mkdirSync(uploadsDir, { recursive: true });
  const name = `${randomUUID()}.${type}`;
  writeFileSync(join(uploadsDir, name), bytes, { flag: 'wx' });
  return `/uploads/${name}`;
}

export type VariantRefusal = 'unknown-image' | 'width' | 'type';

/**
 * Writes a narrower copy of an uploaded image beside it (contract `imageVariantUrl`). The image
 * must be one this platform stored, the width one the cards ask for, and the copy of the same
 * type, since the file's extension tells browsers what it is. A second copy replaces the first.
 */
export function saveImageVariant(
  uploadsDir: string,
  originalUrl: string,
  width: number,
  bytes: Uint8Array,
  type: ImageType,
): { url: string } | { refused: VariantRefusal } {
  if (!UPLOADED_IMAGE_URL.test(originalUrl) || !existsSync(join(uploadsDir, basename(originalUrl))))
    return { refused: 'unknown-image' };
  if (!(IMAGE_VARIANT_WIDTHS as readonly number[]).includes(width)) return { refused: 'width' };
  const extension = originalUrl.slice(originalUrl.lastIndexOf('.') + 1);
  if (extension !== type && !(extension === 'jpeg' && type === 'jpg')) return { refused: 'type' };
  const url = imageVariantUrl(originalUrl, width);
  writeFileSync(join(uploadsDir, basename(url)), bytes);
  return { url };
}

/** Removes an image this platform stored (an /uploads/ URL); anything else is left alone. */
export function removeUploadedImage(uploadsDir: string, url: string | null | undefined): void {
  if (!url || !UPLOADED_IMAGE_URL.test(url)) return;
  for (const file of [url, ...IMAGE_VARIANT_WIDTHS.map((width) => imageVariantUrl(url, width))]) {
    try {
      unlinkSync(join(uploadsDir, basename(file)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') console.warn(`[uploads] could not remove ${file}:`, error);
    }
  }
}
