import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { jsPDF } from 'jspdf';
import type { Registration } from '@tdk/api/contract';
import { aRegistration } from '../testing/fixtures';
import { loadCatalogue, translator } from '../i18n/catalogues';
import '../i18n/common';
import { formatsFor } from '../i18n/formats';
import { darkRuns, qrModules, QR_QUIET_ZONE_MODULES } from './qr-matrix';
import { buildTicketPdf, qrPlacement, ticketPdfFileName } from './ticket-pdf';
import { ticketPdfPages } from './ticket-text';
import { woffToSfnt } from '@tdk/api/contract';
import { loadShaper } from '@tdk/api/contract/shaped-text';

const MM = 72 / 25.4;

const attendee = (position: number, first: string, last: string, ticketName: string, amount: number): Registration =>
  aRegistration({
    registrationNumber: `REGMI3X9ABCD0${position}`,
    bookingReference: 'REGMI3X9ABCD',
    position,
    orderSize: 3,
    detailsMissing: false,
    answers: {},
    eventName: 'Pune Hill Run',
    eventDate: '2026-12-05',
    eventTime: '06:30',
    eventVenue: 'Vetal Hill, Pune',
    ticketName,
    amount,
    qrCode: `TDK-REGMI3X9ABCD0${position}-7-Ab3dEf9hIj`,
    participantInfo: { ...aRegistration().participantInfo, firstName: first, lastName: last },
  });

const order = [
  attendee(1, 'Asha', 'Rao', '10K Open', 799),
  attendee(2, 'Vikram', 'Rao', '10K Open', 799),
  attendee(3, 'Meera', 'Rao', '5K Kids', 399),
];

/** The PDF as its pages: size in points and the words written on each (the standard fonts' text). */
function readPdf(pdf: jsPDF) {
  const file = pdf.output();
  const objects = new Map<number, string>();
  for (const match of file.matchAll(/(\d+) 0 obj\n([\s\S]*?)\nendobj/g)) objects.set(Number(match[1]), match[2]!);
  const contentOf = (object: string) => {
    const stream = /stream\r?\n([\s\S]*?)\r?\nendstream/.exec(object)![1]!;
    return /FlateDecode/.test(object) ? inflateSync(Buffer.from(stream, 'latin1')).toString('latin1') : stream;
  };
  const pages = [...objects.values()]
    .filter((object) => /\/Type \/Page\n/.test(object))
    .map((object) => {
      const [width, height] = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(object)!.slice(1).map(Number);
      const content = contentOf(objects.get(Number(/\/Contents (\d+) 0 R/.exec(object)![1]))!);
      const words = [...content.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)].map((m) => m[1]!.replace(/\\(.)/g, '$1'));
      const rects = [...content.matchAll(/([\d.]+) ([\d.]+) ([\d.]+) (-?[\d.]+) re\nf/g)].map((m) => m.slice(1).map(Number));
      const textAt = [...content.matchAll(/([\d.]+) ([\d.]+) Td\n/g)].map((m) => [Number(m[1]), Number(m[2])]);
      return { width: width!, height: height!, text: words.join(' '), rects, textAt, content };
    });
  return { bytes: pdf.output('arraybuffer').byteLength, pages, file };
}

const englishPdf = (tickets: Registration[], format?: 'a6' | 'a4') =>
  buildTicketPdf(jsPDF, ticketPdfPages(tickets, 'TDK Sports', translator('en', 'common'), formatsFor('en')), { format });

