// The ticket PDF of SPEC.md section 7: one portrait page per attendee (issue 23), drawn with
// jsPDF's own text, lines and rectangles (the QR as vector squares from its module matrix), so the
// file is the same from a phone as from a laptop and does not depend on the page on screen. jsPDF
// is fetched when Download is pressed, never with a page.
import type { jsPDF } from 'jspdf';
import { darkRuns, QR_QUIET_ZONE_MODULES, qrModules } from './qr-matrix';
import { needsDevanagariFace, scriptRuns, woffToSfnt, wrapWords, type Inflate } from '@tdk/api/contract';
// harfbuzzjs itself is fetched by loadShaper, only for a page with Devanagari.
import { loadShaper, writeShapedRun, type TextShaper } from '@tdk/api/contract/shaped-text';
import type { TicketPdfField, TicketPdfPage } from './ticket-text';

/** A6 (105 × 148 mm) by default; A4 portrait (210 × 297 mm) for printing on office paper. */
export type TicketPdfFormat = 'a6' | 'a4';

const PAGE_SIZES: Readonly<Record<TicketPdfFormat, { width: number; height: number }>> = {
  a6: { width: 105, height: 148 },
  a4: { width: 210, height: 297 },
};

/** The layout is drawn for A6 (millimetres, points); a larger page draws it scaled to fit and centred. */
const BASE = PAGE_SIZES.a6;
const MARGIN = 8;
const CONTENT = BASE.width - 2 * MARGIN;
/** The QR's side without its quiet zone: at least 40 mm, at most 46 mm on A6. */
const QR_MIN = 40;
const QR_MAX = 46;

type Rgb = readonly [number, number, number];
const INK: Rgb = [17, 24, 39];
const MUTED: Rgb = [100, 116, 139];
const RULE: Rgb = [203, 213, 225];
/** The theme's default primary text colour (#C2410C). */
const DEFAULT_ACCENT: Rgb = [194, 65, 12];

const DEVANAGARI_FONT = 'TDKDevanagari';

export interface TicketPdfOptions {
  format?: TicketPdfFormat;
  /** The document's title and subject (its properties). */
  title?: string;
  subject?: string;
  /** The embedded Devanagari face as TrueType in base64, for pages with Devanagari (decision 019). */
  devanagariFont?: string;
  /**
   * Its shaper (decision 070): with it, Devanagari is drawn as the face's shaped glyphs (conjuncts,
   * matras in place) with the words invisible beneath; without it, glyph by glyph in visual order.
   */
  shaper?: TextShaper;
  /** The platform name's colour, '#RRGGBB' (the brand's readable primary). */
  accent?: string;
}

const rgbOf = (hex: string | undefined): Rgb => {
  const match = hex && /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  return match ? [parseInt(match[1]!, 16), parseInt(match[2]!, 16), parseInt(match[3]!, 16)] : DEFAULT_ACCENT;
};

interface Style {
  /** Points on A6. */
  size: number;
  bold?: boolean;
  mono?: boolean;
  color?: Rgb;
}

/** jsPDF with the page's scale, and each line written as runs of Helvetica and the Devanagari face. */
class PageWriter {
  constructor(
    private readonly pdf: jsPDF,
    /** Page millimetres per A6 millimetre. */
    private readonly scale: number,
    private readonly left: number,
    private readonly top: number,
    private readonly face: boolean,
    private readonly shaper: TextShaper | undefined,
  ) {}

  private runs(text: string) {
    return scriptRuns(text, this.face, Boolean(this.shaper));
  }

  private use(run: { devanagari: boolean }, style: Style) {
    // The face is embedded in its regular weight only.
    if (run.devanagari) this.pdf.setFont(DEVANAGARI_FONT, 'normal');
    else this.pdf.setFont(style.mono ? 'courier' : 'helvetica', style.bold ? 'bold' : 'normal');
    this.pdf.setFontSize(style.size * this.scale);
  }

  /** The width of `text` in A6 millimetres. */
  width(text: string, style: Style): number {
    let width = 0;
    for (const run of this.runs(text)) {
      if (run.devanagari && this.shaper) width += this.shaper.shape(run.text).advance * this.em(style);
      else {
        this.use(run, style);
        width += this.pdf.getTextWidth(run.text);
      }
    }
    return width / this.scale;
  }

