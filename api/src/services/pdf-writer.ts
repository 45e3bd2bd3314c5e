// The server's PDF pages (invoices, receipts, finisher certificates) written with jsPDF: the
// document's words in Helvetica, and whatever is in Devanagari (a name, an address, an event's
// title) in the Noto Sans Devanagari face the tickets embed (the @fontsource file the shell serves),
// shaped by HarfBuzz and drawn as its glyphs' outlines with the words written invisibly beneath for
// search and copying (decision 070). The face is read and the shaper loaded only for a document
// that has Devanagari.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { jsPDF, type jsPDFOptions } from 'jspdf';
import { needsDevanagariFace, scriptRuns, woffToSfnt, wrapWords } from '../contract';
import { loadShaper, writeShapedRun, type TextShaper } from '../contract/shaped-text';

export const INK: [number, number, number] = [17, 24, 39];
export const MUTED: [number, number, number] = [100, 116, 139];
const RULE: [number, number, number] = [203, 213, 225];
const DEVANAGARI_FONT = 'TDKDevanagari';
const FONT_FILE = '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff';

/** The Devanagari face: as TrueType in base64 (as jsPDF embeds it) and its shaper. */
export interface DevanagariFace {
  base64: string;
  shaper: TextShaper;
}

let face: Promise<DevanagariFace> | undefined;
/** The Devanagari face, read once. */
export function devanagariFace(): Promise<DevanagariFace> {
  face ??= (async () => {
    const woff = readFileSync(createRequire(import.meta.url).resolve(FONT_FILE));
    const sfnt = await woffToSfnt(new Uint8Array(woff), async (data) => new Uint8Array(inflateSync(data)));
    return { base64: Buffer.from(sfnt).toString('base64'), shaper: await loadShaper(sfnt) };
  })();
  face.catch(() => (face = undefined));
  return face;
}

export interface Style {
  /** Points. */
  size?: number;
  bold?: boolean;
  muted?: boolean;
  align?: 'left' | 'right' | 'center';
  colour?: [number, number, number];
}

/** jsPDF (millimetres) whose text is written as runs of Helvetica and, when embedded, the shaped Devanagari face. */
export class PdfWriter {
  readonly doc: jsPDF;
  constructor(
    private readonly face: DevanagariFace | undefined,
    options: Pick<jsPDFOptions, 'orientation' | 'format' | 'compress'> = {},
  ) {
    this.doc = new jsPDF({ unit: 'mm', format: 'a4', compress: false, ...options });
    if (face) {
      // Subset to the glyphs the invisible text uses; the visible glyphs are outlines.
      this.doc.addFileToVFS(`${DEVANAGARI_FONT}.ttf`, face.base64);
      this.doc.addFont(`${DEVANAGARI_FONT}.ttf`, DEVANAGARI_FONT, 'normal', 'Identity-H');
    }
  }

  private use(devanagari: boolean, style: Style) {
    // The face is embedded in its regular weight only.
    if (devanagari) this.doc.setFont(DEVANAGARI_FONT, 'normal');
    else this.doc.setFont('helvetica', style.bold ? 'bold' : 'normal');
    this.doc.setFontSize(style.size ?? 9);
  }

  /** The font size in millimetres. */
  private em(style: Style) {
    return (style.size ?? 9) / this.doc.internal.scaleFactor;
  }

  private runs(value: string) {
    return scriptRuns(value, Boolean(this.face), true);
  }

  width(value: string, style: Style = {}): number {
    let width = 0;
    for (const run of this.runs(value)) {
      if (run.devanagari && this.face) width += this.face.shaper.shape(run.text).advance * this.em(style);
      else {
        this.use(false, style);
        width += this.doc.getTextWidth(run.text);
      }
    }
    return width;
  }

  text(value: string, x: number, y: number, style: Style = {}) {
    const width = style.align && style.align !== 'left' ? this.width(value, style) : 0;
    let at = style.align === 'right' ? x - width : style.align === 'center' ? x - width / 2 : x;
    const colour = style.colour ?? (style.muted ? MUTED : INK);
    this.doc.setTextColor(...colour);
    this.doc.setFillColor(...colour);
    for (const run of this.runs(value)) {
      if (run.devanagari && this.face) {
        this.use(true, style);
        at += writeShapedRun(this.doc, this.face.shaper, run.text, at, y, this.em(style));
      } else {
        this.use(false, style);
        this.doc.text(run.text, at, y);
        at += this.doc.getTextWidth(run.text);
      }
    }
  }

  /** `value` in lines no wider than `width`; a word longer than a line is broken (issue 40). */
  wrap(value: string, width: number, style: Style = {}): string[] {
    const fits = (line: string) => this.width(line, style) <= width;
    return wrapWords(value, fits).flatMap((line) => {
      if (fits(line)) return [line];
      const pieces: string[] = [];
      let piece = '';
      for (const char of line) {
        if (piece && !fits(piece + char)) {
          pieces.push(piece);
          piece = '';
        }
        piece += char;
      }
      return piece ? [...pieces, piece] : pieces;
    });
  }

  /** A party's block (supplier, recipient, organiser, buyer): its name bold, every line within `width`. */
  party(name: string, rest: (string | null | undefined)[], width: number): { text: string; bold: boolean }[] {
    return [
      ...this.wrap(name, width, { bold: true }).map((text) => ({ text, bold: true })),
      ...rest.flatMap((line) => (line ? this.wrap(line, width).map((text) => ({ text, bold: false })) : [])),
    ];
  }

  rule(from: number, to: number, at: number) {
    this.doc.setDrawColor(...RULE);
    this.doc.setLineWidth(0.3);
    this.doc.line(from, at, to, at);
  }
}

/** A writer with the Devanagari face embedded when any of `texts` needs it. */
export const writerFor = async (
  texts: (string | null | undefined)[],
  options?: Pick<jsPDFOptions, 'orientation' | 'format' | 'compress'>,
) =>
  new PdfWriter(needsDevanagariFace(texts.filter((t): t is string => Boolean(t))) ? await devanagariFace() : undefined, options);
