// Uploaded images and their narrower copies. No zod here: the storefront's first load imports
// these helpers, and a module of schemas would come with them.

/** Where an uploaded image lives: POST /api/admin/uploads/images answers such a URL. */
export const UPLOADED_IMAGE_URL = /^\/uploads\/[a-f0-9-]{36}\.(png|jpe?g|gif|webp)$/;

/**
 * Narrower copies of an uploaded image, made by the admin's browser when it uploads one, so a card
 * fetches a picture near its own size. A copy is named after its image: `/uploads/{id}-w480.jpg`.
 * The server answers a copy that was never made with the image itself, so `srcset` is safe for
 * every upload, old ones included.
 */
export const IMAGE_VARIANT_WIDTHS = [480, 960] as const;
export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];

export const imageVariantUrl = (url: string, width: number): string => url.replace(/(\.[a-z]+)$/, `-w${width}$1`);

/** The `srcset` of an uploaded image (its copies by width), or undefined for any other URL. */
export function imageSrcSet(url: string | null | undefined): string | undefined {
  if (!url || !UPLOADED_IMAGE_URL.test(url)) return undefined;
  return IMAGE_VARIANT_WIDTHS.map((width) => `${imageVariantUrl(url, width)} ${width}w`).join(', ');
}

/** A copy's URL → its image's URL and width, or undefined for anything that is not a copy. */
export function parseImageVariantUrl(url: string): { original: string; width: ImageVariantWidth } | undefined {
  const match = /^(\/uploads\/[a-f0-9-]{36})-w(\d+)(\.(?:png|jpe?g|gif|webp))$/.exec(url);
  if (!match) return undefined;
  const width = Number(match[2]);
  if (!IMAGE_VARIANT_WIDTHS.includes(width as ImageVariantWidth)) return undefined;
  return { original: `${match[1]}${match[3]}`, width: width as ImageVariantWidth };
}