  /** The font size in page millimetres. */
  private em(style: Style) {
    return (style.size * this.scale) / this.pdf.internal.scaleFactor;
  }

  /** Writes one line with its baseline at `y`, from `x` (left), around it (center) or up to it (right). */
  text(text: string, x: number, y: number, style: Style, align: 'left' | 'center' | 'right' = 'left') {
    const width = this.width(text, style);
    let at = align === 'left' ? x : align === 'center' ? x - width / 2 : x - width;
    this.pdf.setTextColor(...(style.color ?? INK));
    this.pdf.setFillColor(...(style.color ?? INK));
    for (const run of this.runs(text)) {
      this.use(run, style);
      if (run.devanagari && this.shaper) {
        at += writeShapedRun(this.pdf, this.shaper, run.text, this.x(at), this.y(y), this.em(style)) / this.scale;
      } else {
        this.pdf.text(run.text, this.x(at), this.y(y));
        at += this.pdf.getTextWidth(run.text) / this.scale;
      }
    }
  }

  /** `text` in lines no wider than `width`, at most `max` of them (the last cut with '...'). */
  wrap(text: string, width: number, style: Style, max: number): string[] {
    const lines = wrapWords(text, (line) => this.width(line, style) <= width);
    const kept = lines.slice(0, max);
    const cut = lines.length > max;
    return kept.map((entry, index) => {
      const last = index === kept.length - 1;
      // A word too long for a line of its own is cut too.
      return (last && cut) || this.width(entry, style) > width ? this.fit(entry, width, style, last && cut) : entry;
    });
  }

  /** `text` shortened with '...' until it fits `width` (`cut`: '...' even when it fits, as more followed). */
  private fit(text: string, width: number, style: Style, cut: boolean): string {
    let characters = [...text];
    let candidate = cut ? `${text}...` : text;
    while (characters.length > 1 && this.width(candidate, style) > width) {
      characters = characters.slice(0, -1);
      candidate = `${characters.join('').trimEnd()}...`;
    }
    return candidate;
  }

  rule(y: number) {
    this.pdf.setDrawColor(...RULE);
    this.pdf.setLineWidth(0.3 * this.scale);
    this.pdf.line(this.x(MARGIN), this.y(y), this.x(BASE.width - MARGIN), this.y(y));
  }

  /** A filled rectangle in A6 millimetres. */
  box(x: number, y: number, width: number, height: number, color: Rgb) {
    this.pdf.setFillColor(...color);
    this.pdf.rect(this.x(x), this.y(y), width * this.scale, height * this.scale, 'F');
  }

  private x(value: number) {
    return this.left + value * this.scale;
  }

  private y(value: number) {
    return this.top + value * this.scale;
  }
}

const LABEL: Style = { size: 6.5, color: MUTED };
const VALUE: Style = { size: 9 };
/** A label's baseline to its value's, and a value line to the next (A6 millimetres). */
const LABEL_GAP = 3.8;
const VALUE_LINE = 3.9;

/** A label and its value (wrapped to `max` lines); the baseline of the value's last line. */
function field(
  writer: PageWriter,
  { label, value }: TicketPdfField,
  x: number,
  y: number,
  width: number,
  style: Style = VALUE,
  max = 1,
): number {
  writer.text(label, x, y, LABEL);
  const lines = writer.wrap(value || '-', width, style, max);
  lines.forEach((line, index) => writer.text(line, x, y + LABEL_GAP + index * VALUE_LINE, style));
  return y + LABEL_GAP + (lines.length - 1) * VALUE_LINE;
}

/** Where the QR stands on an A6 page (millimetres), so that its quiet zone stays clear. */
export interface QrPlacement {
  x: number;
  y: number;
  module: number;
  size: number;
  quiet: number;
}

const CODE_BASELINE = 139.5;
const HINT_BASELINE = 143.8;
/** The code's capital height under the QR, kept out of the quiet zone. */
const CODE_CAP = 2.5;

