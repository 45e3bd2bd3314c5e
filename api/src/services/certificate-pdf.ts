// A finisher's certificate (issue 43, decision 070): one A4 landscape page in the participant's
// language with their name in their own script (shaped, services/pdf-writer.ts), the race, the
// event, the net and gun times, the ranks, the organiser's logo and name, and a QR code that
// carries the signed result itself (`{PUBLIC_URL}/verify#{JWS}`), so that anyone can check it
// offline with the platform's public key, or online on the verification page.
import qrcode from 'qrcode-generator';
import { LANGUAGE_LOCALES, type Language, type PublicResult } from '../contract';
import { serverFormats, serverT } from '../i18n/messages';
import { writerFor, INK, MUTED } from './pdf-writer';

export interface CertificateFacts {
  result: Pick<
    PublicResult,
    | 'name'
    | 'race'
    | 'bib'
    | 'category'
    | 'gender'
    | 'netTime'
    | 'gunTime'
    | 'pace'
    | 'rankOverall'
    | 'rankGender'
    | 'rankCategory'
    | 'signedResult'
  >;
  distanceKm: number | null;
  event: { title: string; date: string };
  organiser: { name: string; logo?: { data: Uint8Array; format: 'PNG' | 'JPEG' } };
  /** Where the QR leads: the verification page with the signed result after '#'. */
  verifyUrl: string;
  language: Language;
}

const ACCENT: [number, number, number] = [194, 65, 12];
const PAGE_WIDTH = 297;
const PAGE_HEIGHT = 210;

/** The QR's modules for `value` (byte mode, level L: the signed result is long, the print is large). */
function qrModules(value: string): boolean[][] {
  const qr = qrcode(0, 'L');
  qr.addData(value, 'Byte');
  qr.make();
  const count = qr.getModuleCount();
  return Array.from({ length: count }, (_, row) => Array.from({ length: count }, (_, column) => qr.isDark(row, column)));
}

/** The certificate as a PDF. */
export async function certificatePdf(facts: CertificateFacts): Promise<ArrayBuffer> {
  const t = serverT(facts.language);
  const formats = serverFormats(facts.language);
  const { result } = facts;
  const raceLine = facts.distanceKm ? `${result.race} · ${formats.number(facts.distanceKm)} km` : result.race;
  const words = {
    title: t('certificate.title'),
    certifies: t('certificate.certifies'),
    completed: t('certificate.completed', { race: raceLine }),
    event: t('certificate.event', { event: facts.event.title, date: formats.date(facts.event.date) }),
    netTime: t('certificate.netTime'),
    gunTime: t('certificate.gunTime'),
    overall: t('certificate.overall'),
    gender: t('certificate.gender'),
    category: t('certificate.category', { category: result.category }),
    bib: t('certificate.bib', { bib: result.bib }),
    pace: result.pace ? t('certificate.pace', { pace: result.pace }) : '',
    organiser: t('certificate.organiser'),
    verify: t('certificate.verify'),
  };
  const w = await writerFor([result.name, facts.event.title, facts.organiser.name, ...Object.values(words)], {
    orientation: 'landscape',
  });
  const doc = w.doc;
  // The PDF's properties are Latin-1 only: the name stays on the page.
  doc.setProperties({ title: `Certificate ${result.bib}`, subject: 'Finisher certificate' });
  doc.setLanguage(LANGUAGE_LOCALES[facts.language] as Parameters<typeof doc.setLanguage>[0]);

  // A frame.
  doc.setDrawColor(...ACCENT);
  doc.setLineWidth(1.2);
  doc.rect(10, 10, PAGE_WIDTH - 20, PAGE_HEIGHT - 20);
  doc.setLineWidth(0.3);
  doc.rect(13, 13, PAGE_WIDTH - 26, PAGE_HEIGHT - 26);

  // The organiser: its logo, else its name as a wordmark.
  const centre = PAGE_WIDTH / 2;
  if (facts.organiser.logo) {
    const properties = doc.getImageProperties(facts.organiser.logo.data);
    const height = 18;
    const width = Math.min(70, (properties.width / properties.height) * height);
    doc.addImage(
      facts.organiser.logo.data,
      facts.organiser.logo.format,
      centre - width / 2,
      22,
      width,
      (width / properties.width) * properties.height,
    );
  } else {
    w.text(facts.organiser.name, centre, 34, { size: 16, bold: true, align: 'center', colour: ACCENT });
  }

  w.text(words.title, centre, 54, { size: 30, bold: true, align: 'center' });
  w.text(words.certifies, centre, 66, { size: 13, align: 'center', muted: true });
  // The name, as large as fits the page's width.
  let nameSize = 34;
  while (nameSize > 16 && w.width(result.name, { size: nameSize, bold: true }) > PAGE_WIDTH - 60) nameSize -= 2;
  w.text(result.name, centre, 82, { size: nameSize, bold: true, align: 'center', colour: ACCENT });
  w.text(words.completed, centre, 95, { size: 14, align: 'center' });
  for (const [i, line] of w
    .wrap(words.event, PAGE_WIDTH - 70, { size: 12 })
    .slice(0, 2)
    .entries()) {
    w.text(line, centre, 103 + i * 6, { size: 12, align: 'center', muted: true });
  }

  // The times and ranks, in boxes.
  const boxes: [string, string][] = [
    [words.netTime, result.netTime ?? '—'],
    [words.gunTime, result.gunTime ?? '—'],
    [words.overall, result.rankOverall === null ? '—' : formats.number(result.rankOverall)],
    [words.gender, result.rankGender === null ? '—' : formats.number(result.rankGender)],
    [words.category, result.rankCategory === null ? '—' : formats.number(result.rankCategory)],
  ];
  const boxWidth = 44;
  const gap = 5;
  const left = centre - (boxes.length * boxWidth + (boxes.length - 1) * gap) / 2;
  doc.setDrawColor(203, 213, 225);
  doc.setLineWidth(0.3);
  for (const [i, [label, value]] of boxes.entries()) {
    const x = left + i * (boxWidth + gap);
    doc.roundedRect(x, 116, boxWidth, 22, 2, 2);
    w.text(label, x + boxWidth / 2, 123, { size: 8.5, align: 'center', muted: true });
    w.text(value, x + boxWidth / 2, 133, { size: i < 2 ? 16 : 15, bold: true, align: 'center' });
  }
  w.text([words.bib, words.pace].filter(Boolean).join('   ·   '), centre, 146, { size: 10, align: 'center', muted: true });

  // The organiser's line, bottom left.
  doc.setDrawColor(...INK);
  doc.line(30, 181, 110, 181);
  w.text(facts.organiser.name, 30, 187, { size: 11, bold: true });
  w.text(words.organiser, 30, 192.5, { size: 9, muted: true });

  // The QR with the signed result, bottom right.
  const modules = qrModules(facts.verifyUrl);
  const size = 42;
  const cell = size / modules.length;
  const qrX = PAGE_WIDTH - 30 - size;
  const qrY = PAGE_HEIGHT - 20 - size;
  doc.setFillColor(...INK);
  for (const [row, line] of modules.entries()) {
    for (const [column, dark] of line.entries())
      if (dark) doc.rect(qrX + column * cell, qrY + row * cell, cell + 0.01, cell + 0.01, 'F');
  }
  for (const [i, line] of w.wrap(words.verify, 60, { size: 8 }).slice(0, 3).entries()) {
    w.text(line, qrX - 4, qrY + 30 + i * 4, { size: 8, align: 'right', colour: MUTED });
  }
  return doc.output('arraybuffer');
}
