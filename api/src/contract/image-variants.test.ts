import { describe, expect, it } from 'vitest';
import { imageSrcSet, imageVariantUrl, parseImageVariantUrl } from './image-variants';

const upload = '/uploads/0f8fad5b-d9cb-469f-a165-70867728950e.jpg';

describe('image variants', () => {
  it('names a copy after its image and parses it back', () => {
    const copy = imageVariantUrl(upload, 480);
    expect(copy).toBe('/uploads/0f8fad5b-d9cb-469f-a165-70867728950e-w480.jpg');
    expect(parseImageVariantUrl(copy)).toEqual({ original: upload, width: 480 });
  });

  it('gives an uploaded image a srcset of its copies, and nothing for other URLs', () => {
    expect(imageSrcSet(upload)).toBe(`${imageVariantUrl(upload, 480)} 480w, ${imageVariantUrl(upload, 960)} 960w`);
    expect(imageSrcSet('https://example.com/a.jpg')).toBeUndefined();
    expect(imageSrcSet(null)).toBeUndefined();
  });

  it('refuses a width that is not made, and anything that is not a copy', () => {
    expect(parseImageVariantUrl(imageVariantUrl(upload, 123))).toBeUndefined();
    expect(parseImageVariantUrl(upload)).toBeUndefined();
    expect(parseImageVariantUrl('/uploads/../secret-w480.jpg')).toBeUndefined();
  });
});