/** The QR below text ending at `textBottom`: as large as the room allows, between 40 and 46 mm. */
export function qrPlacement(count: number, textBottom: number): QrPlacement {
  const room = CODE_BASELINE - CODE_CAP - textBottom;
  const module = Math.max(QR_MIN / count, Math.min(QR_MAX / count, room / (count + 2 * QR_QUIET_ZONE_MODULES)));
  const size = module * count;
  const quiet = module * QR_QUIET_ZONE_MODULES;
  return { x: (BASE.width - size) / 2, y: CODE_BASELINE - CODE_CAP - quiet - size, module, size, quiet };
}

function drawPage(writer: PageWriter, page: TicketPdfPage, accent: Rgb) {
  // The platform and the ticket's heading.
  writer.text(page.platformName, MARGIN, 12, { size: 10, bold: true, color: accent });
  writer.text(page.heading, BASE.width - MARGIN, 12, { size: 6.5, bold: true, color: MUTED }, 'right');
  writer.rule(15);

  // The event: its name, date, time and venue.
  const eventStyle: Style = { size: 13, bold: true };
  const eventLines = writer.wrap(page.eventName, CONTENT, eventStyle, 2);
  eventLines.forEach((line, index) => writer.text(line, MARGIN, 21.5 + index * 5.4, eventStyle));
  let y = 21.5 + (eventLines.length - 1) * 5.4 + 6;
  const wide = CONTENT * 0.6;
  const rightColumn = MARGIN + CONTENT * 0.64;
  const narrow = BASE.width - MARGIN - rightColumn;
  field(writer, page.date, MARGIN, y, wide);
  field(writer, page.time, rightColumn, y, narrow);
  y = field(writer, page.venue, MARGIN, y + 9, CONTENT, VALUE, 2) + 3.5;
  writer.rule(y);

  // The attendee.
  y += 5.5;
  y = page.detailsMissing
    ? field(writer, page.attendee, MARGIN, y, CONTENT, { size: 9, color: [185, 28, 28] }, 2)
    : field(writer, page.attendee, MARGIN, y, CONTENT, { size: 12, bold: true }, 1);
  y += 4.2;
  writer.text(page.participant, MARGIN, y, { size: 8, color: MUTED });
  if (page.bib) writer.text(`${page.bib.label} ${page.bib.value}`, BASE.width - MARGIN, y, { size: 10, bold: true }, 'right');
  y += 5.5;
  field(writer, page.ticketType, MARGIN, y, wide);
  field(writer, page.pricePaid, rightColumn, y, narrow, { size: 9, bold: true });
  y += 9;
  field(writer, page.ticketNumber, MARGIN, y, wide, { size: 9, bold: true, mono: true });
  let bottom = field(writer, page.bookingReference, rightColumn, y, narrow, { size: 9, mono: true }) + 1.2;

  // The event's own notes (arrive by, ID at the gate), as its page and e-mails say them.
  if (page.notes.length > 0) {
    const noteStyle: Style = { size: 6.5, color: MUTED };
    const noteLines = writer.wrap(page.notes.join(' · '), CONTENT, noteStyle, 3);
    noteLines.forEach((line, index) => writer.text(line, MARGIN, bottom + 3 + index * 2.8, noteStyle));
    bottom += 3 + noteLines.length * 2.8;
  }

  // The QR, its quiet zone clear, and the code printed under it.
  const modules = qrModules(page.code);
  const qr = qrPlacement(modules.length, bottom);
  for (const run of darkRuns(modules)) {
    writer.box(qr.x + run.column * qr.module, qr.y + run.row * qr.module, run.length * qr.module, qr.module, [0, 0, 0]);
  }
  const codeStyle: Style = { size: 7, mono: true };
  const codeWidth = writer.width(page.code, codeStyle);
  writer.text(
    page.code,
    BASE.width / 2,
    CODE_BASELINE,
    codeWidth > CONTENT ? { ...codeStyle, size: (7 * CONTENT) / codeWidth } : codeStyle,
    'center',
  );
  writer.text(
    writer.wrap(page.scanHint, CONTENT, { size: 6 }, 1)[0] ?? '',
    BASE.width / 2,
    HINT_BASELINE,
    { size: 6, color: MUTED },
    'center',
  );
}

