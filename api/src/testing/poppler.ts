// A PDF as a reader sees it, through Debian's poppler-utils (npm test installs them, as it does
// Chromium): a page rasterised to grey pixels (pdftoppm), its text (pdftotext) and its properties (pdfinfo).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface GreyImage {
  width: number;
  height: number;
  /** One byte per pixel, row by row, 0 black to 255 white. */
  pixels: Uint8Array;
}

function withPdf<T>(pdf: ArrayBuffer, work: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'tdk-pdf-'));
  try {
    const file = join(dir, 'document.pdf');
    writeFileSync(file, Buffer.from(pdf));
    return work(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function tool(command: string, args: string[]) {
  const result = spawnSync(command, args, { encoding: 'buffer' });
  if (result.error)
    throw new Error(`${command} is missing: install Debian's poppler-utils (npm test does)`, { cause: result.error });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr.toString()}`);
  return result.stdout;
}

/** A binary PGM (P5) as an image. */
export function readPgm(bytes: Uint8Array): GreyImage {
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(new TextDecoder('latin1').decode(bytes.subarray(0, 40)));
  if (!header) throw new Error('Not a binary PGM');
  const [, width, height] = header.map(Number) as [number, number, number];
  return { width, height, pixels: bytes.subarray(header[0].length, header[0].length + width * height) };
}

/** The first page at `dpi`, in grey, anti-aliased as a screen shows it. */
export const rasterise = (pdf: ArrayBuffer, dpi: number): GreyImage =>
  withPdf(pdf, (file, dir) => {
    tool('pdftoppm', ['-gray', '-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', file, join(dir, 'page')]);
    return readPgm(new Uint8Array(readFileSync(join(dir, 'page.pgm'))));
  });

/** The text a reader copies from the document. */
export const pdfText = (pdf: ArrayBuffer): string =>
  withPdf(pdf, (file) => tool('pdftotext', ['-layout', file, '-']).toString('utf8'));

/** The document's properties as pdfinfo lists them ('Pages', 'Page size', 'Title'…). */
export const pdfInfo = (pdf: ArrayBuffer): Record<string, string> =>
  withPdf(pdf, (file) =>
    Object.fromEntries(
      tool('pdfinfo', [file])
        .toString('utf8')
        .split('\n')
        .map((line) => /^([^:]+):\s*(.*)$/.exec(line))
        .filter((match): match is RegExpExecArray => match !== null)
        .map((match) => [match[1]!, match[2]!]),
    ),
  );
