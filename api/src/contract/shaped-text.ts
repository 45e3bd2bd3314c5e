// Devanagari shaped for PDF pages (issue 43, decision 070). jsPDF places one glyph per character and
// has no shaping engine, so a conjunct printed with its halant showing (क्ष as क्‌ष) and matras in
// the wrong place. HarfBuzz (harfbuzzjs, its WebAssembly build) shapes the text with the Noto Sans
// Devanagari face's own OpenType rules; the glyphs it chooses are drawn as filled outlines, and the
// same words are written under them as invisible text so that the page can still be searched,
// copied and read aloud. The same code runs on the server (invoices, certificates) and in the
// browser (tickets); harfbuzzjs is loaded only when a page has Devanagari.

/** A path operation as jsPDF's `path()` takes it: move, line, cubic Bézier, close. */
export type OutlineOp =
  { op: 'm' | 'l'; c: [number, number] } | { op: 'c'; c: [number, number, number, number, number, number] } | { op: 'h'; c: [] };

/**
 * An outline in SVG path syntax, as HarfBuzz draws a glyph (absolute M, L, Q, C and Z, font units,
 * y up), as operations in ems (y up). Quadratic curves (TrueType's) become their exact cubic.
 */
export function svgPathOps(d: string, unitsPerEm: number): OutlineOp[] {
  const ops: OutlineOp[] = [];
  const tokens = d.match(/[MLQCZ]|-?\d*\.?\d+(?:e-?\d+)?/gi) ?? [];
  let at = 0;
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  const next = () => Number(tokens[at++]) / unitsPerEm;
  while (at < tokens.length) {
    const command = tokens[at++]!.toUpperCase();
    if (command === 'M' || command === 'L') {
      x = next();
      y = next();
      if (command === 'M') {
        startX = x;
        startY = y;
      }
      ops.push({ op: command === 'M' ? 'm' : 'l', c: [x, y] });
    } else if (command === 'Q') {
      const qx = next();
      const qy = next();
      const ex = next();
      const ey = next();
      ops.push({
        op: 'c',
        c: [x + (2 / 3) * (qx - x), y + (2 / 3) * (qy - y), ex + (2 / 3) * (qx - ex), ey + (2 / 3) * (qy - ey), ex, ey],
      });
      x = ex;
      y = ey;
    } else if (command === 'C') {
      const c = [next(), next(), next(), next(), next(), next()] as [number, number, number, number, number, number];
      ops.push({ op: 'c', c });
      x = c[4];
      y = c[5];
    } else if (command === 'Z') {
      ops.push({ op: 'h', c: [] });
      x = startX;
      y = startY;
    } else {
      throw new Error(`Unexpected path command ${command}`);
    }
  }
  return ops;
}

/** A shaped glyph: its id in the face and where its origin stands, in ems from the line's start (y up). */
export interface PlacedGlyph {
  glyph: number;
  x: number;
  y: number;
}

export interface ShapedText {
  /** The line's advance, in ems. */
  advance: number;
  glyphs: PlacedGlyph[];
}

/** Text shaped with one face. */
export interface TextShaper {
  shape(text: string): ShapedText;
  /** A glyph's outline in ems (y up), read once per glyph. */
  outline(glyph: number): OutlineOp[];
}

/** What a shaped run is drawn on: jsPDF's path operators. */
export interface PathTarget {
  path(ops: OutlineOp[]): unknown;
  fill(): unknown;
}

/**
 * Draws `shaped` with its baseline's start at (`x`, `y`) in the page's units (y down, as jsPDF
 * counts), `size` being the font size in those units; the fill colour is the caller's.
 */
export function drawShaped(target: PathTarget, shaper: TextShaper, shaped: ShapedText, x: number, y: number, size: number) {
  const ops: OutlineOp[] = [];
  for (const placed of shaped.glyphs) {
    const originX = x + placed.x * size;
    const originY = y - placed.y * size;
    for (const op of shaper.outline(placed.glyph)) {
      const c = op.c.map((value, i) => (i % 2 === 0 ? originX + value * size : originY - value * size));
      ops.push({ op: op.op, c } as OutlineOp);
    }
  }
  if (ops.length > 0) {
    target.path(ops);
    target.fill();
  }
}

/** What a shaped run is written on: jsPDF, with the Devanagari face already set as its font. */
export interface ShapedRunTarget extends PathTarget {
  getTextWidth(text: string): number;
  text(text: string, x: number, y: number, options: { renderingMode: 'invisible'; charSpace: number }): unknown;
}

/**
 * Writes a Devanagari run with its baseline's start at (`x`, `y`): its shaped glyphs filled in the
 * current fill colour, and its words invisible beneath, spread to the shaped width so that a
 * reader's copied text runs in the order the page shows it. `size` is the font size in the page's
 * units; the run's advance is answered.
 */
export function writeShapedRun(
  target: ShapedRunTarget,
  shaper: TextShaper,
  text: string,
  x: number,
  y: number,
  size: number,
): number {
  const shaped = shaper.shape(text);
  drawShaped(target, shaper, shaped, x, y, size);
  const characters = [...text].length;
  const spread = characters > 1 ? (shaped.advance * size - target.getTextWidth(text)) / (characters - 1) : 0;
  target.text(text, x, y, { renderingMode: 'invisible', charSpace: spread });
  return shaped.advance * size;
}

type HarfBuzz = typeof import('harfbuzzjs');

let harfBuzz: Promise<HarfBuzz> | undefined;
/** harfbuzzjs, loaded once (its WebAssembly is instantiated as the module loads). */
function loadHarfBuzz(): Promise<HarfBuzz> {
  harfBuzz ??= import('harfbuzzjs');
  harfBuzz.catch(() => (harfBuzz = undefined));
  return harfBuzz;
}

/** A shaper for the face in `sfnt` (TrueType or OpenType bytes; WOFF must be unpacked first). */
export async function loadShaper(sfnt: Uint8Array): Promise<TextShaper> {
  const hb = await loadHarfBuzz();
  const bytes = sfnt.buffer.slice(sfnt.byteOffset, sfnt.byteOffset + sfnt.byteLength) as ArrayBuffer;
  const face = new hb.Face(new hb.Blob(bytes));
  const font = new hb.Font(face);
  const unitsPerEm = face.upem;
  const outlines = new Map<number, OutlineOp[]>();
  const shapes = new Map<string, ShapedText>();
  return {
    shape(text) {
      const known = shapes.get(text);
      if (known) return known;
      const buffer = new hb.Buffer();
      buffer.addText(text);
      buffer.guessSegmentProperties();
      hb.shape(font, buffer);
      const positions = buffer.getGlyphPositions();
      let pen = 0;
      let rise = 0;
      const glyphs = buffer.getGlyphInfos().map((info, index) => {
        const position = positions[index]!;
        const placed = {
          glyph: info.codepoint,
          x: (pen + position.xOffset) / unitsPerEm,
          y: (rise + position.yOffset) / unitsPerEm,
        };
        pen += position.xAdvance;
        rise += position.yAdvance;
        return placed;
      });
      const shaped = { advance: pen / unitsPerEm, glyphs };
      if (shapes.size < 2_000) shapes.set(text, shaped);
      return shaped;
    },
    outline(glyph) {
      let ops = outlines.get(glyph);
      if (!ops) {
        ops = svgPathOps(font.glyphToPath(glyph), unitsPerEm);
        outlines.set(glyph, ops);
      }
      return ops;
    },
  };
}
