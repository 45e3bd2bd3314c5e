// A table of the Analytics screen as a CSV file, written by the platform's one CSV writer (the
// API's contract/csv.ts, as every export.csv is): a BOM (so Excel reads UTF-8), CRLF lines, quotes
// where needed, and a leading ' on text that a spreadsheet would run as a formula.
import { csvDocument } from '@tdk/api/contract';

export type CsvCell = string | number | null;

export function toCsv(headers: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return csvDocument([headers, ...rows]);
}

/** Hands the browser a file to save. */
export function downloadCsv(filename: string, csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
