// An image's size read from its header, without decoding it (issue 28: 20,000 × 20,000 was accepted).
import { describe, expect, it } from 'vitest';
import { detectImageType, imageDimensions, imageSizeProblem, MAX_IMAGE_PIXELS } from './uploads';

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const be16 = (n: number) => [(n >>> 8) & 255, n & 255];
const le16 = (n: number) => [n & 255, (n >>> 8) & 255];
const le24 = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255];

const png = (width: number, height: number) =>
  bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], be32(13), 'IHDR', be32(width), be32(height), [8, 6, 0, 0, 0]);
/** A JPEG with an APP0 (JFIF) segment, a table, then its frame header. */
const jpeg = (width: number, height: number) =>
  bytes(
    [0xff, 0xd8, 0xff, 0xe0],
    be16(16),
    'JFIF',
    [0, 1, 1, 0, 0, 1, 0, 1, 0, 0],
    [0xff, 0xdb],
    be16(4),
    [0, 0],
    [0xff, 0xc2],
    be16(17),
    [8],
    be16(height),
    be16(width),
    [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1],
  );
const gif = (width: number, height: number) => bytes('GIF89a', le16(width), le16(height), [0xf7, 0, 0]);
const webpLossy = (width: number, height: number) =>
  bytes('RIFF', [0, 0, 0, 0], 'WEBP', 'VP8 ', [0, 0, 0, 0], [0, 0, 0], [0x9d, 0x01, 0x2a], le16(width), le16(height));
const webpLossless = (width: number, height: number) => {
  const bits = ((width - 1) | ((height - 1) << 14)) >>> 0;
  return bytes(
    'RIFF',
    [0, 0, 0, 0],
    'WEBP',
    'VP8L',
    [0, 0, 0, 0],
    [0x2f],
    [bits & 255, (bits >>> 8) & 255, (bits >>> 16) & 255, bits >>> 24],
    [0, 0, 0, 0, 0],
  );
};
const webpExtended = (width: number, height: number) =>
  bytes('RIFF', [0, 0, 0, 0], 'WEBP', 'VP8X', [10, 0, 0, 0], [0, 0, 0, 0], le24(width - 1), le24(height - 1));

describe('imageDimensions', () => {
  it.each([
    ['png', png],
    ['jpg', jpeg],
    ['gif', gif],
    ['webp', webpLossy],
    ['webp', webpLossless],
    ['webp', webpExtended],
  ] as const)('reads the size a %s header declares', (type, make) => {
    const image = make(1200, 675);
    expect(detectImageType(image)).toBe(type);
    expect(imageDimensions(image, type)).toEqual({ width: 1200, height: 675 });
  });

  it('refuses above 40 megapixels, accepts up to it, and calls a header cut short invalid', () => {
    expect(MAX_IMAGE_PIXELS).toBe(40_000_000);
    expect(imageSizeProblem(png(20_000, 20_000), 'png')).toBe('too-many-pixels');
    expect(imageSizeProblem(jpeg(10_000, 4_001), 'jpg')).toBe('too-many-pixels');
    expect(imageSizeProblem(webpExtended(16_383, 16_383), 'webp')).toBe('too-many-pixels');
    expect(imageSizeProblem(gif(65_535, 65_535), 'gif')).toBe('too-many-pixels');
    expect(imageSizeProblem(png(8_000, 5_000), 'png')).toBeUndefined();
    expect(imageSizeProblem(jpeg(8_000, 5_000), 'jpg')).toBeUndefined();
    expect(imageSizeProblem(png(1, 1).slice(0, 16), 'png')).toBe('invalid');
    expect(imageSizeProblem(bytes([0xff, 0xd8, 0xff, 0xda, 0, 2]), 'jpg')).toBe('invalid');
    expect(imageSizeProblem(png(0, 10), 'png')).toBe('invalid');
  });
});
