// Devanagari on the server's PDF pages (decision 070): shaped by HarfBuzz, drawn as the glyphs the
// face's own rules choose, checked by rasterising a page and comparing it with a reference that a
// person read; the words stay copyable beneath.
import { describe, expect, it } from 'vitest';
import { svgPathOps } from '../contract/shaped-text';
import { pdfText, rasterise, type GreyImage } from '../testing/poppler';
import { readReference, SAMPLE_DPI, shapedSamplePdf, unshapedSamplePdf } from '../testing/shaped-sample';
import { devanagariFace } from './pdf-writer';

/** The share of pixels that differ by more than a third of the grey scale. */
function differingShare(a: GreyImage, b: GreyImage): number {
  expect({ width: a.width, height: a.height }).toEqual({ width: b.width, height: b.height });
  let differing = 0;
  for (let i = 0; i < a.pixels.length; i++) if (Math.abs(a.pixels[i]! - b.pixels[i]!) > 85) differing++;
  return differing / a.pixels.length;
}

describe('Devanagari shaped for PDF pages', () => {
  it('forms conjuncts and places the vowel sign i before its consonant', async () => {
    const { shaper } = await devanagariFace();
    const glyphOf = (text: string) => shaper.shape(text).glyphs.map((g) => g.glyph);
    // क्ष is one conjunct glyph, neither क nor ष nor a halant.
    const ksha = glyphOf('क्ष');
    expect(ksha).toHaveLength(1);
    expect([...glyphOf('क'), ...glyphOf('ष'), ...glyphOf('्')]).not.toContain(ksha[0]);
    // कि: the sign i (a variant as wide as its consonant) stands first, at the line's start; क follows.
    const ki = shaper.shape('कि').glyphs;
    expect(ki).toHaveLength(2);
    expect(ki[0]).toMatchObject({ x: 0 });
    expect(ki[0]!.glyph).not.toBe(glyphOf('क')[0]);
    expect(ki[1]!.glyph).toBe(glyphOf('क')[0]);
    expect(ki[1]!.x).toBeGreaterThan(0);
    // The reph of र्म is drawn above म, after it.
    const rma = glyphOf('र्म');
    expect(rma).toHaveLength(2);
    expect(rma[0]).toBe(glyphOf('म')[0]);
  });

  it('reads outlines as moves, lines and exact cubic curves in ems', () => {
    const ops = svgPathOps('M0,0L30,0Q60,90 90,0Z', 100);
    expect(ops).toEqual([
      { op: 'm', c: [0, 0] },
      { op: 'l', c: [0.3, 0] },
      { op: 'c', c: [0.5, 0.6, 0.7, 0.6, 0.9, 0] },
      { op: 'h', c: [] },
    ]);
  });

  it('prints a page as its reference shows it, unlike glyph-by-glyph writing', async () => {
    const reference = readReference();
    const shaped = rasterise(await shapedSamplePdf(), SAMPLE_DPI);
    expect(differingShare(shaped, reference)).toBeLessThan(0.002);
    // The same words written one glyph per character (क्‌ष, a visible halant) are far from it.
    const unshaped = rasterise(await unshapedSamplePdf(), SAMPLE_DPI);
    expect(differingShare(unshaped, reference)).toBeGreaterThan(0.02);
  });

  it('keeps the words copyable beneath the drawn glyphs', async () => {
    const text = pdfText(await shapedSamplePdf());
    expect(text).toContain('क्षितिज');
  });
});
