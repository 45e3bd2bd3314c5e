// A PDF's QR code read as a phone reads paper: the first page rasterised by Debian's poppler-utils
// (pdftoppm, which npm test installs) and decoded with jsQR.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';

export function qrOfPrintedPdf(file: string, dpi = 200): string | null {
  const dir = mkdtempSync(path.join(tmpdir(), 'tdk-qr-'));
  const out = path.join(dir, 'page');
  const run = spawnSync('pdftoppm', ['-gray', '-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', file, out]);
  if (run.status !== 0) throw new Error(`pdftoppm failed: ${run.stderr?.toString() ?? run.error}`);
  const pgm = readFileSync(`${out}.pgm`);
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'));
  if (!header) throw new Error('pdftoppm wrote no PGM');
  const [width, height] = [Number(header[1]), Number(header[2])];
  const pixels = pgm.subarray(header[0].length);
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) rgba.set([pixels[i]!, pixels[i]!, pixels[i]!, 255], i * 4);
  return jsQR(rgba, width, height)?.data ?? null;
}
