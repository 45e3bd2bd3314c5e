// The ticket code's QR as a matrix of modules, drawn by the PDF as vector squares (no canvas, no
// screenshot): the same encoder and error-correction level as the QR on the screen (react-qr-code
// draws with qrcode-generator at level M there), so both carry the same symbol.
import qrcode from 'qrcode-generator';

/** The error-correction level of every ticket QR, on screen and on paper. */
export const TICKET_QR_LEVEL = 'M' as const;

/** The light margin a reader needs around the symbol, in modules (ISO/IEC 18004). */
export const QR_QUIET_ZONE_MODULES = 4;

/** `modules[row][column]` is true for a dark module. */
export type QrModules = boolean[][];

export function qrModules(value: string): QrModules {
  const qr = qrcode(0, TICKET_QR_LEVEL);
  // Byte mode, as react-qr-code adds it; a ticket code (TDK-{number}-{event}-{signature}) is ASCII.
  qr.addData(value, 'Byte');
  qr.make();
  const count = qr.getModuleCount();
  return Array.from({ length: count }, (_, row) => Array.from({ length: count }, (_, column) => qr.isDark(row, column)));
}

/** A horizontal run of dark modules: one filled rectangle on paper. */
export interface DarkRun {
  row: number;
  column: number;
  length: number;
}

/** The dark modules row by row as runs, so a page draws a few hundred rectangles rather than each square. */
export function darkRuns(modules: QrModules): DarkRun[] {
  const runs: DarkRun[] = [];
  modules.forEach((cells, row) => {
    let column = 0;
    while (column < cells.length) {
      if (!cells[column]) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < cells.length && cells[column]) column += 1;
      runs.push({ row, column: start, length: column - start });
    }
  });
  return runs;
}
