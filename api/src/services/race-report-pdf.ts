// A race report to print (issue 44, decision 073): the same rows as its CSV (raceReportTable), laid
// out on A4 with services/pdf-writer.ts, so a name in Devanagari prints shaped (decision 070). Each
// page is headed by the report's title, the event's name, date and venue and the table's column
// headers, and footed by "Page n of m". The columns share the page's width by what they hold; a
// table too wide for a portrait page turns the document landscape; a cell wraps within its column
// and, past three lines, is cut short with "...", so that nothing overlaps.
import { PERSONAL_RACE_REPORTS, RACE_REPORT_TITLES, type CsvValue } from '../contract';
import { serverFormats } from '../i18n/messages';
import { writerFor, type PdfWriter, type Style } from './pdf-writer';
import type { RaceReportTable } from './race-reports';
import { indiaDateTime } from './registration-csv';

const MARGIN = 12;
const A4 = { portrait: [210, 297], landscape: [297, 210] } as const;
/** A cell's text and its column's header. */
const CELL: Style = { size: 8 };
const HEAD: Style = { size: 7.5, bold: true };
/** Millimetres between a cell's lines, and around its text. */
const LINE = 3.4;
const PAD = 1.2;
/** A cell longer than this many lines is cut short. */
const MAX_LINES = 3;
/** The widest a column asks to be before the page is shared out. */
const WIDEST = 70;
const FOOTER = 10;

/** A cell as it prints: as the CSV's reader would see it, before any formula guard (a PDF runs nothing). */
export function cellText(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return value.text;
  return String(value).replace(/\s+/g, ' ').trim();
}

const graphemes = (text: string) =>
  [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)].map((s) => s.segment);

/** `text` cut, by whole letters, to fit `width` with "..." after it. */
function cut(w: PdfWriter, text: string, width: number, style: Style): string {
  if (w.width(text, style) <= width) return text;
  const letters = graphemes(text);
  while (letters.length > 0 && w.width(`${letters.join('').trimEnd()}...`, style) > width) letters.pop();
  return `${letters.join('').trimEnd()}...`;
}

/** `text` in at most `max` lines of `width`, the last cut short when there was more. */
function lines(w: PdfWriter, text: string, width: number, style: Style, max: number, measured = w.width(text, style)): string[] {
  if (!text) return [];
  if (measured <= width) return [text];
  const all = w.wrap(text, width, style);
  if (all.length <= max) return all;
  const kept = all.slice(0, max);
  kept[max - 1] = cut(w, `${kept[max - 1]} ${all[max]}`, width, style);
  return kept;
}

/**
 * Each column's width: what its cells and the longest word of its header ask for (up to WIDEST),
 * spread to fill `available`; when they ask for more, the widest give way first (each keeping its
 * header's longest word).
 */
export function shareWidths(asked: readonly number[], least: readonly number[], available: number): number[] {
  const total = asked.reduce((a, b) => a + b, 0);
  if (total <= available) return asked.map((a) => (a / total) * available);
  const floor = least.map((l, i) => Math.min(l, asked[i]!));
  const floorTotal = floor.reduce((a, b) => a + b, 0);
  if (floorTotal >= available) return floor.map((f) => (f / floorTotal) * available);
  // The cap at which the columns, each the lesser of what it asks and the cap (never under its floor), fill the width.
  const widths = (cap: number) => asked.map((a, i) => Math.max(floor[i]!, Math.min(a, cap)));
  let [low, high] = [0, Math.max(...asked)];
  for (let i = 0; i < 40; i++) {
    const cap = (low + high) / 2;
    if (widths(cap).reduce((a, b) => a + b, 0) > available) high = cap;
    else low = cap;
  }
  return widths(low);
}

