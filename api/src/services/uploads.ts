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