describe('the ticket PDF', () => {
  it("prints an attendee's bib on their own page only", () => {
    const numbered = order.map((ticket, i) => ({ ...ticket, bib: i === 1 ? 1005 : null }));
    const { pages } = readPdf(englishPdf(numbered));
    expect(pages[1]!.text).toContain('Bib 1005');
    expect(pages[0]!.text).not.toContain('Bib');
    expect(pages[2]!.text).not.toContain('Bib');
  });

  it("of an order of three is three portrait A6 pages, each with its attendee's name and ticket number, under 500 KB", () => {
    const { pages, bytes } = readPdf(englishPdf(order));
    expect(pages).toHaveLength(3);
    for (const page of pages) {
      expect(page.width).toBeCloseTo(105 * MM, 1);
      expect(page.height).toBeCloseTo(148 * MM, 1);
    }
    expect(bytes).toBeLessThan(500 * 1024);
    order.forEach((ticket, index) => {
      const { text } = pages[index]!;
      const name = `${ticket.participantInfo.firstName} ${ticket.participantInfo.lastName}`;
      expect(text).toContain(name);
      expect(text).toContain(ticket.registrationNumber);
      expect(text).toContain(`Participant ${index + 1} of 3`);
      expect(text).toContain(ticket.ticketName);
      expect(text).toContain(ticket.qrCode);
      for (const other of order.filter((o) => o !== ticket)) expect(text).not.toContain(other.registrationNumber);
    });
  });

  it('writes on every page the platform, event, date, time, venue, price paid and booking reference', () => {
    const { pages } = readPdf(englishPdf(order));
    for (const text of [
      'TDK Sports',
      'Pune Hill Run',
      'Saturday, 5 December 2026',
      '6:30 am',
      'Vetal Hill, Pune',
      'REGMI3X9ABCD',
    ]) {
      for (const page of pages) expect(page.text).toContain(text);
    }
    expect(pages[0]!.text).toContain('Rs. 799');
    expect(pages[2]!.text).toContain('Rs. 399');
  });

  it("draws each attendee's own QR as squares, at least 40 mm wide, with its quiet zone clear of text", () => {
    // The third attendee's texts are as long as the page allows, which leaves the QR the least room.
    const tickets = [
      ...order,
      attendee(
        4,
        'Venkatanarasimharajuvaripeta',
        'Srinivasaraghavan-Ramachandran',
        'Super Early Bird Half Marathon (21.1 km) with Medal',
        1499,
      ),
    ].map((ticket) => ({
      ...ticket,
      orderSize: 4,
      ...(ticket.position === 4 && {
        eventName: 'The Great Maharashtra Monsoon Ultra Marathon and Family Fun Run Championship 2026',
        eventVenue: 'Shree Shiv Chhatrapati Sports Complex, Mahalunge-Balewadi, near the Mumbai-Bangalore Highway, Pune 411045',
      }),
    }));
    const { pages } = readPdf(englishPdf(tickets));
    // What does not fit is cut with '...', never run off the page.
    expect(pages[3]!.text).toContain('Venkatanarasimharajuvaripeta...');
    expect(pages[3]!.text).not.toContain('Ramachandran');
    pages.forEach((page, index) => {
      const modules = qrModules(tickets[index]!.qrCode);
      const runs = darkRuns(modules);
      expect(page.rects).toHaveLength(runs.length);
      const left = Math.min(...page.rects.map(([x]) => x!));
      const right = Math.max(...page.rects.map(([x, , w]) => x! + w!));
      const ys = page.rects.flatMap(([, y, , h]) => [y!, y! + h!]);
      const top = Math.max(...ys);
      const bottom = Math.min(...ys);
      const module = (right - left) / modules.length;
      expect((right - left) / MM).toBeGreaterThanOrEqual(40);
      expect(top - bottom).toBeCloseTo(right - left, 3);
      // The rectangles are the symbol's dark runs, module by module (PDF rows count up from the bottom).
      const drawn = page.rects.map(([x, y, w, h]) =>
        [Math.round((top - Math.max(y!, y! + h!)) / module), Math.round((x! - left) / module), Math.round(w! / module)].join(','),
      );
      expect(drawn.sort()).toEqual(runs.map((run) => [run.row, run.column, run.length].join(',')).sort());
      // No text stands within four modules of the symbol (PDF y grows upwards; a line's capitals
      // reach less than 2 mm above its baseline at these sizes).
      const quiet = QR_QUIET_ZONE_MODULES * module;
      for (const [x, y] of page.textAt) {
        const inside = x! > left - quiet && x! < right + quiet && y! > bottom - quiet - 2 * MM && y! < top + quiet;
        expect(inside, `text at ${x}, ${y}`).toBe(false);
      }
    });
  });

  it('is the same drawing whatever else is true of the machine: one order gives one file', () => {
    const pages = ticketPdfPages(order, 'TDK Sports');
    const once = readPdf(buildTicketPdf(jsPDF, pages)).pages.map((page) => page.content);
    const again = readPdf(buildTicketPdf(jsPDF, pages)).pages.map((page) => page.content);
    expect(again).toEqual(once);
  });

  it('can be A4 portrait, one page per attendee', () => {
    const { pages } = readPdf(englishPdf(order, 'a4'));
    expect(pages).toHaveLength(3);
    for (const page of pages) {
      expect(page.width).toBeCloseTo(210 * MM, 1);
      expect(page.height).toBeCloseTo(297 * MM, 1);
    }
  });

  it('of one attendee is one page', () => {
    const { pages } = readPdf(englishPdf([order[1]!]));
    expect(pages).toHaveLength(1);
    expect(pages[0]!.text).toContain('Vikram Rao');
    expect(pages[0]!.text).toContain('Participant 2 of 3');
  });

  it('says an attendee of a migrated order has details still to complete, in place of a name', () => {
    const missing = {
      ...order[2]!,
      detailsMissing: true,
      participantInfo: { ...order[2]!.participantInfo, firstName: '', lastName: '' },
    };
    const { pages } = readPdf(englishPdf([missing]));
    expect(pages[0]!.text).toContain('Details to be completed - contact the organiser');
  });

  it('in Hindi draws the Devanagari shaped (conjuncts, matras in place) over its words, and stays small', async () => {
    const require = createRequire(import.meta.url);
    const woff = readFileSync(
      require.resolve('@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff', {
        paths: [require.resolve('../../../shell/package.json')],
      }),
    );
    const sfnt = await woffToSfnt(new Uint8Array(woff), async (data) => new Uint8Array(inflateSync(data)));
    const pages = ticketPdfPages(order, 'TDK Sports', await loadedTranslator('hi'), formatsFor('hi'));
    const shaper = await loadShaper(sfnt);
    const pdf = buildTicketPdf(jsPDF, pages, { devanagariFont: Buffer.from(sfnt).toString('base64'), shaper });
    const { pages: drawn, bytes, file } = readPdf(pdf);
    // The Hindi words are the face's shaped glyphs, filled outlines (curves, then a fill)…
    expect(drawn[0]!.content).toMatch(/ c\n[\s\S]*\nf\n/);
    // …with the same words beneath, invisible (text rendering mode 3), for copying and search.
    expect(drawn[0]!.content).toContain('3 Tr');
    expect(drawn).toHaveLength(3);
    expect(file).toContain('/FontFile2');
    expect(file).toContain('TDKDevanagari');
    // The Latin words stay Helvetica text; the Devanagari ones are glyphs of the face.
    expect(drawn[1]!.text).toContain('Vikram Rao');
    expect(drawn[1]!.text).toContain('REGMI3X9ABCD02');
    expect(drawn[1]!.content).toMatch(/<[0-9A-F]+> Tj/);
    expect(bytes).toBeLessThan(500 * 1024);
  });
});

describe('ticketPdfFileName', () => {
  it('names the file after the number of the link', () => {
    expect(ticketPdfFileName('REGMI3X9ABCD')).toBe('ticket-REGMI3X9ABCD.pdf');
    expect(ticketPdfFileName('REGMI3X9ABCD02')).toBe('ticket-REGMI3X9ABCD02.pdf');
  });
});

describe('qrPlacement', () => {
  it('keeps the QR at least 40 mm, and larger when there is room', () => {
    expect(qrPlacement(29, 95).size).toBeCloseTo(40, 5);
    expect(qrPlacement(29, 60).size).toBeCloseTo(46, 5);
    const placed = qrPlacement(33, 80);
    expect(placed.y - placed.quiet).toBeGreaterThanOrEqual(80);
  });
});

async function loadedTranslator(language: 'hi') {
  await loadCatalogue(language, 'common');
  return translator(language, 'common');
}
