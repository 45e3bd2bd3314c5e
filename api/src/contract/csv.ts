// The platform's one CSV writer (issue 40): every export.csv of the API and the console's own CSV
// downloads write through it. RFC 4180 with CRLF records and a BOM (so Excel reads UTF-8), and one
// formula guard (OWASP's CSV injection advice): text that a spreadsheet would run as a formula
// (=, +, -, @, a tab or a carriage return first) gets a leading apostrophe, at the start of the
// cell and after every line break inside it, and a cell holding a line break is quoted, so a name
// like `x\n=cmd|' /C calc'!A0` stays one cell of text, whether the file is read as a spreadsheet
// reads it or split at its line breaks. Browser-safe: no dependencies. Byte for byte what
// csv-stringify writes with `record_delimiter: 'windows'` and `quoted_match: /[\r\n]/`
// (csv.test.ts), at a fraction of its cost: the registrations export writes 100,000 records
// (decision 029).

/** A figure the caller formatted (money with two decimals, say): written as it is, never guarded. */
export class CsvFigure {
  constructor(readonly text: string) {
    if (!/^-?\d+(\.\d+)?%?$/.test(text)) throw new Error(`Not a figure: ${JSON.stringify(text)}`);
  }
}

/** What a cell may hold: text (guarded), a number, yes/no, nothing, or a formatted figure. */
export type CsvValue = string | number | boolean | null | undefined | CsvFigure;

export const csvFigure = (text: string) => new CsvFigure(text);

/** What makes a spreadsheet read text as a formula, at the start of a cell or of a line in it. */
const FORMULA_START = /^[=+\-@\t\r]/;
const LINE_BREAK = /[\r\n]/;
const guard = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

/** A cell as its text, with the formula guard on text (numbers and figures are left as they are). */
export function csvText(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof CsvFigure) return value.text;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (!LINE_BREAK.test(value)) return guard(value);
  // Each line of the cell (the separators kept at the odd places), then the cell itself, which may
  // start with a carriage return.
  return guard(
    value
      .split(/(\r\n|\r|\n)/)
      .map((piece, i) => (i % 2 === 0 ? guard(piece) : piece))
      .join(''),
  );
}

const NEEDS_QUOTES = /[",\r\n]/;

/** One record, each cell guarded, quoted when it holds a comma, a quote (doubled) or a line break; CRLF. */
export const csvRecord = (cells: readonly CsvValue[]) =>
  `${cells
    .map((value) => {
      const text = csvText(value);
      return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
    })
    .join(',')}\r\n`;

/** A whole file: a BOM, then every record. */
export const csvDocument = (rows: readonly (readonly CsvValue[])[]) => `\uFEFF${rows.map(csvRecord).join('')}`;
