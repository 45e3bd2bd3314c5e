import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';

// Reads a downloaded ticket PDF as a gate would read paper: page by page, the QR symbol (drawn as
// filled squares, shared-ui/src/ticket/ticket-pdf.ts) scanned back to its text with a QR decoder,
// and the words on the page.

/** Each page of the PDF: its size in points, its words, and the text its QR code decodes to (or null). */
export function readTicketPdf(bytes: Buffer): { width: number; height: number; words: string; qr: string | null }[] {
  const file = bytes.toString('latin1');
  const objects = new Map<number, string>();
  for (const match of file.matchAll(/(\d+) 0 obj\n([\s\S]*?)\nendobj/g)) objects.set(Number(match[1]), match[2]!);
  // A stream is as long as its dictionary's /Length says (PDF 7.3.8): searching for "endstream"
  // instead cut a compressed stream whose last byte happened to be a carriage return.
  const contentOf = (object: string) => {
    const start = /stream\r?\n/.exec(object)!;
    const length = Number(/\/Length (\d+)/.exec(object.slice(0, start.index))![1]);
    const stream = object.slice(start.index + start[0].length, start.index + start[0].length + length);
    return /FlateDecode/.test(object) ? inflateSync(Buffer.from(stream, 'latin1')).toString('latin1') : stream;
  };
  return [...objects.values()]
    .filter((object) => /\/Type \/Page\n/.test(object))
    .map((object) => {
      const [width, height] = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(object)!.slice(1).map(Number) as [number, number];
      const content = contentOf(objects.get(Number(/\/Contents (\d+) 0 R/.exec(object)![1]))!);
      const words = [...content.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)].map((m) => m[1]!.replace(/\\(.)/g, '$1')).join(' ');
      const rects = [...content.matchAll(/([\d.]+) ([\d.]+) ([\d.]+) (-?[\d.]+) re\nf/g)].map((m) => m.slice(1).map(Number));
      return { width, height, words, qr: scan(rects) };
    });
}

/** Paints the filled squares as a bitmap (dark on white, a quiet zone around) and decodes it. */
function scan(rects: number[][]): string | null {
  if (rects.length === 0) return null;
  const module = Math.min(...rects.map(([, , w]) => w!));
  const left = Math.min(...rects.map(([x]) => x!));
  const top = Math.max(...rects.flatMap(([, y, , h]) => [y!, y! + h!]));
  const right = Math.max(...rects.map(([x, , w]) => x! + w!));
  const size = Math.round((right - left) / module);
  const scale = 6;
  const quiet = 4;
  const side = (size + quiet * 2) * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const [x, y, w, h] of rects) {
    const row = Math.round((top - Math.max(y!, y! + h!)) / module);
    const column = Math.round((x! - left) / module);
    const length = Math.round(w! / module);
    for (let dy = 0; dy < scale; dy++) {
      for (let dx = 0; dx < length * scale; dx++) {
        const at = ((row + quiet) * scale + dy) * side + (column + quiet) * scale + dx;
        pixels[at * 4] = pixels[at * 4 + 1] = pixels[at * 4 + 2] = 0;
      }
    }
  }
  return jsQR(pixels, side, side)?.data ?? null;
}