/** The report as a PDF to print, `printedAt` in its heading. */
export async function raceReportPdf(table: RaceReportTable, printedAt = new Date()): Promise<ArrayBuffer> {
  const title = RACE_REPORT_TITLES[table.kind];
  const cells = table.rows.map((row) => table.columns.map((_, i) => cellText(row[i])));
  const texts = [table.event.title, table.event.venue, ...cells.flat()];
  const formats = serverFormats('en');
  const when = [formats.date(table.event.date), table.event.time ? formats.time(table.event.time) : '']
    .filter(Boolean)
    .join(', ');
  const personal = PERSONAL_RACE_REPORTS.includes(table.kind);

  // What each column asks for, measured once (a writer measures alike on either orientation); a
  // list repeats its values (a race, a gender, a size), so each text's width is measured once.
  const measure = await writerFor(texts);
  const cellWidths = new Map<string, number>();
  const cellWidth = (text: string) => {
    let width = cellWidths.get(text);
    if (width === undefined) cellWidths.set(text, (width = measure.width(text, CELL)));
    return width;
  };
  const least = table.columns.map((column) => Math.max(...column.split(' ').map((word) => measure.width(word, HEAD))) + 2 * PAD);
  const asked = table.columns.map((column, i) => {
    let widest = least[i]!;
    for (const row of cells) widest = Math.max(widest, Math.min(WIDEST, cellWidth(row[i]!) + 2 * PAD));
    return Math.min(Math.max(widest, measure.width(column, HEAD) / 2 + 2 * PAD), WIDEST);
  });
  const askedTotal = asked.reduce((a, b) => a + b, 0);
  const orientation = askedTotal <= A4.portrait[0] - 2 * MARGIN ? 'portrait' : 'landscape';
  const [pageWidth, pageHeight] = A4[orientation];
  const tableWidth = pageWidth - 2 * MARGIN;
  const widths = shareWidths(asked, least, tableWidth);
  const lefts = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((a, b) => a + b, 0));
  // Figures (a bib, a count, an age) stand to the right of their column.
  const numeric = table.columns.map(
    (_, i) =>
      table.rows.some((row) => typeof row[i] === 'number') &&
      table.rows.every((row) => row[i] === null || row[i] === undefined || typeof row[i] === 'number'),
  );

  // Compressed: a long list's pages (a drawn Devanagari name is its outlines) are tens of megabytes otherwise.
  const w = await writerFor(texts, { orientation, compress: true });
  const doc = w.doc;
  // The PDF's properties are Latin-1 only: the event's name stays on the page.
  doc.setProperties({ title, subject: `Race report: ${title}` });
  const headers = table.columns.map((column, i) => lines(w, column, widths[i]! - 2 * PAD, HEAD, 2));
  const headerHeight = Math.max(1, ...headers.map((h) => h.length)) * LINE + 2 * PAD;

  const cell = (text: string, i: number, top: number, style: Style) => {
    const x = numeric[i] ? lefts[i]! + widths[i]! - PAD : lefts[i]! + PAD;
    w.text(text, x, top, { ...style, align: numeric[i] ? 'right' : 'left' });
  };

  /** A page's heading and the table's column headers; answers where the rows begin. */
  const heading = (): number => {
    let y = MARGIN + 4;
    w.text(title, MARGIN, y, { size: 14, bold: true });
    w.text(`Printed ${indiaDateTime(printedAt.toISOString()).slice(0, 16)} IST`, pageWidth - MARGIN, y, {
      size: 8,
      muted: true,
      align: 'right',
    });
    y += 6;
    w.text(cut(w, table.event.title, tableWidth, { size: 10, bold: true }), MARGIN, y, { size: 10, bold: true });
    y += 4.8;
    w.text(cut(w, [when, table.event.venue].filter(Boolean).join(' · '), tableWidth, { size: 9 }), MARGIN, y, {
      size: 9,
      muted: true,
    });
    if (personal) {
      y += 4.5;
      w.text('Personal data: share it only with those who need it, and destroy it after the event.', MARGIN, y, {
        size: 7.5,
        muted: true,
      });
    }
    y += 4;
    w.rule(MARGIN, MARGIN + tableWidth, y);
    headers.forEach((header, i) => header.forEach((line, j) => cell(line, i, y + PAD + 2.6 + j * LINE, HEAD)));
    y += headerHeight;
    w.rule(MARGIN, MARGIN + tableWidth, y);
    return y;
  };

  const bottom = pageHeight - MARGIN - FOOTER;
  let y = heading();
  if (cells.length === 0) w.text('Nobody is in this report yet.', MARGIN + PAD, y + PAD + 2.8, { ...CELL, muted: true });
  for (const row of cells) {
    const wrapped = row.map((text, i) => lines(w, text, widths[i]! - 2 * PAD, CELL, MAX_LINES, cellWidth(text)));
    const height = Math.max(1, ...wrapped.map((l) => l.length)) * LINE + 2 * PAD;
    if (y + height > bottom) {
      doc.addPage('a4', orientation);
      y = heading();
    }
    wrapped.forEach((cellLines, i) => cellLines.forEach((line, j) => cell(line, i, y + PAD + 2.8 + j * LINE, CELL)));
    y += height;
    w.rule(MARGIN, MARGIN + tableWidth, y);
  }

  const pages = doc.getNumberOfPages();
  const footer = cut(w, `${title} · ${table.event.title}`, tableWidth - 30, { size: 7.5 });
  for (let page = 1; page <= pages; page++) {
    doc.setPage(page);
    w.text(footer, MARGIN, pageHeight - MARGIN, { size: 7.5, muted: true });
    w.text(`Page ${page} of ${pages}`, pageWidth - MARGIN, pageHeight - MARGIN, { size: 7.5, muted: true, align: 'right' });
  }
  return doc.output('arraybuffer');
}
