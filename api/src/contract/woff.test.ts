import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { woffToSfnt } from './woff';

const require = createRequire(import.meta.url);
// The very file the shell serves (its build copies it from this package).
const fontFile = require.resolve('@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff', {
  paths: [require.resolve('../../../shell/package.json')],
});

describe('woffToSfnt', () => {
  it('gives back the TrueType font a WOFF wraps, its tables whole', async () => {
    const sfnt = await woffToSfnt(new Uint8Array(readFileSync(fontFile)), async (data) => new Uint8Array(inflateSync(data)));
    const view = new DataView(sfnt.buffer);
    expect(view.getUint32(0)).toBe(0x00010000);
    const tags = Array.from({ length: view.getUint16(4) }, (_, i) =>
      String.fromCharCode(...sfnt.subarray(12 + i * 16, 16 + i * 16)),
    );
    expect(tags).toEqual(expect.arrayContaining(['cmap', 'glyf', 'head', 'hmtx', 'loca']));
    // 'head' keeps its magic number 0x5F0F3CF5 at byte 12.
    const head = tags.indexOf('head');
    const headOffset = view.getUint32(12 + head * 16 + 8);
    expect(view.getUint32(headOffset + 12)).toBe(0x5f0f3cf5);
  });

  it('refuses what is not a WOFF', async () => {
    await expect(woffToSfnt(new Uint8Array(64), async (d) => d)).rejects.toThrow(/not a WOFF/);
  });
});
