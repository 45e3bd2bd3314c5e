import { IMAGE_VARIANT_WIDTHS } from '@tdk/api/contract';

/** The copy widths worth making of an image this wide: only narrower ones. */
export const copyWidths = (naturalWidth: number): number[] => IMAGE_VARIANT_WIDTHS.filter((width) => width < naturalWidth);

/**
 * Narrower copies of a picked image, drawn in the browser (the server has no image library), in the
 * image's own type so the copy's name tells browsers what it is. A GIF, or a browser that cannot
 * decode the file, gets none: the server then answers a copy with the image itself.
 */
export async function narrowerCopies(file: File): Promise<{ width: number; blob: Blob }[]> {
  if (file.type === 'image/gif' || typeof createImageBitmap !== 'function') return [];
  const bitmap = await createImageBitmap(file);
  try {
    const copies: { width: number; blob: Blob }[] = [];
    for (const width of copyWidths(bitmap.width)) {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = Math.round((bitmap.height * width) / bitmap.width);
      const context = canvas.getContext('2d');
      if (!context) break;
      context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, file.type, 0.85));
      if (blob && blob.type === file.type) copies.push({ width, blob });
    }
    return copies;
  } finally {
    bitmap.close();
  }
}
