// The ticket PDF of SPEC.md section 7. html2canvas and jsPDF (about 200 KB together) are fetched
// when Download is pressed, never with a page.
import { browserInflate, woffToSfnt } from './woff';

/** A4 landscape, in millimetres. */
const PAGE = { width: 297, height: 210 } as const;

/**
 * The ticket's words as text under its picture (decision 019), for a ticket in Hindi or Marathi:
 * the PDF embeds the platform's Devanagari face, so its text can be searched, copied and read back.
 */
export interface TicketPdfText {
  lines: string[];
  /** The Devanagari face as WOFF 1.0 (DEVANAGARI_PDF_FONT_FILE). */
  fontUrl: string;
}

const DEVANAGARI_FONT = 'TDKDevanagari';
const DEVANAGARI_WORD = /[\u0900-\u097F\u200C\u200D]+/g;

/** A line as runs: Devanagari words (the embedded face has nothing else) and what lies between them. */
export function scriptRuns(line: string): { text: string; devanagari: boolean }[] {
  const runs: { text: string; devanagari: boolean }[] = [];
  let at = 0;
  for (const match of line.matchAll(DEVANAGARI_WORD)) {
    if (match.index > at) runs.push({ text: line.slice(at, match.index), devanagari: false });
    runs.push({ text: match[0], devanagari: true });
    at = match.index + match[0].length;
  }
  if (at < line.length) runs.push({ text: line.slice(at), devanagari: false });
  // jsPDF's standard fonts speak Latin-1 only: anything else between the words becomes a space.
  return runs.map((run) => (run.devanagari ? run : { ...run, text: run.text.replace(/[^\x20-\x7E]/g, ' ') }));
}

async function fontAsBase64(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The ticket font could not be loaded (${response.status})`);
  const sfnt = await woffToSfnt(new Uint8Array(await response.arrayBuffer()), browserInflate);
  let binary = '';
  for (let i = 0; i < sfnt.length; i += 0x8000) binary += String.fromCharCode(...sfnt.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * Draws `element` at scale 2 (cross-origin images allowed) and saves it as
 * `ticket-{registrationNumber}.pdf`: landscape A4, the image sized to the page's width with its
 * aspect kept, more pages when it is taller than one.
 */
export async function downloadTicketPdf(
  element: HTMLElement,
  registrationNumber: string,
  title = `Ticket ${registrationNumber}`,
  text?: TicketPdfText,
): Promise<void> {
  const [{ default: html2canvas }, { jsPDF }, font] = await Promise.all([
    import('html2canvas'),
    import('jspdf'),
    text ? fontAsBase64(text.fontUrl) : undefined,
  ]);
  const canvas = await html2canvas(element, { scale: 2, useCORS: true, backgroundColor: '#ffffff', logging: false });
  const image = canvas.toDataURL('image/png');
  const pdf = new jsPDF({ orientation: 'landscape', unit: 'mm', format: 'a4' });
  pdf.setProperties({ title, subject: registrationNumber });
  const imageHeight = (canvas.height * PAGE.width) / canvas.width;
  let remaining = imageHeight;
  let offset = 0;
  pdf.addImage(image, 'PNG', 0, offset, PAGE.width, imageHeight);
  remaining -= PAGE.height;
  while (remaining > 0) {
    offset -= PAGE.height;
    pdf.addPage();
    pdf.addImage(image, 'PNG', 0, offset, PAGE.width, imageHeight);
    remaining -= PAGE.height;
  }
  // The number as real text too (white on white under the image), so the PDF can be searched.
  pdf.setTextColor(255, 255, 255);
  pdf.setFontSize(1);
  pdf.text(registrationNumber, 1, 1);
  if (text && font) {
    // The ticket's words in its language, the Devanagari in the embedded face (a subset of it).
    pdf.addFileToVFS(`${DEVANAGARI_FONT}.ttf`, font);
    pdf.addFont(`${DEVANAGARI_FONT}.ttf`, DEVANAGARI_FONT, 'normal', 'Identity-H');
    text.lines.forEach((line, index) => {
      let x = 1;
      for (const run of scriptRuns(line)) {
        pdf.setFont(run.devanagari ? DEVANAGARI_FONT : 'helvetica', 'normal');
        pdf.text(run.text, x, 2 + index * 1.5);
        x += pdf.getTextWidth(run.text);
      }
    });
  }
  pdf.save(`ticket-${registrationNumber}.pdf`);
}