/** The ticket PDF: one portrait page per attendee of `pages`, in their order. */
export function buildTicketPdf(JsPdf: typeof jsPDF, pages: readonly TicketPdfPage[], options: TicketPdfOptions = {}): jsPDF {
  const format = options.format ?? 'a6';
  const paper = PAGE_SIZES[format];
  const pdf = new JsPdf({ orientation: 'portrait', unit: 'mm', format, compress: true });
  pdf.setProperties({ title: options.title ?? '', subject: options.subject ?? '', creator: pages[0]?.platformName ?? '' });
  const face = Boolean(options.devanagariFont);
  if (options.devanagariFont) {
    // The face is embedded as a subset of the glyphs the pages use.
    pdf.addFileToVFS(`${DEVANAGARI_FONT}.ttf`, options.devanagariFont);
    pdf.addFont(`${DEVANAGARI_FONT}.ttf`, DEVANAGARI_FONT, 'normal', 'Identity-H');
  }
  const scale = Math.min(paper.width / BASE.width, paper.height / BASE.height);
  const left = (paper.width - BASE.width * scale) / 2;
  const top = (paper.height - BASE.height * scale) / 2;
  const accent = rgbOf(options.accent);
  pages.forEach((page, index) => {
    if (index > 0) pdf.addPage(format, 'portrait');
    drawPage(new PageWriter(pdf, scale, left, top, face, face ? options.shaper : undefined), page, accent);
  });
  return pdf;
}

/** `ticket-{number}.pdf`: the booking reference for an order's link, the ticket number for one attendee. */
export const ticketPdfFileName = (number: string) => `ticket-${number.replace(/[^A-Za-z0-9-]/g, '')}.pdf`;

/** The texts of the pages, to know whether the Devanagari face is needed. */
const pageTexts = (pages: readonly TicketPdfPage[]) =>
  pages.flatMap((page) =>
    [page.platformName, page.heading, page.eventName, page.participant, page.scanHint, ...page.notes].concat(
      [
        page.date,
        page.time,
        page.venue,
        page.attendee,
        page.ticketType,
        page.pricePaid,
        page.ticketNumber,
        page.bookingReference,
        ...(page.bib ? [page.bib] : []),
      ].flatMap((field) => [field.label, field.value]),
    ),
  );

/** zlib data inflated by the browser's DecompressionStream. */
const browserInflate: Inflate = async (data) => {
  const stream = new Blob([data as BlobPart]).stream().pipeThrough(new DecompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
};

/** The Devanagari face (WOFF 1.0 at `url`) as TrueType in base64, as jsPDF embeds it, and its shaper (HarfBuzz, decision 070). */
async function faceAndShaper(url: string): Promise<Pick<TicketPdfOptions, 'devanagariFont' | 'shaper'>> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The ticket font could not be loaded (${response.status})`);
  const sfnt = await woffToSfnt(new Uint8Array(await response.arrayBuffer()), browserInflate);
  let binary = '';
  for (let i = 0; i < sfnt.length; i += 0x8000) binary += String.fromCharCode(...sfnt.subarray(i, i + 0x8000));
  return { devanagariFont: btoa(binary), shaper: await loadShaper(sfnt) };
}

export interface DownloadTicketPdfOptions extends Omit<TicketPdfOptions, 'devanagariFont' | 'shaper'> {
  /** The file is `ticket-{fileNumber}.pdf`: the order's booking reference, or one attendee's ticket number. */
  fileNumber: string;
  /** Where the Devanagari face is served (DEVANAGARI_PDF_FONT_FILE); fetched only when a page has Devanagari. */
  fontUrl: string;
}

/** Builds the PDF of `pages` (jsPDF loaded now) and saves it as `ticket-{fileNumber}.pdf`. */
export async function downloadTicketPdf(pages: readonly TicketPdfPage[], options: DownloadTicketPdfOptions): Promise<void> {
  const [{ jsPDF: JsPdf }, face] = await Promise.all([
    import('jspdf'),
    needsDevanagariFace(pageTexts(pages)) ? faceAndShaper(options.fontUrl) : undefined,
  ]);
  buildTicketPdf(JsPdf, pages, { ...options, ...face }).save(ticketPdfFileName(options.fileNumber));
}
